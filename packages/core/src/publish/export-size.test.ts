import { describe, expect, it } from 'vitest';
import { EXPORT_QUALITIES, exportSize } from './export-size';

describe('exportSize', () => {
  it('renders Wide at 1920×1080 by default and 1280×720 on request', () => {
    expect(exportSize({ width: 1024, height: 576 }, EXPORT_QUALITIES['1080p'])).toEqual({ width: 1920, height: 1080 });
    expect(exportSize({ width: 1024, height: 576 }, EXPORT_QUALITIES['720p'])).toEqual({ width: 1280, height: 720 });
  });

  it('puts the short side at the chosen height for Square and Vertical', () => {
    expect(exportSize({ width: 576, height: 576 }, 1080)).toEqual({ width: 1080, height: 1080 });
    expect(exportSize({ width: 576, height: 1024 }, 1080)).toEqual({ width: 1080, height: 1920 });
  });

  it('keeps a custom aspect ratio with even sides', () => {
    const size = exportSize({ width: 1000, height: 777 }, 720);
    expect(size.height).toBe(720);
    expect(size.width % 2).toBe(0);
    expect(Math.abs(size.width / size.height - 1000 / 777)).toBeLessThan(0.003);
  });
});
