import type { Frame } from '@reelwright/core';

/**
 * Where the playhead stands when the builder first shows a slide it opened by itself (on load,
 * or when the open slide went away): the first moment the slide has fully appeared. At 0 a
 * wizard slide is still black (its fade-in, and its items' show effects), which looked like an
 * empty stage to a newcomer (issue 32). Clicking a slide in the slide bar still goes to 0 (spec
 * 002 §2). Items that enter later are not waited for; a slide that never settles gives its end.
 */
export function openingPlayhead(frame: Frame): number {
  const entered = frame.items.filter((item) => item.timing.start === 0).map((item) => item.fx.show?.duration ?? 0);
  const settled = Math.max(frame.transition.show?.duration ?? 0, ...entered);
  return Math.min(settled, frame.duration);
}
