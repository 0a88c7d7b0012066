import type { Gradient } from '@reelwright/core';

/**
 * The gradient list (spec 002 §9, "a gradient list loaded on demand"; D93): named presets shown
 * beside the stop editor, loaded with the Gradient tab. Each applies its kind, angle and stops as
 * one undo step; the stops stay editable after. Colours picked to read well under white text.
 */
export type GradientPreset = { name: string; gradient: Gradient };

const linear = (name: string, angle: number, ...colors: string[]): GradientPreset => ({
  name,
  gradient: {
    kind: 'linear',
    angle,
    stops: colors.map((color, index) => ({ color, at: index / (colors.length - 1) })),
  },
});

const radial = (name: string, ...colors: string[]): GradientPreset => ({
  name,
  gradient: {
    kind: 'radial',
    angle: 180,
    stops: colors.map((color, index) => ({ color, at: index / (colors.length - 1) })),
  },
});

export const GRADIENT_PRESETS: readonly GradientPreset[] = [
  linear('Ocean', 135, '#1c7ed6', '#15aabf'),
  linear('Purple dusk', 135, '#5f3dc4', '#ae3ec9'),
  linear('Sunset', 135, '#f76707', '#e64980'),
  linear('Peach', 135, '#ff8787', '#ffd43b'),
  linear('Forest', 135, '#2b8a3e', '#94d82d'),
  linear('Mint', 135, '#0ca678', '#3bc9db'),
  linear('Night sky', 180, '#0b132b', '#1c2541', '#3a506b'),
  linear('Charcoal', 180, '#212529', '#495057'),
  linear('Fire', 180, '#c92a2a', '#f08c00'),
  linear('Berry', 135, '#862e9c', '#d6336c'),
  linear('Sky', 180, '#74c0fc', '#e7f5ff'),
  linear('Lemonade', 135, '#fab005', '#fcc419', '#ffe066'),
  linear('Royal', 135, '#1864ab', '#5f3dc4'),
  linear('Rose gold', 135, '#e8590c', '#faa2c1'),
  linear('Aurora', 135, '#0ca678', '#1c7ed6', '#7048e8'),
  linear('Rainbow', 90, '#f03e3e', '#fd7e14', '#fab005', '#40c057', '#228be6', '#7950f2'),
  radial('Spotlight', '#495057', '#000000'),
  radial('Glow', '#ffe066', '#f76707'),
  radial('Deep sea', '#1c7ed6', '#0b132b'),
  radial('Blush', '#fcc2d7', '#ae3ec9'),
];
