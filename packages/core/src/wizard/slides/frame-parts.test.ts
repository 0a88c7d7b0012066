import { describe, expect, it } from 'vitest';
import { displayText, luminance, overlayTint, safeColor, slideBackground } from './frame-parts';
import { SlideStyleSchema } from './schema';

describe('frame parts', () => {
  it('keeps colours the movie accepts and replaces the others', () => {
    expect(safeColor('#abc', '#000000')).toBe('#abc');
    expect(safeColor('rgba(0,0,0,0.5)', '#000000')).toBe('rgba(0,0,0,0.5)');
    expect(safeColor('red', '#000000')).toBe('#000000');
  });

  it('measures luminance', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('#000')).toBe(0);
    expect(luminance('rgb(0,0,0)')).toBeUndefined();
  });

  it('keeps the overlay colour and alpha 0.4 when the text stands out on it', () => {
    expect(overlayTint(SlideStyleSchema.parse({}))).toEqual({ color: '#000000', alpha: 0.4 });
  });

  it('turns the tint light under dark text, at least 0.6', () => {
    expect(overlayTint(SlideStyleSchema.parse({ color: '#212529' }))).toEqual({ color: '#ffffff', alpha: 0.6 });
    expect(
      overlayTint(SlideStyleSchema.parse({ color: '#ffffff', overlayColor: '#eeeeee', overlayAlpha: 0.8 })),
    ).toEqual({
      color: '#000000',
      alpha: 0.8,
    });
  });

  it('drops the dash of a list line for display', () => {
    expect(displayText('- Brazil grows most')).toBe('Brazil grows most');
    expect(displayText('—  Item')).toBe('Item');
    expect(displayText('Well-known')).toBe('Well-known');
  });

  it('maps the slide background', () => {
    expect(
      slideBackground(SlideStyleSchema.parse({ bg: { type: 'image', url: 'x.jpg', size: 'contain' } })),
    ).toMatchObject({
      type: 'image',
      url: 'x.jpg',
      size: 'contain',
    });
    expect(slideBackground(SlideStyleSchema.parse({ bg: { type: 'image', url: 'x.jpg', size: 'weird' } })).size).toBe(
      'cover',
    );
    expect(slideBackground(SlideStyleSchema.parse({ bg: { type: 'none' } })).type).toBe('none');
    expect(slideBackground(SlideStyleSchema.parse({ bg: { type: 'gradient', color: '#123' } }))).toMatchObject({
      type: 'color',
      color: '#123',
    });
  });
});
