import { describe, expect, it } from 'vitest';
import { PALETTE, PALETTE_COLORS, PALETTE_ROW_LENGTH } from './palette';
import { HexColorSchema, TRANSPARENT } from './style';

describe('the color palette (spec 002 §9)', () => {
  it('has 60 distinct samples in rows of 10', () => {
    expect(PALETTE_COLORS).toHaveLength(60);
    expect(new Set(PALETTE_COLORS.map((color) => color.toLowerCase())).size).toBe(60);
    expect(PALETTE_COLORS.length % PALETTE_ROW_LENGTH).toBe(0);
  });

  it('holds hex colors only, as the custom input does', () => {
    for (const color of PALETTE) expect(HexColorSchema.safeParse(color).success, color).toBe(true);
  });

  it('adds the transparent option #00000000 after the samples', () => {
    expect(TRANSPARENT).toBe('#00000000');
    expect(PALETTE).toEqual([...PALETTE_COLORS, '#00000000']);
    expect(PALETTE_COLORS).not.toContain(TRANSPARENT);
  });
});
