import { describe, expect, it } from 'vitest';
import {
  CONTAINER_ANIMATION_NAMES,
  containerAnimationChoices,
  containerMotion,
  EFFECTS,
  effectsByFamily,
  findEffect,
  hideMotion,
  pickRandomContainerAnimation,
  showMotion,
  stayMotion,
} from './catalogue';
import { EASINGS } from './easing';
import { type EffectFamily, IDENTITY_MOTION } from './types';

/** Spec 002 §9 "about" numbers (container: spec 001 §9's list without "random"). */
const ABOUT: Record<EffectFamily, number> = {
  show: 40,
  hide: 40,
  stay: 26,
  highlighter: 13,
  'container-background': 40,
  container: 9,
};

describe('catalogue', () => {
  it.each(Object.entries(ABOUT))('has about the spec count of %s effects', (family, about) => {
    const count = effectsByFamily(family as EffectFamily).length;
    expect(count).toBeGreaterThanOrEqual(about);
    expect(count).toBeLessThanOrEqual(Math.ceil(about * 1.3));
  });

  it('lists every effect of every family in EFFECTS', () => {
    const total = Object.keys(ABOUT).reduce((sum, f) => sum + effectsByFamily(f as EffectFamily).length, 0);
    expect(EFFECTS).toHaveLength(total);
  });

  it.each(Object.keys(ABOUT))('gives %s effects unique kebab-case names, labels and durations', (family) => {
    const effects = effectsByFamily(family as EffectFamily);
    const names = effects.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const e of effects) {
      expect(e.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(e.label.trim()).not.toBe('');
      expect(e.family).toBe(family);
      expect(e.defaultDuration).toBeGreaterThan(0);
      if (family === 'show' || family === 'hide') {
        expect(e.defaultDuration).toBeGreaterThanOrEqual(0.5);
        expect(e.defaultDuration).toBeLessThanOrEqual(1);
      }
    }
  });

  it('finds effects by family and name, and null for unknown ones', () => {
    expect(findEffect('show', 'fade')?.family).toBe('show');
    expect(findEffect('hide', 'fade')?.family).toBe('hide');
    expect(findEffect('show', 'no-such-effect')).toBeNull();
    expect(findEffect('stay', 'fade')).toBeNull();
    expect(findEffect('highlighter', undefined)).toBeNull();
    expect(findEffect('container-background', '')).toBeNull();
  });

  it('draws no motion for unknown names', () => {
    expect(showMotion('nope', 0.5, 0.1)).toEqual(IDENTITY_MOTION);
    expect(hideMotion(undefined, 0.5, 2.9, 3)).toEqual(IDENTITY_MOTION);
    expect(stayMotion(null, 4)).toEqual(IDENTITY_MOTION);
    expect(containerMotion('nope', 0.8, 0.1, 'item-1')).toEqual(IDENTITY_MOTION);
  });
});

describe('container animations', () => {
  it('offers the spec list, random last', () => {
    expect(CONTAINER_ANIMATION_NAMES).toEqual([
      'fade',
      'zoom',
      'rotate',
      'flip',
      'tilt',
      'width',
      'height',
      'slide',
      'rush',
      'random',
    ]);
    expect(containerAnimationChoices().at(-1)).toEqual({ name: 'random', label: 'Random' });
  });

  it('width and height grow along one axis only', () => {
    expect(findEffect('container', 'width')!.motion(0)).toMatchObject({ scaleX: 0, scaleY: 1 });
    expect(findEffect('container', 'height')!.motion(0)).toMatchObject({ scaleX: 1, scaleY: 0 });
  });

  it('picks "random" from the seed, the same way every time, spread over the choices', () => {
    const seeds = Array.from({ length: 200 }, (_, i) => `item-${i}`);
    const picks = seeds.map(pickRandomContainerAnimation);
    expect(seeds.map(pickRandomContainerAnimation)).toEqual(picks);
    for (const pick of picks) expect(CONTAINER_ANIMATION_NAMES.slice(0, -1)).toContain(pick);
    expect(new Set(picks).size).toBe(9);
    expect(pickRandomContainerAnimation('frame-1')).toBe(pickRandomContainerAnimation('frame-1'));
  });

  it('resolves "random" in containerMotion and enters then leaves', () => {
    const seed = 'slide-42';
    const chosen = pickRandomContainerAnimation(seed);
    expect(containerMotion('random', 0.8, 0.2, seed)).toEqual(containerMotion(chosen, 0.8, 0.2, seed));
    expect(containerMotion('zoom', 0.8, 0, seed)).toEqual(findEffect('container', 'zoom')!.motion(0));
    expect(containerMotion('zoom', 0.8, 2, seed, 5)).toEqual(IDENTITY_MOTION);
    expect(containerMotion('zoom', 0.8, 5, seed, 5)).toEqual(findEffect('container', 'zoom')!.motion(0));
  });
});

describe('easing', () => {
  it.each(Object.entries(EASINGS))('%s is exactly 0 at 0 and 1 at 1 and finite between', (_, ease) => {
    expect(ease(0)).toBe(0);
    expect(ease(1)).toBe(1);
    expect(ease(-1)).toBe(0);
    expect(ease(2)).toBe(1);
    for (let i = 0; i <= 100; i++) {
      const v = ease(i / 100);
      expect(Number.isFinite(v)).toBe(true);
      expect(Math.abs(v)).toBeLessThan(2);
    }
  });
});
