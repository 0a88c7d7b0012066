import { describe, expect, it } from 'vitest';
import { findFontFamily, fontFaceFiles, nearestWeight } from './font-files';

describe('font files', () => {
  it('finds catalogued families by CSS name, ignoring case', () => {
    expect(findFontFamily('inter')?.id).toBe('inter');
    expect(findFontFamily('No Such Font')).toBeNull();
  });

  it('picks the nearest weight, heavier on a tie for bold requests', () => {
    expect(nearestWeight([400], 700)).toBe(400);
    expect(nearestWeight([300, 500], 400)).toBe(300);
    expect(nearestWeight([500, 700, 900], 800)).toBe(900);
    expect(nearestWeight([100, 400, 700], 650)).toBe(700);
  });

  it('lists one file per subset with its unicode-range', () => {
    const face = fontFaceFiles('Inter', 700, 'normal');
    expect(face).toMatchObject({ family: 'Inter', weight: 700, style: 'normal' });
    const latin = face?.files.find((file) => file.url.includes('-latin-700-'));
    expect(latin?.url).toBe('/fonts/inter/inter-latin-700-normal.woff2');
    expect(latin?.unicodeRange).toMatch(/^U\+0000-00FF/);
    expect(face?.files.length).toBe(findFontFamily('Inter')?.subsets.length);
  });

  it('falls back to a style the family has, and leaves out empty ranges', () => {
    const geist = fontFaceFiles('Geist Sans', 400, 'italic');
    expect(geist).toMatchObject({
      style: 'normal',
      files: [{ url: '/fonts/geist-sans/geist-sans-latin-400-normal.woff2' }],
    });
    expect(geist?.files[0]).not.toHaveProperty('unicodeRange');
  });

  it('knows nothing of unknown families', () => {
    expect(fontFaceFiles('Comic Nonsense', 400, 'normal')).toBeNull();
  });
});
