import { BackgroundSchema, WatermarkSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import type { MusicTrack } from '../../wizard/customize/music';
import { backgroundSummary, defaultTrack, sizeSummary, WATERMARK_POSITIONS, watermarkSummary } from './settings-rules';

const track = (id: string): MusicTrack => ({
  id,
  name: `Track ${id}`,
  url: `/music/${id}.mp3`,
  duration: 60,
  mood: '',
});

describe('movie settings readings', () => {
  it('offers the nine positions, bottom right last', () => {
    expect(WATERMARK_POSITIONS).toHaveLength(9);
    expect(WATERMARK_POSITIONS[8]).toEqual({ x: 'right', y: 'bottom', label: 'Bottom right' });
    expect(WATERMARK_POSITIONS[4]?.label).toBe('Center');
  });

  it('adds the second stock track by default (spec 002 §9), or the only one', () => {
    expect(defaultTrack([track('1'), track('2'), track('3'), track('4')])?.id).toBe('2');
    expect(defaultTrack([track('1')])?.id).toBe('1');
    expect(defaultTrack([])).toBeUndefined();
  });

  it('reads the watermark, the size and the background in one line', () => {
    expect(watermarkSummary(WatermarkSchema.parse({ type: 'text', text: 'Acme' }), false)).toBe('Text: Acme');
    expect(watermarkSummary(WatermarkSchema.parse({ type: 'none' }), true)).toBe('Fixed on free plans');
    expect(sizeSummary({ width: 1080, height: 1920 })).toBe('1080 × 1920 · Vertical 9:16');
    expect(sizeSummary({ width: 1920, height: 1080 })).toBe('1920 × 1080 · Wide 16:9');
    expect(sizeSummary({ width: 1024, height: 576 })).toBe('1024 × 576');
    expect(backgroundSummary(undefined)).toBe('None');
    expect(backgroundSummary(BackgroundSchema.parse({ type: 'color', color: '#00000000' }))).toBe('Transparent');
    expect(backgroundSummary(BackgroundSchema.parse({ type: 'color', color: '#1c7ed6' }))).toBe('#1c7ed6');
    expect(backgroundSummary(BackgroundSchema.parse({ type: 'gradient' }))).toBe('Gradient');
  });
});
