import { wizardWatermark } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { readWatermark, watermarkFor, watermarkProblem } from './watermark';

describe('watermark', () => {
  it('gives free accounts the fixed watermark whatever is stored', () => {
    const fixed = wizardWatermark(true);
    expect(fixed.type).not.toBe('none');
    expect(watermarkFor(true, { enabled: false, text: '' })).toEqual(fixed);
    expect(watermarkFor(true, { enabled: true, text: 'Mine' })).toEqual(fixed);
  });

  it('gives paid members their text when on, and none when off or empty', () => {
    expect(watermarkFor(false, { enabled: true, text: ' Sunny ' })).toMatchObject({ type: 'text', text: 'Sunny' });
    expect(watermarkFor(false, { enabled: false, text: 'Sunny' }).type).toBe('none');
    expect(watermarkFor(false, { enabled: true, text: '  ' }).type).toBe('none');
  });

  it('asks for text only when the watermark is on', () => {
    expect(watermarkProblem({ enabled: false, text: '' })).toBeNull();
    expect(watermarkProblem({ enabled: true, text: '' })).toMatch(/Enter the watermark text/);
    expect(watermarkProblem({ enabled: true, text: 'x'.repeat(61) })).toMatch(/under 60/);
  });

  it('reads a missing or malformed setting as off', () => {
    expect(readWatermark(undefined)).toEqual({ enabled: false, text: '' });
    expect(readWatermark({ enabled: 'yes', text: 3 })).toEqual({ enabled: false, text: '' });
    expect(readWatermark({ enabled: true, text: 'A' })).toEqual({ enabled: true, text: 'A' });
  });
});
