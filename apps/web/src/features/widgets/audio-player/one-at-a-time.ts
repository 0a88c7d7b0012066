/** The element that last started playing, if any. */
let current: Pick<HTMLMediaElement, 'pause'> | null = null;

/**
 * Only one sound plays at a time in the page: call this as `element` starts playing, and
 * whichever element played before is paused (spec 002: a voice demo and a player never overlap).
 */
export function claimPlayback(element: Pick<HTMLMediaElement, 'pause'>): void {
  if (current && current !== element) current.pause();
  current = element;
}
