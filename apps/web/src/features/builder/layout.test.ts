import { describe, expect, it } from 'vitest';
import { BOTTOM_PANEL_DEFAULT, clampBottomPanel, fitScale } from './layout';

describe('builder layout (spec 002 §2)', () => {
  it('keeps the bottom panel at 50 px or more and leaves the stage 250 px', () => {
    expect(clampBottomPanel(BOTTOM_PANEL_DEFAULT, 800)).toBe(150);
    expect(clampBottomPanel(10, 800)).toBe(50);
    expect(clampBottomPanel(700, 800)).toBe(550);
    // With no room for both, the panel keeps its 50 px.
    expect(clampBottomPanel(150, 280)).toBe(50);
  });

  it('fits the movie into the stage area, never above scale 1', () => {
    expect(fitScale({ width: 2000, height: 2000 }, { width: 1024, height: 576 })).toBe(1);
    expect(fitScale({ width: 512, height: 576 }, { width: 1024, height: 576 })).toBe(0.5);
    expect(fitScale({ width: 1920, height: 540 }, { width: 1920, height: 1080 })).toBe(0.5);
    expect(fitScale({ width: 0, height: 100 }, { width: 1024, height: 576 })).toBe(0);
  });
});
