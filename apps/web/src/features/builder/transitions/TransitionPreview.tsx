import { useEffect, useMemo, useRef } from 'react';
import type { TransitionSlot } from '../../../builder/commands/transition-commands';
import classes from '../inspector/animation/AnimationSection.module.css';
import { PREVIEW_CSS } from '../inspector/animation/EffectPreview';
import { drawPreview, type PreviewEntry, playPreview, previewAssets } from '../inspector/animation/preview-loop';
import { PREVIEW_SIZE } from '../inspector/animation/preview-movie';
import { transitionPosterTime, transitionPreviewMovie } from './transition-preview';

/**
 * One transition playing between two slides, drawn by the renderer on a tiny canvas (STYLE
 * principle 3), on the pickers' one animation loop while it is on screen (as `EffectPreview`).
 */
export function TransitionPreview({ slot, name }: { slot: TransitionSlot; name: string | null }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const movie = useMemo(() => transitionPreviewMovie(slot, name), [slot, name]);

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
      drawPreview(entry, transitionPosterTime(slot, name));
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

  return <canvas ref={ref} className={classes.preview} aria-hidden data-testid="transition-preview" />;
}
