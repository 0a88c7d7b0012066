import { useDebouncedCallback } from '@mantine/hooks';
import type { Frame, Movie } from '@reelwright/core';
import { createLayeredDrawing, prepareAssets } from '@reelwright/scene';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { scopeTime } from '../../../builder/playback';
import { createBrowserHost } from '../../player/browser-host';
import { canvasPixelSize } from '../../player/canvas-size';
import { useAudioClock } from '../../player/use-audio-clock';
import { useMovieAssets } from '../../player/use-movie-assets';
import { SLIDER_COMMIT_DELAY } from '../../player/use-playback';
import { builderEditor, useLiveEditor } from '../editor-store';
import { assetKey, slideMovie, soundKey } from './slide-movie';

/** The control bar's hold on the picture: the slider shows its position at once, commits later. */
export type StageScrub = {
  /** Whether the picture and sound are ready to play. */
  ready: boolean;
  /** A slider move: the picture follows at once, the playhead 500 ms after the last move. */
  scrub(time: number): void;
  /** The end of a drag: commit it now. */
  endScrub(): void;
};

/** The stage's picture and its playback, shared by the stage and the control bar. */
export type StageView = {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  frame: Frame | null;
  movie: Movie | null;
  size: { width: number; height: number };
  /** Screen px per stage px. */
  scale: number;
  pixels: { width: number; height: number };
  playback: StageScrub;
  duration: number;
};

/**
 * Draws the open slide at the editor's playhead with the one renderer (DESIGN §6), at `scale`
 * (the stage fitted to its area). Playback is the editor's (D90): while it plays, every animation
 * frame moves it on and draws, without rendering the page again; the sound follows it, over the
 * whole video's audio when the whole video plays (music runs on across slides). Assets and sounds
 * load again only when what they need changes, so a drag redraws without reloading anything.
 */
export function useStageView(scale: number): StageView {
  const video = useLiveEditor((s) => s.data.video);
  const frameId = useLiveEditor((s) => s.session.frameId);
  const editingId = useLiveEditor((s) => s.session.editingTextId);
  const run = useLiveEditor((s) => s.session.playback);
  const playScope = useLiveEditor((s) => s.session.playScope);
  // While playing, the animation frames draw: the page does not render again for each.
  const stillPlayhead = useLiveEditor((s) => (s.session.playback ? null : s.session.playhead));
  const frame = video.frames.find((candidate) => candidate.id === frameId) ?? null;
  const size = video.size;

  const movie = useMemo(() => (frame ? slideMovie(video, frame, editingId) : null), [video, frame, editingId]);
  const host = useMemo(() => createBrowserHost(), []);
  useEffect(() => () => host.dispose(), [host]);
  const emptyMovie = useMemo(() => ({ ...video, frames: [] }), [video]);
  const { assets } = useMovieAssets(useStableBy(movie ?? emptyMovie, assetKey), host);
  // The whole video's sound while the whole video is chosen: ready before Play is pressed.
  const soundMovie = playScope === 'video' ? video : (movie ?? emptyMovie);
  const { clock } = useAudioClock(useStableBy(soundMovie, soundKey));

  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const pixels = canvasPixelSize(size.width * scale, window.devicePixelRatio, size);

  // The one renderer, keeping what lies under an item that changes draw after draw (a drag): D98.
  const layered = useMemo(() => createLayeredDrawing(), []);
  const drawNow = useRef<(time: number) => void>(() => {});
  drawNow.current = (time: number) => {
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx && movie && assets) layered.draw(ctx, movie, time, assets, { scale: pixels.width / size.width });
  };
  const duration = frame?.duration ?? 0;
  const scrubbing = useRef(false);

  // The picture follows every edit and every move of the playhead, and each slide playback opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawNow reads these; each change must redraw.
  useLayoutEffect(() => {
    if (!scrubbing.current) drawNow.current(builderEditor.playhead);
  }, [movie, assets, stillPlayhead, pixels.width, run]);

  // Playing: each animation frame moves the editor's playback on and draws the open slide there.
  // A frame that opened another slide is drawn by the render that follows (its movie is new).
  useEffect(() => {
    if (!run) return;
    let request = 0;
    const shown = frameId;
    const tick = () => {
      builderEditor.tick();
      if (builderEditor.snapshot.session.frameId === shown) drawNow.current(builderEditor.playhead);
      if (builderEditor.isPlaying) request = requestAnimationFrame(tick);
    };
    request = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(request);
  }, [run, frameId]);

  // The clips play along, and the sound starts where playback does (in real time only: the shuttle
  // at other speeds and backwards is silent).
  useEffect(() => {
    host.setPlaying(run?.rate === 1);
    if (!clock) return;
    const { frameId: open, playhead } = builderEditor.snapshot.session;
    if (run?.rate === 1 && open) {
      clock.seek(scopeTime(builderEditor.data, playScope, { frameId: open, playhead }));
      clock.play();
    } else clock.pause();
  }, [clock, host, run, playScope]);
  useEffect(() => () => host.setPlaying(false), [host]);

  // The whole video about to play: every slide's pictures and fonts load now, so the slides that
  // playback opens show at once.
  const wholeRun = run?.scope === 'video';
  useEffect(() => {
    if (wholeRun) void prepareAssets(builderEditor.data.video, host);
  }, [wholeRun, host]);

  // The slider shows its position at once and moves the playhead 500 ms after the last move (spec 002 §2).
  const commitPlayhead = useDebouncedCallback((time: number) => {
    scrubbing.current = false;
    builderEditor.setPlayhead(time);
  }, SLIDER_COMMIT_DELAY);
  const playback: StageScrub = {
    ready: frame !== null,
    scrub(time) {
      builderEditor.pause();
      scrubbing.current = true;
      drawNow.current(time);
      commitPlayhead(time);
    },
    endScrub() {
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
