import type { Movie } from '@reelwright/core';
import { useEffect, useRef } from 'react';
import classes from './AnimationSection.module.css';
import { drawPreview, type PreviewEntry, playPreview, previewAssets } from './preview-loop';
import { PREVIEW_SIZE } from './preview-movie';

/** A preview's size on screen, px. */
export const PREVIEW_CSS = { width: 96, height: 54 };

/**
 * A short movie drawn by the renderer on a tiny canvas (STYLE principle 3): its picture at
 * `posterTime` as soon as the shared assets are there, then looping on the pickers' one animation
 * loop while it is on screen. The item pickers' and the slide transitions' previews.
 */
export function MoviePreview({ movie, posterTime, testId }: { movie: Movie; posterTime: number; testId: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

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
      drawPreview(entry, posterTime);
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
  }, [movie, posterTime]);

  return <canvas ref={ref} className={classes.preview} aria-hidden data-testid={testId} />;
}
