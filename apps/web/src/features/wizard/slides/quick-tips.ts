/** Quick tips (spec 001 §2, §9): five tips, shown after 10 s unless the cookie says not to. */
export const QUICK_TIPS = [
  {
    title: 'Edit any line',
    text: 'Click a line to change its words. Its narration is made again when you press Next.',
  },
  {
    title: 'Change the look',
    text: 'Use the arrows of the preset picker to try another style; every slide not marked unique follows.',
  },
  {
    title: 'Pick better pictures',
    text: 'Search images or videos for the active line, or upload your own. Drag thumbnails to reorder them.',
  },
  { title: 'Choose a voice', text: 'Pick a narrator and play the demo. Free voices work on every plan.' },
  {
    title: 'Reorder slides',
    text: 'Drag a slide by its handle to move it; use the menu under a slide to insert another.',
  },
] as const;

export const QUICK_TIP_COOKIE = 'no_quick_tip_popup';
export const QUICK_TIP_DELAY_MS = 10_000;

/** Whether the cookie string holds the 'do not show' cookie. */
export const quickTipsBlocked = (cookie: string) =>
  cookie.split(';').some((part) => part.trim().startsWith(`${QUICK_TIP_COOKIE}=`));

/** The cookie written on closing: one day, or a year with 'Never show this popup again'. */
export function quickTipCookie(neverAgain: boolean, now = new Date()): string {
  const days = neverAgain ? 365 : 1;
  const expires = new Date(now.getTime() + days * 86_400_000).toUTCString();
  return `${QUICK_TIP_COOKIE}=1; expires=${expires}; path=/; SameSite=Lax`;
}
