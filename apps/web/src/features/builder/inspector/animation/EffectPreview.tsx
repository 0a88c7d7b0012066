import type { Item } from '@reelwright/core';
import { useEffect, useMemo, useRef } from 'react';
import classes from './AnimationSection.module.css';
import type { FxSlot } from './fx-rules';
import { drawPreview, type PreviewEntry, playPreview, previewAssets } from './preview-loop';
import { PREVIEW_SIZE, posterTime, previewMovie } from './preview-movie';

/** A preview's size on screen, px. */
export const PREVIEW_CSS = { width: 96, height: 54 };

/**
 * One choice of a picker playing on the item's kind, drawn by the renderer on a tiny canvas
 * (STYLE principle 3): the first picture is drawn as soon as the shared assets are there, then it
 * loops on the pickers' one animation loop while it is on screen.
 */
export function EffectPreview({ item, slot, name }: { item: Item; slot: FxSlot; name: string | null }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const movie = useMemo(() => previewMovie(item, slot, name), [item, slot, name]);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = Math.round(PREVIEW_CSS.width * ratio);
    canvas.height = Math.round((PREVIEW_CSS.width * ratio * PREVIEW_SIZE.height) / PREVIEW_SIZE.width);
    let stop: (() => void) | null = null;
    let observer: IntersectionObserver | null = null;
    let cancelled = false;
    void previewAssets(movie).then((assets) => {
      if (cancelled) return;
      const entry: PreviewEntry = { canvas, movie, assets, visible: true };
      drawPreview(entry, posterTime(slot, name));
      stop = playPreview(entry);
      observer = new IntersectionObserver(([seen]) => {
        entry.visible = seen?.isIntersecting ?? true;
      });
      observer.observe(canvas);
    });
    return () => {
      cancelled = true;
      stop?.();
      observer?.disconnect();
    };
  }, [movie, slot, name]);

  return <canvas ref={ref} className={classes.preview} aria-hidden data-testid="effect-preview" />;
}
