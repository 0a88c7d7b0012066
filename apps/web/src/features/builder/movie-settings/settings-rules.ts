import { type Background, MOVIE_SIZES, TRANSPARENT, type Watermark } from '@reelwright/core';
import type { MusicTrack } from '../../wizard/customize/music';

/** The watermark types of spec 002 §4, as the type switch offers them. */
export const WATERMARK_TYPES: { value: Watermark['type']; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'text', label: 'Text' },
  { value: 'image', label: 'Image' },
];

const ROWS = [
  { y: 'top', name: 'Top' },
  { y: 'center', name: 'Middle' },
  { y: 'bottom', name: 'Bottom' },
] as const;
const COLUMNS = [
  { x: 'left', name: 'left' },
  { x: 'center', name: 'center' },
  { x: 'right', name: 'right' },
] as const;

/** The nine watermark positions, row by row from the top left (the default is bottom right, 002 §9). */
export const WATERMARK_POSITIONS: { x: Watermark['positionX']; y: Watermark['positionY']; label: string }[] =
  ROWS.flatMap((row) =>
    COLUMNS.map((column) => ({
      x: column.x,
      y: row.y,
      label: row.y === 'center' && column.x === 'center' ? 'Center' : `${row.name} ${column.name}`,
    })),
  );

/** The stock track 'Add music' chooses: the spec's default music track is the second (002 §9). */
export function defaultTrack(tracks: readonly MusicTrack[]): MusicTrack | undefined {
  return tracks[1] ?? tracks[0];
}

/** The accordion's one-line reading of the watermark; fixed when the member's abilities force it. */
export function watermarkSummary(watermark: Watermark, watermarkForced: boolean): string {
  if (watermarkForced) return 'Fixed on free plans';
  if (watermark.type === 'text') return `Text: ${watermark.text ?? ''}`;
  return watermark.type === 'image' ? 'Image' : 'None';
}

/** The accordion's one-line reading of the movie size: "1920 × 1080 · Wide 16:9". */
export function sizeSummary(size: { width: number; height: number }): string {
  const named = Object.values(MOVIE_SIZES).find(
    (preset) => preset.label !== 'Custom' && preset.width === size.width && preset.height === size.height,
  );
  return `${size.width} × ${size.height}${named ? ` · ${named.label}` : ''}`;
}

const BACKGROUND_TYPES: Record<Background['type'], string> = {
  none: 'None',
  color: 'Color',
  gradient: 'Gradient',
  image: 'Image',
  blob: 'Blob',
  video: 'Video',
};

/** The accordion's one-line reading of the movie background. */
export function backgroundSummary(background: Background | undefined): string {
  if (!background || background.type === 'none') return 'None';
  if (background.type !== 'color') return BACKGROUND_TYPES[background.type];
  if (!background.color) return 'None';
  return background.color.toLowerCase() === TRANSPARENT ? 'Transparent' : background.color;
}

/** The caption styles as the captions control offers them (D68). */
export const CAPTION_STYLE_OPTIONS = [
  { value: 'off', label: 'Off' },
  { value: 'plain', label: 'Plain' },
  { value: 'boxed', label: 'Boxed' },
  { value: 'highlight', label: 'Highlight' },
];

/** The accordion's one-line reading of the captions setting. */
export function captionsSummary(style: string): string {
  return CAPTION_STYLE_OPTIONS.find((option) => option.value === style && style !== 'off')?.label ?? 'Off';
}

/** What the captions control says under the styles: what the style does, or why nothing shows. */
export function captionsHint(style: string, timedWords: number): string {
  if (timedWords === 0) {
    return 'Captions are made from the narration. Generate speech for your slides to get timed words.';
  }
  if (style === 'off') return 'The narration is timed: choose a style to show it as captions in the video.';
  if (style === 'highlight') return 'The word being spoken shows in yellow.';
  return 'The narration shows at the bottom of the video as it is spoken.';
}
