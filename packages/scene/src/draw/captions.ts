/**
 * Burned-in captions (D68): the cue of the movie's narration being heard at t, drawn over the
 * picture near the bottom of the stage in one of the movie's caption styles — `plain` (white,
 * dark outline), `boxed` (white on a dark band per line) or `highlight` (boxed, the word being
 * spoken in the accent colour). Sizes are px of a 576-high stage, so every size draws alike.
 */
import { type CaptionStyle, type Cue, type Movie, movieCues } from '@reelwright/core';
import type { DrawContext } from './context';
import { watermarkPlacement } from './watermark';

/** Text size, line height and distance of the last line's box from the bottom, px of a 576-high stage. */
const FONT_SIZE = 28;
const LINE_HEIGHT = 1.35;
const BOTTOM_MARGIN = 30;
/** Padding of a line's band, as a share of the text size. */
const BAND_PAD_X = 0.4;
const BAND_PAD_Y = 0.12;
/** Captions take at most this share of the stage's width; longer lines are drawn smaller. */
const MAX_WIDTH_SHARE = 0.92;
export const CAPTION_COLORS = {
  text: '#ffffff',
  outline: 'rgba(0, 0, 0, 0.85)',
  band: 'rgba(0, 0, 0, 0.72)',
  /** The word being spoken in the highlight style. */
  spoken: '#ffd43b',
} as const;
export const CAPTION_FONT_FAMILY = 'Inter';

/** Cues by movie: grouping is pure, so a movie object's cues are worked out once. */
const cuesByMovie = new WeakMap<Movie, Cue[]>();

function cuesOf(movie: Movie): Cue[] {
  let cues = cuesByMovie.get(movie);
  if (!cues) {
    cues = movieCues(movie);
    cuesByMovie.set(movie, cues);
  }
  return cues;
}

/** The style to draw, or null when the movie has captions off. */
export function captionStyleOf(movie: Movie): CaptionStyle | null {
  const style = movie.captions?.style ?? 'off';
  return style === 'off' ? null : style;
}

/** The cue shown at t and, within it, the index of the word being spoken (the last begun). */
export function captionAt(movie: Movie, t: number): { index: number; cue: Cue; word: number } | null {
  if (!captionStyleOf(movie)) return null;
  const cues = cuesOf(movie);
  const index = cues.findIndex((cue) => cue.start <= t && t < cue.end);
  const cue = cues[index];
  if (!cue) return null;
  return {
    index,
    cue,
    word: Math.max(
      0,
      cue.words.findLastIndex((w) => w.start <= t),
    ),
  };
}

/**
 * What `drawCaptions` draws at t, for `frameSignature`: '' with none shown, else the cue and (in
 * the highlight style) the word.
 */
export function captionSignature(movie: Movie, t: number): string {
  const at = captionAt(movie, t);
  if (!at) return '';
  return captionStyleOf(movie) === 'highlight' ? `c${at.index}.${at.word}` : `c${at.index}`;
}

const fontOf = (size: number) => `700 ${Math.round(size * 100) / 100}px "${CAPTION_FONT_FAMILY}", sans-serif`;

/** Draws the caption heard at t, if any, over everything drawn before. */
/** Space kept between the captions and a watermark under them, px of a 576-high stage. */
const WATERMARK_GAP = 8;

/**
 * The bottom of the captions' lines: `bottom`, or above the watermark when the captions' band
 * (`band`, centred, its last line's box at `bottom`) would cover it there (D92).
 */
export function clearOfWatermark(
  dc: DrawContext,
  movie: Movie,
  band: { width: number; height: number },
  bottom: number,
) {
  dc.ctx.save(); // measuring the mark sets the font
  const mark = watermarkPlacement(dc, movie.watermark)?.rect;
  dc.ctx.restore();
  if (!mark) return bottom;
  const left = dc.stage.x + (dc.stage.width - band.width) / 2;
  const across = mark.x < left + band.width && mark.x + mark.width > left;
  const down = mark.y < bottom && mark.y + mark.height > bottom - band.height;
  // A mark too high to go under (the middle of the stage, or the top) is left alone.
  if (!across || !down || mark.y < dc.stage.y + dc.stage.height / 2) return bottom;
  return mark.y - WATERMARK_GAP * dc.unit;
}

export function drawCaptions(dc: DrawContext, movie: Movie, t: number): void {
  const style = captionStyleOf(movie);
  const at = style && captionAt(movie, t);
  if (!style || !at) return;
  const { ctx, unit, stage } = dc;
  const lines = at.cue.lines;
  ctx.save();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.direction = 'ltr';
  let size = FONT_SIZE * unit;
  ctx.font = fontOf(size);
  const widest = Math.max(...lines.map((line) => ctx.measureText(line).width));
  const room = stage.width * MAX_WIDTH_SHARE - 2 * BAND_PAD_X * size;
  if (widest > room) {
    size *= room / widest;
    ctx.font = fontOf(size);
  }
  const lineHeight = size * LINE_HEIGHT;
  const band = { width: Math.min(widest, room) + 2 * BAND_PAD_X * size, height: lines.length * lineHeight };
  const bottom = clearOfWatermark(dc, movie, band, stage.y + stage.height - BOTTOM_MARGIN * unit - BAND_PAD_Y * size);
  const centreX = stage.x + stage.width / 2;
  let wordIndex = 0;
  lines.forEach((line, i) => {
    const middle = bottom - (lines.length - 1 - i) * lineHeight - lineHeight / 2;
    const width = ctx.measureText(line).width;
    const left = centreX - width / 2;
    const words = line.split(' ');
    if (style !== 'plain') {
      ctx.fillStyle = CAPTION_COLORS.band;
      const padX = BAND_PAD_X * size;
      ctx.fillRect(left - padX, middle - lineHeight / 2, width + 2 * padX, lineHeight);
    }
    if (style === 'plain') {
      ctx.lineJoin = 'round';
      ctx.lineWidth = size * 0.2;
      ctx.strokeStyle = CAPTION_COLORS.outline;
      ctx.strokeText(line, left, middle);
    }
    const spoken = style === 'highlight' ? at.word - wordIndex : -1;
    if (spoken < 0 || spoken >= words.length) {
      ctx.fillStyle = CAPTION_COLORS.text;
      ctx.fillText(line, left, middle);
    } else {
      // The line in three runs, each placed where the text before it ends in the whole line.
      const runs = [
        { text: words.slice(0, spoken).join(' '), color: CAPTION_COLORS.text },
        { text: words[spoken] as string, color: CAPTION_COLORS.spoken },
        { text: words.slice(spoken + 1).join(' '), color: CAPTION_COLORS.text },
      ];
      let shown = '';
      for (const run of runs) {
        if (run.text) {
          const x = left + (shown ? ctx.measureText(`${shown} `).width : 0);
          ctx.fillStyle = run.color;
          ctx.fillText(run.text, x, middle);
          shown = shown ? `${shown} ${run.text}` : run.text;
        }
      }
    }
    wordIndex += words.length;
  });
  ctx.restore();
}
