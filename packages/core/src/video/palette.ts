import { TRANSPARENT } from './style';

const HUES = ['red', 'orange', 'yellow', 'green', 'teal', 'cyan', 'blue', 'violet', 'grape', 'pink'] as const;

/**
 * The colour palette's 60 samples (spec 002 §9), as 6 rows of 10: greys from white to black,
 * then the spectrum from red to pink in five shades, lightest first. The shades are Mantine's
 * (1, 3, 5, 7, 9), so the picker matches the rest of the interface.
 */
export const PALETTE_COLORS: readonly string[] = [
  ...['#ffffff', '#f1f3f5', '#dee2e6', '#ced4da', '#adb5bd', '#868e96', '#495057', '#343a40', '#212529', '#000000'],
  ...['#ffe3e3', '#ffe8cc', '#fff3bf', '#d3f9d8', '#c3fae8', '#c5f6fa', '#d0ebff', '#e5dbff', '#f3d9fa', '#ffdeeb'],
  ...['#ffa8a8', '#ffc078', '#ffe066', '#8ce99a', '#63e6be', '#66d9e8', '#74c0fc', '#b197fc', '#e599f7', '#faa2c1'],
  ...['#ff6b6b', '#ff922b', '#fcc419', '#51cf66', '#20c997', '#22b8cf', '#339af0', '#845ef7', '#cc5de8', '#f06595'],
  ...['#f03e3e', '#f76707', '#f59f00', '#37b24d', '#0ca678', '#1098ad', '#1c7ed6', '#7048e8', '#ae3ec9', '#d6336c'],
  ...['#c92a2a', '#d9480f', '#e67700', '#2b8a3e', '#087f5b', '#0b7285', '#1864ab', '#5f3dc4', '#862e9c', '#a61e4d'],
];

/** Samples in a palette row (the greys, then one per hue of `HUES`). */
export const PALETTE_ROW_LENGTH = HUES.length;

/** The palette as a picker offers it: the 60 samples plus the transparent option `#00000000` (002 §9). */
export const PALETTE: readonly string[] = [...PALETTE_COLORS, TRANSPARENT];
