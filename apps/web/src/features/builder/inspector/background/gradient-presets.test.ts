import { describe, expect, it } from 'vitest';
import { nextBackground } from '../../../../builder/commands/style-commands';
import { GRADIENT_PRESETS } from './gradient-presets';

/** The gradient list beside the stop editor (spec 002 §9, D93). */
describe('the gradient presets', () => {
  const gradientTab = nextBackground(undefined, { type: 'gradient' }, { allowVideo: true })!;

  it('has named, distinct presets, linear and radial', () => {
    expect(GRADIENT_PRESETS.length).toBeGreaterThanOrEqual(16);
    expect(new Set(GRADIENT_PRESETS.map((preset) => preset.name)).size).toBe(GRADIENT_PRESETS.length);
    expect(GRADIENT_PRESETS.some((preset) => preset.gradient.kind === 'radial')).toBe(true);
  });

  it.each(GRADIENT_PRESETS.map((preset) => [preset.name, preset] as const))(
    '%s applies as the page applies it',
    (_, preset) => {
      const { kind, angle, stops } = preset.gradient;
      const patch = { gradient: kind === 'linear' ? { kind, angle, stops } : { kind, stops } };
      const next = nextBackground(gradientTab, patch, { allowVideo: true });
      expect(next?.gradient).toMatchObject({ kind, stops });
      if (kind === 'linear') expect(next?.gradient?.angle).toBe(angle);
    },
  );
});
