import type { StageFraction } from '../../video/units';
import { CONTAINER_POSITIONS, type SlideLayout } from './constants';
import { hashString } from './frame-key';

/** A box in fractions of the stage (DESIGN §5): resolution independent. */
export type StageRect = { left: StageFraction; top: StageFraction; width: StageFraction; height: StageFraction };

/** A layout with every choice made: no 'random', 'container_random' or 'automatic'. */
export type ConcreteLayout = Exclude<SlideLayout, 'random' | 'container_random' | 'automatic'>;

/** Container positions 'container_random' picks from. */
const FIXED_CONTAINERS = CONTAINER_POSITIONS.filter((p) => p !== 'random').map((p) => `container_${p}` as const);
/** Layouts 'random' picks from: every non-list layout that shows the text. */
const RANDOM_CHOICES: readonly ConcreteLayout[] = [
  'text_overlay',
  ...FIXED_CONTAINERS,
  'text_on_bottom',
  'text_on_left',
  'text_on_right',
  'text_on_top',
];

const pick = <T>(choices: readonly T[], seed: string): T => choices[hashString(seed) % choices.length]!;

/**
 * The layout to draw (spec 001 §9): 'random' and 'container_random' pick deterministically from
 * `seed` (the slide id: the same slide always looks the same, on every machine); 'automatic' is
 * text over the media with a tint. On a portrait stage the side-by-side layouts stack instead
 * (left → top, right → bottom, horizontal list → vertical), so Vertical videos re-flow.
 */
export function resolveLayout(layout: SlideLayout, seed: string, portrait = false): ConcreteLayout {
  let concrete: ConcreteLayout;
  if (layout === 'random') concrete = pick(RANDOM_CHOICES, seed);
  else if (layout === 'container_random') concrete = pick(FIXED_CONTAINERS, seed);
  else if (layout === 'automatic') concrete = 'text_overlay';
  else concrete = layout;
  if (!portrait) return concrete;
  if (concrete === 'text_on_left') return 'text_on_top';
  if (concrete === 'text_on_right') return 'text_on_bottom';
  if (concrete === 'list_horizontal') return 'list_vertical';
  return concrete;
}

/** Where a layout puts a line's media and text, and how the text is dressed. */
export type Placement = {
  /** The media box; every layout shows media. */
  media: StageRect;
  /** The text box; none for text_hidden. */
  text?: StageRect;
  /** A tint of the style's overlay colour over the media, under the text. */
  overlay: boolean;
  /** The text sits in the slide's container box (settings.container). */
  container: boolean;
  /** Font size, a fraction of the stage height (fit-text shrinks it when needed). */
  fontSize: number;
};

export const FULL_STAGE: StageRect = { left: 0, top: 0, width: 1, height: 1 };
const LARGE = 48 / 576;
const MEDIUM = 38 / 576;

const CONTAINER_BOXES: Record<(typeof FIXED_CONTAINERS)[number], StageRect> = {
  container_center: { left: 0.15, top: 0.3, width: 0.7, height: 0.4 },
  container_bottom: { left: 0.05, top: 0.66, width: 0.9, height: 0.28 },
  container_top: { left: 0.05, top: 0.06, width: 0.9, height: 0.28 },
  container_left: { left: 0.04, top: 0.1, width: 0.42, height: 0.8 },
  container_right: { left: 0.54, top: 0.1, width: 0.42, height: 0.8 },
  container_fill: { left: 0.04, top: 0.07, width: 0.92, height: 0.86 },
};

/** The media and text boxes of a single-line layout (the list layouts use {@link listCells}). */
export function placement(layout: ConcreteLayout): Placement {
  switch (layout) {
    case 'text_overlay':
      return {
        media: FULL_STAGE,
        text: { left: 0.08, top: 0.1, width: 0.84, height: 0.8 },
        overlay: true,
        container: false,
        fontSize: LARGE,
      };
    case 'text_on_bottom':
      return {
        media: { left: 0, top: 0, width: 1, height: 0.7 },
        text: { left: 0, top: 0.7, width: 1, height: 0.3 },
        overlay: false,
        container: false,
        fontSize: MEDIUM,
      };
    case 'text_on_top':
      return {
        media: { left: 0, top: 0.3, width: 1, height: 0.7 },
        text: { left: 0, top: 0, width: 1, height: 0.3 },
        overlay: false,
        container: false,
        fontSize: MEDIUM,
      };
    case 'text_on_left':
      return {
        media: { left: 0.4, top: 0, width: 0.6, height: 1 },
        text: { left: 0, top: 0, width: 0.4, height: 1 },
        overlay: false,
        container: false,
        fontSize: MEDIUM,
      };
    case 'text_on_right':
      return {
        media: { left: 0, top: 0, width: 0.6, height: 1 },
        text: { left: 0.6, top: 0, width: 0.4, height: 1 },
        overlay: false,
        container: false,
        fontSize: MEDIUM,
      };
    case 'text_hidden':
      return { media: FULL_STAGE, overlay: false, container: false, fontSize: LARGE };
    case 'list_vertical':
    case 'list_horizontal':
    case 'list_grid':
      return { media: FULL_STAGE, overlay: true, container: false, fontSize: MEDIUM };
    default:
      return { media: FULL_STAGE, text: CONTAINER_BOXES[layout], overlay: false, container: true, fontSize: LARGE };
  }
}

/** The area the list layouts share among their lines, and the gap between cells. */
const LIST_AREA: StageRect = { left: 0.06, top: 0.08, width: 0.88, height: 0.84 };
const LIST_GAP = 0.02;

/**
 * The cells of a list layout for `count` lines, in reading order: rows (vertical), columns
 * (horizontal) or a grid of ceil(√count) columns.
 */
export function listCells(layout: 'list_vertical' | 'list_horizontal' | 'list_grid', count: number): StageRect[] {
  if (count <= 0) return [];
  const columns = layout === 'list_vertical' ? 1 : layout === 'list_horizontal' ? count : Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const width = (LIST_AREA.width - LIST_GAP * (columns - 1)) / columns;
  const height = (LIST_AREA.height - LIST_GAP * (rows - 1)) / rows;
  return Array.from({ length: count }, (_, i) => ({
    left: LIST_AREA.left + (i % columns) * (width + LIST_GAP),
    top: LIST_AREA.top + Math.floor(i / columns) * (height + LIST_GAP),
    width,
    height,
  }));
}

export function isListPlacement(layout: ConcreteLayout): layout is 'list_vertical' | 'list_horizontal' | 'list_grid' {
  return layout === 'list_vertical' || layout === 'list_horizontal' || layout === 'list_grid';
}
