import { useDebouncedCallback } from '@mantine/hooks';
import type { Frame, Movie } from '@reelwright/core';
import { drawFrame } from '@reelwright/scene';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createBrowserHost } from '../../player/browser-host';
import { canvasPixelSize } from '../../player/canvas-size';
import { useAudioClock } from '../../player/use-audio-clock';
import { useMovieAssets } from '../../player/use-movie-assets';
import { type Playback, SLIDER_COMMIT_DELAY, usePlayback } from '../../player/use-playback';
import { builderEditor, useLiveEditor } from '../editor-store';
import { assetKey, slideMovie, soundKey } from './slide-movie';

/** The stage's picture and its playback, shared by the stage and the control bar. */
export type StageView = {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  frame: Frame | null;
  movie: Movie | null;
  size: { width: number; height: number };
  /** Screen px per stage px. */
  scale: number;
  pixels: { width: number; height: number };
  playback: Playback;
  duration: number;
};

/**
 * Draws the open slide at the editor's playhead with the one renderer (DESIGN §6), at `scale`
 * (the stage fitted to its area), and plays it with the player's clock: the control bar's play
 * and slider drive it, and the playhead stays where playback stopped. Assets and sounds load
 * again only when what they need changes, so a drag redraws without reloading anything.
 */
export function useStageView(scale: number): StageView {
  const video = useLiveEditor((s) => s.data.video);
  const frameId = useLiveEditor((s) => s.session.frameId);
  const editingId = useLiveEditor((s) => s.session.editingTextId);
  const playhead = useLiveEditor((s) => s.session.playhead);
  const frame = video.frames.find((candidate) => candidate.id === frameId) ?? null;
  const size = video.size;

  const movie = useMemo(() => (frame ? slideMovie(video, frame, editingId) : null), [video, frame, editingId]);
  const host = useMemo(() => createBrowserHost(), []);
  useEffect(() => () => host.dispose(), [host]);
  const emptyMovie = useMemo(() => ({ ...video, frames: [] }), [video]);
  const { assets } = useMovieAssets(useStableBy(movie ?? emptyMovie, assetKey), host);
  const { clock } = useAudioClock(useStableBy(movie ?? emptyMovie, soundKey));

  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const pixels = canvasPixelSize(size.width * scale, window.devicePixelRatio, size);

  const drawNow = useRef<(time: number) => void>(() => {});
  drawNow.current = (time: number) => {
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx && movie && assets) drawFrame(ctx, movie, time, assets, { scale: pixels.width / size.width });
  };
  // A stable draw: playback redraws on its own clock, the stage on each change below.
  const draw = useCallback((time: number) => drawNow.current(time), []);
  const duration = frame?.duration ?? 0;
  const base = usePlayback({ clock, host, draw, duration, loop: false, trackTime: true });

  // Paused: the picture follows every edit and every move of the playhead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawNow reads these; each change must redraw.
  useLayoutEffect(() => {
    if (!base.playing) drawNow.current(playhead);
  }, [movie, assets, playhead, pixels.width, base.playing]);

  // The clock stands at the editor's playhead while paused; playback that stops leaves it there.
  const wasPlaying = useRef(false);
  useEffect(() => {
    if (!clock) return;
    if (wasPlaying.current && !base.playing) builderEditor.setPlayhead(clock.time());
    else if (!base.playing && Math.abs(clock.time() - playhead) > 1e-3) clock.seek(playhead);
    wasPlaying.current = base.playing;
  }, [clock, base.playing, playhead]);

  // The slider shows its position at once and moves the playhead 500 ms after the last move (spec 002 §2).
  const scrubbing = useRef(false);
  const commitPlayhead = useDebouncedCallback((time: number) => {
    scrubbing.current = false;
    builderEditor.setPlayhead(time);
  }, SLIDER_COMMIT_DELAY);
  const playback: Playback = {
    ...base,
    time: base.playing || scrubbing.current ? base.time : playhead,
    scrub(time) {
      scrubbing.current = true;
      base.scrub(time);
      commitPlayhead(time);
    },
    endScrub() {
      base.endScrub();
      commitPlayhead.flush();
    },
  };

  return { canvasRef, frame, movie, size, scale, pixels, playback, duration };
}

/** The first value seen with the current key: a new value with the same key changes nothing. */
function useStableBy<T>(value: T, keyOf: (value: T) => string): T {
  const kept = useRef<{ key: string; value: T } | null>(null);
  const key = keyOf(value);
  if (kept.current?.key !== key) kept.current = { key, value };
  return kept.current.value;
}
