/**
 * A movie as segments for incremental re-rendering (D75): each segment is a slide, or a run of
 * short slides, with its frame range at the output rate and a description of everything that
 * decides its pixels. A segment whose description hashes the same as a stored one is not drawn
 * again (`segment-cache.ts`). Pure: media are named by url here and by their bytes' hashes in
 * `segmentHash`.
 */
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type Frame,
  frameAt,
  type Item,
  type Movie,
  movieDuration,
  showsMovieBackground,
} from '@reelwright/core';
import { captionAt, collectAssets, type FontNeed, utilFor } from '@reelwright/scene';
import { localizeMovie } from './media-resolver';

/**
 * Bump when the same movie would draw other pixels: a change to `packages/scene`'s drawing, the
 * frame loop (`chunk.ts`), the I420 conversion or the cover composition. (The WebAssembly, the
 * canvas addon's version and the encoder settings are part of the hash by themselves.) A stale
 * version would join old segments with new ones, and the MP4 would no longer equal a full render.
 */
export const RENDERER_VERSION = 1;

/**
 * Slides shorter than this are joined with the next into one segment: each segment costs an
 * encoder start (about 0.1 s of CPU), an IDR frame (several times a P frame's bytes), a stored
 * object and a row, and a run of 2 s is still small against a typical 5 s slide — editing one
 * short slide redraws at most about two seconds more than it needs.
 */
export const MIN_SEGMENT_SECONDS = 2;

/** Frames [first, end) of the movie's numbering at the output rate. */
export type FrameRange = { first: number; end: number };

/** A planned segment: its frames, its slides and what its pixels depend on, media still by url. */
export type PlannedSegment = FrameRange & {
  /** Indexes of the movie's slides it shows, in order. */
  slides: number[];
  /** The movie reduced to what the segment draws (its slides, the movie's background, watermark, captions off). */
  movie: Movie;
  /** For each frame: the slide's position in `slides` and the slide's local time, exactly as drawn. */
  times: [number, number][];
  /** Burned-in captions drawn, as runs: [frames, style lines and spoken word] ('' for none). */
  captions: [number, string][];
  /** The image and clip urls it draws, and its font faces. */
  media: string[];
  fonts: FontNeed[];
};

/** What is drawn to pixels only: a slide without narration settings, music muting, origin and sounds. */
function visualSlide(frame: Frame): Frame {
  const { settings: _settings, musicMuted: _muted, origin: _origin, ...drawn } = frame;
  const items = frame.items
    .filter((item) => utilFor(item).visual)
    .map((item) => {
      const { audio: _audio, ...rest } = item as Item & { audio?: unknown };
      return rest as Item;
    });
  return { ...drawn, items } as Frame;
}

/** The captions drawn at t, as a string that names every pixel of them. */
function captionKey(movie: Movie, t: number): string {
  const style = movie.captions?.style ?? 'off';
  const at = captionAt(movie, t);
  if (style === 'off' || !at) return '';
  return canonicalJson([style, at.cue.lines, style === 'highlight' ? at.word : 0]);
}

/** A slide's frames. */
type SlideRange = FrameRange & { slide: number };

/** Frame ranges of each slide, at `fps` (frame i shows `frameAt(i / fps)`; a slide may get none). */
function slideRanges(movie: Movie, frames: number, fps: number): SlideRange[] {
  const ranges: SlideRange[] = [];
  for (let i = 0; i < frames; i++) {
    const slide = frameAt(movie, i / fps)?.index ?? 0;
    const last = ranges.at(-1);
    if (last && last.slide === slide) last.end = i + 1;
    else ranges.push({ slide, first: i, end: i + 1 });
  }
  return ranges;
}

/**
 * The movie's segments at `fps`: slides in order, a slide shorter than MIN_SEGMENT_SECONDS joined
 * with those after it until the run is long enough (a short run at the end joins the one before).
 * Nothing the renderer draws crosses a slide's edge — a frame's transitions play inside its own
 * duration over the clear colour, items and clips are clipped to their frame — except the burned-in
 * captions, which follow the video's clock: they are part of each frame's description instead.
 */
