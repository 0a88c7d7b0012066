/**
 * Goes to an app address with a full page load, as editor pages are reached (spec 000 §2): a
 * new video starts from a fresh app. When only the hash differs, the browser would not reload by
 * itself, so it is asked to.
 */
export function navigateFullPage(url: string): void {
  const target = new URL(url, window.location.href);
  const here = new URL(window.location.href);
  const sameDocument = target.pathname === here.pathname && target.search === here.search;
  window.location.assign(target.href);
  if (sameDocument) window.location.reload();
}

/** The address that starts a new video on an editor route. */
export const newVideoUrl = (route: 'wizard' | 'builder' | 'optimizer') => `/app.html#/${route}`;
