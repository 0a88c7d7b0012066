import { type DragEvent, useEffect, useMemo, useRef } from 'react';
import type { NewItemSource } from '../../../builder/new-items';
import { drawPreview, type PreviewEntry, playPreview, previewAssets } from '../inspector/animation/preview-loop';
import { PREVIEW_SIZE } from '../inspector/animation/preview-movie';
import { ITEM_DRAG_TYPE } from '../stage/drop-data';
import classes from './AddPanel.module.css';
import { EFFECT_LOOP_SECONDS, effectPosterTime, textEffectMovie } from './text-effect-preview';
import type { TextEffect } from './text-effects';

/** A thumbnail's width on screen, px (two a row in the drawer). */
const THUMB_WIDTH = 124;

/**
 * One designed text effect (spec 002 §2: "looping video thumbnails"): the renderer draws the very
 * item it adds, still until hovered, then looping from the start while the pointer stays. Click
 * adds it at the playhead; drag drops it on the stage.
 */
export function TextEffectThumb({ effect, onAdd }: { effect: TextEffect; onAdd(source: NewItemSource): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const entry = useRef<PreviewEntry | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const movie = useMemo(() => textEffectMovie(effect), [effect]);
  const source: NewItemSource = { type: 'text', text: effect.text, look: effect.look };

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    element.width = Math.round(THUMB_WIDTH * ratio);
    element.height = Math.round((THUMB_WIDTH * ratio * PREVIEW_SIZE.height) / PREVIEW_SIZE.width);
    let cancelled = false;
    void previewAssets(movie).then((assets) => {
      if (cancelled) return;
      entry.current = { canvas: element, movie, assets, visible: true, loopSeconds: EFFECT_LOOP_SECONDS };
      drawPreview(entry.current, effectPosterTime(effect));
    });
    return () => {
      cancelled = true;
      stop.current?.();
      stop.current = null;
      entry.current = null;
    };
  }, [movie, effect]);

  const play = () => {
    if (!entry.current || stop.current) return;
    entry.current.origin = performance.now();
    stop.current = playPreview(entry.current);
  };
  const rest = () => {
    stop.current?.();
    stop.current = null;
    if (entry.current) drawPreview(entry.current, effectPosterTime(effect));
  };
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(ITEM_DRAG_TYPE, JSON.stringify(source));
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <button
      type="button"
      className={classes.effect}
      draggable
      onDragStart={onDragStart}
      onClick={() => onAdd(source)}
      onPointerEnter={play}
      onPointerLeave={rest}
      onFocus={play}
      onBlur={rest}
      aria-label={`Add text: ${effect.name}`}
      title={effect.name}
      data-testid="text-effect"
    >
      <canvas ref={canvas} className={classes.effectCanvas} aria-hidden />
      <span className={classes.effectName}>{effect.name}</span>
    </button>
  );
}