export function planSegments(movie: Movie, fps: number): PlannedSegment[] {
  const frames = Math.round(movieDuration(movie) * fps);
  const minFrames = Math.max(1, Math.round(MIN_SEGMENT_SECONDS * fps));
  const groups: SlideRange[][] = [];
  let open: SlideRange[] = [];
  for (const range of slideRanges(movie, frames, fps)) {
    open.push(range);
    if (range.end - open[0]!.first >= minFrames) {
      groups.push(open);
      open = [];
    }
  }
  if (open.length > 0) {
    const last = groups.at(-1);
    if (last) last.push(...open);
    else groups.push(open);
  }
  return groups.map((group) => describeSegment(movie, fps, group));
}

/** A segment of consecutive slides: its frames' local times and captions, and the movie reduced to what it draws. */
function describeSegment(movie: Movie, fps: number, group: SlideRange[]): PlannedSegment {
  const first = group[0]!.first;
  const end = group.at(-1)!.end;
  const slides = group.map((g) => g.slide);
  const times: [number, number][] = [];
  const captions: [number, string][] = [];
  for (let i = first; i < end; i++) {
    const at = frameAt(movie, i / fps)!;
    times.push([slides.indexOf(at.index), at.local]);
    const key = captionKey(movie, i / fps);
    const run = captions.at(-1);
    if (run && run[1] === key) run[0]++;
    else captions.push([1, key]);
  }
  const shown = slides.map((i) => movie.frames[i]!);
  const backdrop = shown.some((frame) => showsMovieBackground(frame.background)) ? movie.background : undefined;
  const reduced: Movie = {
    ...movie,
    frames: shown.map(visualSlide),
    background: backdrop,
    audio: { musicVolume: 0, voiceVolume: 0 },
    captions: undefined,
  };
  // The caption font is drawn when captions show in this segment: collected from the real movie's style.
  const needs = collectAssets(
    captions.some(([, key]) => key !== '') ? { ...reduced, captions: movie.captions } : reduced,
  );
  return {
    first,
    end,
    slides,
    movie: reduced,
    times,
    captions,
    media: [...needs.images, ...needs.videos],
    fonts: needs.fonts,
  };
}

/** What a segment's hash names besides its own content: the output and the encoder. */
export type SegmentOutput = {
  width: number;
  height: number;
  fps: number;
  /** The encoder's settings and version, and anything else of the renderer that is not in RENDERER_VERSION. */
  renderer: string;
};

/**
 * The segment's hash (hex SHA-256 of canonical JSON): its description with every media url
 * replaced by the hash of its bytes (`contentOf`, which must know every url in `media`), the
 * font faces with their files' hashes (`fontFiles`), the output and the renderer. Sound is not
 * in it: it is mixed for the whole video. Nor is where the segment sits in the video: a slide
 * moved elsewhere is reused when its frames fall on the very same local times (floating-point
 * equal: after a move `frameAt`'s subtraction often differs in the last bit, and the slide is
 * drawn again, which is always correct).
 */
export function segmentHash(
  segment: PlannedSegment,
  output: SegmentOutput,
  contentOf: ReadonlyMap<string, string>,
  fontFiles: (font: FontNeed) => string[],
): string {
  for (const url of segment.media) {
    if (!contentOf.has(url)) throw new Error(`No content hash for ${url}`);
  }
  const described = localizeMovie(segment.movie, contentOf);
  const document = {
    version: RENDERER_VERSION,
    output,
    size: described.size,
    background: described.background ?? null,
    watermark: described.watermark,
    slides: described.frames,
    times: segment.times,
    captions: segment.captions,
    fonts: segment.fonts.map((font) => [font.family, font.weight, font.style, fontFiles(font)]),
  };
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}
