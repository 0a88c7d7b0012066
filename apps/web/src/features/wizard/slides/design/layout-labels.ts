import { SLIDE_LAYOUTS, type SlideLayout } from '@reelwright/core';

/** Menu labels of the layouts (spec 001 §9), in the spec's order and grouped as it lists them. */
export const LAYOUT_LABELS: Record<SlideLayout, string> = {
  automatic: 'Automatic',
  text_overlay: 'Text over media',
  container_center: 'Box: center',
  container_bottom: 'Box: bottom',
  container_left: 'Box: left',
  container_right: 'Box: right',
  container_top: 'Box: top',
  container_fill: 'Box: fill',
  container_random: 'Box: random position',
  text_on_bottom: 'Text on bottom',
  text_on_left: 'Text on left',
  text_on_right: 'Text on right',
  text_on_top: 'Text on top',
  text_hidden: 'Text hidden',
  list_vertical: 'List: vertical',
  list_horizontal: 'List: horizontal',
  list_grid: 'List: grid',
  random: 'Random',
};

/** The groups of the Layout menu. */
export const LAYOUT_GROUPS: { label: string; layouts: SlideLayout[] }[] = [
  { label: 'Basic', layouts: ['automatic', 'text_overlay', 'text_hidden', 'random'] },
  { label: 'Text in a box', layouts: SLIDE_LAYOUTS.filter((l) => l.startsWith('container_')) },
  { label: 'Text beside media', layouts: SLIDE_LAYOUTS.filter((l) => l.startsWith('text_on_')) },
  { label: 'List', layouts: SLIDE_LAYOUTS.filter((l) => l.startsWith('list_')) },
];

/** Labels of the container animations (spec 001 §9). */
export const ANIMATION_LABELS: Record<string, string> = {
  fade: 'Fade',
  zoom: 'Zoom',
  rotate: 'Rotate',
  flip: 'Flip',
  tilt: 'Tilt',
  width: 'Grow width',
  height: 'Grow height',
  slide: 'Slide',
  rush: 'Rush',
  random: 'Random',
};
