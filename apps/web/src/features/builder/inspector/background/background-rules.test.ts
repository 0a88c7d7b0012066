import { BACKDROP_FILTERS, POSITIONS } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import {
  BACKDROP_OPTIONS,
  backgroundTabs,
  gradientCss,
  newStop,
  POSITION_OPTIONS,
  REPEAT_OPTIONS,
  SIZE_OPTIONS,
} from './background-rules';

describe('background settings options (spec 002 §3, §4, §9)', () => {
  it('orders the tabs none, color, gradient, image, blob; video only where enabled', () => {
    expect(backgroundTabs(false).map((tab) => tab.value)).toEqual(['none', 'color', 'gradient', 'image', 'blob']);
    expect(backgroundTabs(true).map((tab) => tab.value)).toEqual([
      'none',
      'color',
      'gradient',
      'image',
      'blob',
      'video',
    ]);
  });

  it('offers the spec options of size, repeat, position and backdrop', () => {
    expect(SIZE_OPTIONS.map((o) => o.value)).toEqual(['cover', 'contain', 'auto', '100% 100%']);
    expect(REPEAT_OPTIONS.map((o) => o.value)).toEqual(['no-repeat', 'repeat-x', 'repeat-y', 'repeat']);
    expect(POSITION_OPTIONS.map((o) => o.value)).toEqual([...POSITIONS]);
    expect(POSITION_OPTIONS[0]?.label).toBe('Top left');
    expect(POSITION_OPTIONS[4]?.label).toBe('Center');
    expect(BACKDROP_OPTIONS.map((o) => o.value)).toEqual(['none', ...BACKDROP_FILTERS]);
  });

  it('previews a gradient; radial ignores the angle', () => {
    const stops = [
      { color: '#000000', at: 1 },
      { color: '#ffffff', at: 0 },
    ];
    expect(gradientCss({ kind: 'linear', angle: 90, stops })).toBe('linear-gradient(90deg, #ffffff 0%, #000000 100%)');
    expect(gradientCss({ kind: 'radial', angle: 90, stops })).toBe('radial-gradient(circle, #ffffff 0%, #000000 100%)');
  });

  it('adds a stop into the widest gap', () => {
    const stops = [
      { color: '#000000', at: 0 },
      { color: '#ff0000', at: 0.2 },
      { color: '#ffffff', at: 1 },
    ];
    expect(newStop({ kind: 'linear', angle: 0, stops })).toEqual({ color: '#ff0000', at: 0.6 });
  });
});
