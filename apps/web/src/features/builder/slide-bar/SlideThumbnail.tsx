import { useDebouncedValue, useInViewport } from '@mantine/hooks';
import type { Frame } from '@reelwright/core';
import { useEffect, useRef, useState } from 'react';
import { cachedSlideThumbnail, slideThumbnail, type ThumbnailSetup } from './render-thumbnail';
import classes from './SlideBar.module.css';

/** How long a slide must stay unchanged before its thumbnail is drawn again (a drag on the stage). */
const REDRAW_DELAY_MS = 300;

type Props = { frame: Frame; setup: ThumbnailSetup };

/**
 * A slide's picture at its poster time, drawn by the one renderer and cached per version of the
 * frame. Drawn once the card has been on screen; while the slide is being edited, the last
 * picture stays until the slide has been still for a moment.
 */
export function SlideThumbnail({ frame, setup }: Props) {
  const { ref, inViewport } = useInViewport<HTMLSpanElement>();
  const seen = useTrueOnce(inViewport);
  const [settled] = useDebouncedValue(frame, REDRAW_DELAY_MS);
  const [bitmap, setBitmap] = useState(() => cachedSlideThumbnail(frame, setup));
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!seen) return;
    let live = true;
    slideThumbnail(settled, setup).then(
      (drawn) => live && setBitmap(drawn),
      // The card keeps its last picture (or the plain backdrop); the next edit tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [settled, setup, seen]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !bitmap) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    ctx.drawImage(bitmap, 0, 0);
  }, [bitmap]);

  return (
    <span ref={ref} className={classes.thumbnail} style={{ width: setup.css.width, height: setup.css.height }}>
      <canvas ref={canvasRef} className={classes.canvas} data-drawn={bitmap ? true : undefined} aria-hidden />
    </span>
  );
}

/** True from the first time `flag` is true. */
function useTrueOnce(flag: boolean): boolean {
  const [once, setOnce] = useState(flag);
  if (flag && !once) setOnce(true);
  return once || flag;
}
