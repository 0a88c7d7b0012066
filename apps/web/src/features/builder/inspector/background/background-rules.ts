import { BACKDROP_FILTERS, type Background, type Gradient, POSITIONS } from '@reelwright/core';
import type { BackgroundPatch } from '../../../../builder/commands/style-commands';

/** What the background controls edit and how: the current settings, the patch command and its gesture name. */
export type BackgroundTargetProps = {
  background: Background;
  set(patch: BackgroundPatch): void;
  gesture: string;
};

type BackgroundType = Background['type'];

const TYPE_LABELS: Record<BackgroundType, string> = {
  none: 'None',
  color: 'Color',
  gradient: 'Gradient',
  image: 'Image',
  blob: 'Blob',
  video: 'Video',
};

/**
 * The type tabs in the spec's order (002 §3, §4): none, color, gradient, image, blob, then video
 * only where video backgrounds are enabled — the slide's background, never behind an item.
 */
export function backgroundTabs(allowVideo: boolean): { value: BackgroundType; label: string }[] {
  const types: BackgroundType[] = [
    'none',
    'color',
    'gradient',
    'image',
    'blob',
    ...(allowVideo ? ['video' as const] : []),
  ];
  return types.map((value) => ({ value, label: TYPE_LABELS[value] }));
}

/** The size options of spec 002 §9, as the menu names them. */
export const SIZE_OPTIONS: { value: Background['size']; label: string }[] = [
  { value: 'cover', label: 'Cover' },
  { value: 'contain', label: 'Contain' },
  { value: 'auto', label: 'Auto' },
  { value: '100% 100%', label: 'Stretch (100% 100%)' },
];

/** The repeat options of spec 002 §9. */
export const REPEAT_OPTIONS: { value: Background['repeat']; label: string }[] = [
  { value: 'no-repeat', label: 'No repeat' },
  { value: 'repeat-x', label: 'Repeat across (repeat-x)' },
  { value: 'repeat-y', label: 'Repeat down (repeat-y)' },
  { value: 'repeat', label: 'Repeat' },
];

/** The nine positions (002 §9) in reading order, each with a name to read out. */
export const POSITION_OPTIONS = POSITIONS.map((value) => {
  const [x, y] = value.split(' ') as [string, string];
  const label = x === 'center' && y === 'center' ? 'Center' : `${cap(y === 'center' ? 'middle' : y)} ${x}`;
  return { value, label };
});

/** The backdrop filters of spec 002 §9, with 'None' first. */
export const BACKDROP_OPTIONS = [
  { value: 'none', label: 'None' },
  ...BACKDROP_FILTERS.map((value) => ({ value, label: cap(value) })),
];

/** A CSS picture of a gradient for the panel's preview strip (radial ignores the angle). */
export function gradientCss(gradient: Gradient): string {
  const stops = [...gradient.stops]
    .sort((a, b) => a.at - b.at)
    .map((stop) => `${stop.color} ${Math.round(stop.at * 100)}%`)
    .join(', ');
  return gradient.kind === 'linear'
    ? `linear-gradient(${gradient.angle}deg, ${stops})`
    : `radial-gradient(circle, ${stops})`;
}

/**
 * The stop added by 'Add stop': halfway into the widest gap between neighbouring stops, in the
 * color of the stop before it.
 */
export function newStop(gradient: Gradient): Gradient['stops'][number] {
  const stops = [...gradient.stops].sort((a, b) => a.at - b.at);
  let best = { at: 0.5, color: stops[0]?.color ?? '#ffffff', gap: -1 };
  for (let i = 0; i + 1 < stops.length; i++) {
    const gap = stops[i + 1]!.at - stops[i]!.at;
    if (gap > best.gap) best = { at: (stops[i]!.at + stops[i + 1]!.at) / 2, color: stops[i]!.color, gap };
  }
  return { color: best.color, at: Math.round(best.at * 100) / 100 };
}

function cap(text: string): string {
  return text[0]!.toUpperCase() + text.slice(1);
}
