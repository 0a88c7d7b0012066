import { type Slide, SlideSchema, type SlideText, SlideTextSchema, slideFrameKey } from '@reelwright/core';

export type InsertKind = 'blank' | 'image' | 'video';

/**
 * A slide to insert after another (spec 001 §2 insert menu): a blank slide with one empty line,
 * a static image slide (no text shown) or a video clip slide. It takes the design of the slide it
 * follows, so the video keeps one look.
 */
export function newSlide(kind: InsertKind, designFrom: Slide | undefined): Slide {
  const id = `slide-${crypto.randomUUID()}`;
  const textId = `text-${crypto.randomUUID()}`;
  const slide = SlideSchema.parse({
    id,
    texts: [{ id: textId, text: '' }],
    activeTextId: textId,
    style: designFrom?.style,
    settings: {
      ...designFrom?.settings,
      ...(kind === 'blank' ? {} : { layout: 'text_hidden', audioSource: 'none' }),
    },
    // The clip's own sound plays on a video clip slide.
    unmute: kind === 'video',
    ...(kind === 'blank' ? {} : { unique: true }),
  });
  return { ...slide, frameKey: slideFrameKey(slide) };
}

/** A new empty line for a slide. */
export const newTextLine = (): SlideText => SlideTextSchema.parse({ id: `text-${crypto.randomUUID()}`, text: '' });

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}
