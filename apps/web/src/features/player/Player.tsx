import { Alert, Loader, Text, ThemeIcon } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type Movie, movieDuration } from '@reelwright/core';
import { drawFrame } from '@reelwright/scene';
import { IconAlertTriangle, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { createBrowserHost } from './browser-host';
import { ControlBar } from './ControlBar';
import { canvasPixelSize } from './canvas-size';
import { describeMissing } from './missing-assets';
import classes from './Player.module.css';
import { useAudioClock } from './use-audio-clock';
import { useMovieAssets } from './use-movie-assets';
import { usePlayback } from './use-playback';

export type PlayerProps = {
  movie: Movie;
  /** Only a play/pause button over the picture (spec 002 §2 players' compact mode). */
  compact?: boolean;
  /** Starts playing as soon as everything is loaded (and whenever it turns on). */
  autoPlay?: boolean;
  /** Starts over at the end instead of stopping. */
  loop?: boolean;
  /** The accessible name of the player. */
  label?: string;
  /** The time shown before playing, instead of the first frame. */
  posterTime?: number;
};

/**
 * Plays a movie (DESIGN §6): loads its assets and sounds, then draws `drawFrame` on a canvas each
 * animation frame while the audio clock runs, and once on pause or seek. The canvas keeps the
 * movie's aspect, fills its container's width and draws at device resolution, capped at the
 * movie size. Space toggles play while the player has focus.
 */
export function Player({
  movie,
  compact = false,
  autoPlay = false,
  loop = false,
  label = 'Video player',
  posterTime,
}: PlayerProps) {
  const host = useMemo(() => createBrowserHost(), []);
  useEffect(() => () => host.dispose(), [host]);
  const { assets, missing } = useMovieAssets(movie, host);
  const { clock, missing: silent } = useAudioClock(movie);
  const duration = movieDuration(movie);

  const { ref: stageRef, width: cssWidth } = useElementSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pixels = canvasPixelSize(cssWidth, window.devicePixelRatio, movie.size);

  const draw = useMemo(() => {
    if (!assets || cssWidth <= 0) return null;
    // A new size clears the canvas: a new draw function makes a paused player draw again.
    const scale = pixels.width / movie.size.width;
    return (time: number) => {
      const ctx = canvasRef.current?.getContext('2d');
      if (ctx) drawFrame(ctx, movie, time, assets, { scale });
    };
  }, [assets, movie, cssWidth, pixels.width]);

  const playback = usePlayback({ clock, host, draw, duration, loop, trackTime: !compact, posterTime });
  const { ready, playing, play, toggle } = playback;

  useEffect(() => {
    if (autoPlay && ready) play();
  }, [autoPlay, ready, play]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // A focused button handles Space itself (as a click).
      if (event.key !== ' ' || (event.target as HTMLElement).closest('button')) return;
      event.preventDefault();
      toggle();
    },
    [toggle],
  );

  const problem = ready ? describeMissing(missing, silent) : null;

  return (
    <div>
      <section
        className={classes.root}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes focus so Space toggles play.
        tabIndex={0}
        aria-label={label}
        onKeyDown={onKeyDown}
        data-testid="player"
        data-compact={compact || undefined}
        data-state={ready ? (playing ? 'playing' : 'paused') : 'loading'}
      >
        <div
          ref={stageRef}
          className={classes.stage}
          style={{ aspectRatio: `${movie.size.width} / ${movie.size.height}` }}
        >
          <canvas
            ref={canvasRef}
            className={classes.canvas}
            width={pixels.width}
            height={pixels.height}
            data-testid="player-canvas"
          />
          {!ready && (
            <div className={classes.centre}>
              <Loader color="gray.3" size={compact ? 'sm' : 'md'} aria-label="Loading the video" />
            </div>
          )}
          {compact && ready && (
            <button
              type="button"
              className={classes.overlay}
              data-playing={playing || undefined}
              onClick={toggle}
              aria-label={playing ? 'Pause' : 'Play'}
            >
              <ThemeIcon size={44} radius="xl" color="dark" variant="filled" opacity={0.75}>
                {playing ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
              </ThemeIcon>
            </button>
          )}
        </div>
        {!compact && (
          <div className={classes.bar}>
            <ControlBar playback={playback} duration={duration} />
          </div>
        )}
      </section>
      {problem &&
        (compact ? (
          <Text size="xs" c="orange.8" mt={4} lineClamp={2} title={problem}>
            {problem}
          </Text>
        ) : (
          <Alert
            mt="sm"
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Some parts are missing"
          >
            {problem} They are left out of the picture or the sound.
          </Alert>
        ))}
    </div>
  );
}
