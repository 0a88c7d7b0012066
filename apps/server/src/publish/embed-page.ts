import { EMBED_FRAME } from '@reelwright/core';
import { escapeHtml } from '../mail/messages';

/** What the embed page shows: the video, or a sentence saying why there is none. */
export type EmbedState =
  | {
      kind: 'video';
      videoUrl: string;
      posterUrl: string | null;
      captionsUrl?: string | null;
      /** False when the captions are burned into the pictures: the track is offered, not shown. */
      captionsShown?: boolean;
    }
  | { kind: 'rendering' }
  | { kind: 'missing' };

const notices: Record<Exclude<EmbedState['kind'], 'video'>, string> = {
  rendering: 'This video is being rendered. Please check back in a few minutes.',
  missing: 'This video is not available.',
};

/**
 * The captions of the narration (D68), on by default: the track is the narration's words, and a
 * viewer with the sound off sees them. A video with burned-in captions offers the track without
 * showing it, so its captions are not shown twice. The cues are in the language of the narration; the
 * project does not record one, so the track says English, the language of the default voices.
 */
const captionsTrack = (url: string | null | undefined, shown = true) =>
  url ? `<track kind="captions" srclang="en" label="English" src="${escapeHtml(url)}"${shown ? ' default' : ''}>` : '';

/**
 * The public embed page (spec 000 §2 `embed.html?hash=`): the MP4 filling a 1024×624 frame and
 * the credit link, nothing else of the member (DESIGN §9). No script: the browser's own player.
 */
export function embedPage(state: EmbedState, credit: { url: string; text: string }): string {
  const body =
    state.kind === 'video'
      ? `<video controls playsinline preload="metadata" src="${escapeHtml(state.videoUrl)}"${
          state.posterUrl ? ` poster="${escapeHtml(state.posterUrl)}"` : ''
        }>${captionsTrack(state.captionsUrl, state.captionsShown)}</video>`
      : `<p class="notice">${escapeHtml(notices[state.kind])}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Video</title>
<style>
  html, body { margin: 0; height: 100%; background: #000; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
  .frame { display: flex; flex-direction: column; width: 100%; height: 100%; max-width: ${EMBED_FRAME.width}px; margin: 0 auto; }
  video { flex: 1; min-height: 0; width: 100%; background: #000; }
  .notice { flex: 1; display: flex; align-items: center; justify-content: center; margin: 0; padding: 24px; color: #dee2e6; font-size: 18px; text-align: center; }
  .credit { flex: none; display: flex; align-items: center; justify-content: flex-end; height: 36px; padding: 0 12px; background: #111; }
  .credit a { color: #adb5bd; font-size: 13px; text-decoration: none; }
  .credit a:hover { color: #fff; text-decoration: underline; }
</style>
</head>
<body>
<div class="frame">
${body}
<div class="credit"><a href="${escapeHtml(credit.url)}" target="_blank" rel="noopener">${escapeHtml(credit.text)}</a></div>
</div>
</body>
</html>
`;
}
