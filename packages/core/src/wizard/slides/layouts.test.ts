import { describe, expect, it } from 'vitest';
import { SLIDE_LAYOUTS } from './constants';
import { isListPlacement, listCells, placement, resolveLayout } from './layouts';

describe('resolveLayout', () => {
  it("picks 'random' deterministically from the slide id, never a list or a random", () => {
    const picks = Array.from({ length: 40 }, (_, i) => resolveLayout('random', `slide-${i}`));
    expect(resolveLayout('random', 'slide-7')).toBe(picks[7]);
    expect(new Set(picks).size).toBeGreaterThan(3);
    for (const layout of picks) {
      expect(layout).not.toMatch(/random|list_|automatic|hidden/);
    }
  });

  it("picks a fixed container position for 'container_random'", () => {
    for (let i = 0; i < 20; i++) {
      expect(resolveLayout('container_random', `s${i}`)).toMatch(/^container_(center|bottom|left|right|top|fill)$/);
    }
  });

  it('stacks side-by-side layouts on a portrait stage', () => {
    expect(resolveLayout('text_on_left', 's', true)).toBe('text_on_top');
    expect(resolveLayout('text_on_right', 's', true)).toBe('text_on_bottom');
    expect(resolveLayout('list_horizontal', 's', true)).toBe('list_vertical');
    expect(resolveLayout('text_on_left', 's', false)).toBe('text_on_left');
  });
});

describe('placement', () => {
  const inside = (r: { left: number; top: number; width: number; height: number }) =>
    r.left >= 0 && r.top >= 0 && r.left + r.width <= 1 + 1e-9 && r.top + r.height <= 1 + 1e-9;

  it('keeps every box on the stage', () => {
    for (const layout of SLIDE_LAYOUTS) {
      const concrete = resolveLayout(layout, 'seed');
      const place = placement(concrete);
      expect(inside(place.media)).toBe(true);
      if (place.text) expect(inside(place.text)).toBe(true);
    }
  });

  it('puts the text beside the media for text_on_* and none for text_hidden', () => {
    expect(placement('text_on_bottom').text!.top).toBeCloseTo(placement('text_on_bottom').media.height);
    expect(placement('text_on_left').media.left).toBeCloseTo(placement('text_on_left').text!.width);
    expect(placement('text_hidden').text).toBeUndefined();
    expect(placement('container_bottom').container).toBe(true);
    expect(placement('text_overlay').overlay).toBe(true);
  });
});

describe('listCells', () => {
  it('lays lines in rows, columns or a grid without overlap', () => {
    expect(listCells('list_vertical', 3).map((c) => c.left)).toEqual([0.06, 0.06, 0.06]);
    expect(new Set(listCells('list_horizontal', 3).map((c) => c.top)).size).toBe(1);
    const grid = listCells('list_grid', 5);
    expect(new Set(grid.map((c) => c.left)).size).toBe(3);
    expect(new Set(grid.map((c) => c.top)).size).toBe(2);
    for (let i = 1; i < grid.length; i++) {
      const a = grid[i - 1]!;
      const b = grid[i]!;
      expect(b.left >= a.left + a.width - 1e-9 || b.top >= a.top + a.height - 1e-9).toBe(true);
    }
    expect(listCells('list_grid', 0)).toEqual([]);
    expect(isListPlacement('list_grid')).toBe(true);
  });
});
