import { describe, expect, it } from 'vitest';
import { combineMotion, effectsByFamily, hideMotion, itemMotion, showMotion, splitUnitMotion } from './catalogue';
import { IDENTITY_MOTION, type MotionEffect, type MotionState } from './types';

const NUMERIC = ['dx', 'dy', 'scaleX', 'scaleY', 'rotate', 'skewX', 'skewY', 'opacity', 'blur'] as const;

const expectNear = (actual: MotionState, expected: MotionState, tolerance = 1e-9) => {
  for (const key of NUMERIC) expect(Math.abs(actual[key] - expected[key]), key).toBeLessThanOrEqual(tolerance);
  expect(actual.clip).toEqual(expected.clip);
};

const isIdentity = (m: MotionState) => NUMERIC.every((k) => Math.abs(m[k] - IDENTITY_MOTION[k]) < 1e-9) && !m.clip;

/** What is wrong with a motion state (empty when it is valid). */
const problemsOf = (m: MotionState, label: string): string[] => {
  const problems = NUMERIC.filter((key) => !Number.isFinite(m[key])).map((key) => `${label} ${key}=${m[key]}`);
  if (!(m.opacity >= 0 && m.opacity <= 1)) problems.push(`${label} opacity ${m.opacity}`);
  if (!(m.scaleX >= 0 && m.scaleY >= 0)) problems.push(`${label} scale ${m.scaleX} ${m.scaleY}`);
  if (!(m.blur >= 0)) problems.push(`${label} blur ${m.blur}`);
  if (m.clip?.kind === 'inset') {
    const sides = [m.clip.top, m.clip.right, m.clip.bottom, m.clip.left];
    if (!sides.every((side) => side >= 0 && side <= 1)) problems.push(`${label} clip ${sides}`);
  }
  if (m.clip?.kind === 'circle' && !(m.clip.radius >= 0)) problems.push(`${label} radius ${m.clip.radius}`);
  return problems;
};

const expectValid = (m: MotionState, label: string) => expect(problemsOf(m, label)).toEqual([]);

const show = effectsByFamily('show');
const hide = effectsByFamily('hide');
const stay = effectsByFamily('stay');
const container = effectsByFamily('container');
const byName = (effects: readonly MotionEffect[]) => effects.map((e) => [e.name, e] as const);

describe('show and container effects', () => {
  it.each(byName([...show, ...container]))('%s ends at the identity and starts elsewhere', (_, effect) => {
    expectNear(effect.motion(1), IDENTITY_MOTION);
    expect(isIdentity(effect.motion(0))).toBe(false);
    for (let i = 0; i <= 200; i++) expectValid(effect.motion(i / 200), `${effect.name}@${i / 200}`);
  });
});

describe('hide effects', () => {
  it.each(byName(hide))('%s starts at the identity and ends elsewhere', (_, effect) => {
    expectNear(effect.motion(0), IDENTITY_MOTION);
    expect(isIdentity(effect.motion(1))).toBe(false);
    for (let i = 0; i <= 200; i++) expectValid(effect.motion(i / 200), `${effect.name}@${i / 200}`);
  });
});

describe('stay effects', () => {
  it.each(byName(stay))('%s starts at the identity, stays gentle and valid, and repeats', (_, effect) => {
    expectNear(effect.motion(0), IDENTITY_MOTION);
    const period = effect.defaultDuration;
    const problems: string[] = [];
    for (let i = 0; i <= 6000; i++) {
      const t = i / 100;
      const m = effect.motion(t);
      problems.push(...problemsOf(m, `${effect.name}@${t}`));
      if (!(m.scaleX > 0.5 && m.scaleY > 0.5)) problems.push(`scale @${t}`);
      if (Math.abs(m.dx) + Math.abs(m.dy) > 0.1) problems.push(`offset @${t}`);
      if (Math.abs(m.skewX) + Math.abs(m.skewY) > 25) problems.push(`skew @${t}`);
      if (m.clip !== null) problems.push(`clip @${t}`);
      if (effect.name !== 'spin' && Math.abs(m.rotate) > 10) problems.push(`rotate @${t}`);
    }
    expect(problems).toEqual([]);
    for (const t of [0.123, 1.7, 9.31, 33.3]) {
      const a = effect.motion(t);
      const b = effect.motion(t + period);
      for (const key of NUMERIC) {
        const d = Math.abs(a[key] - b[key]);
        expect(key === 'rotate' ? Math.min(d, Math.abs(d - 360)) : d, `${effect.name} ${key} @${t}`).toBeLessThan(1e-6);
      }
    }
  });
});

describe('determinism', () => {
  const all = [...show, ...hide, ...stay, ...container];
  const samples = [0, 0.1, 0.25, 0.5, 0.77, 1, 2.5, 13];
  const table = (effects: readonly MotionEffect[]) =>
    Object.fromEntries(effects.map((e) => [`${e.family}/${e.name}`, samples.map((s) => e.motion(s))]));

  it('gives the same motion for the same input, in any call order', () => {
    const forward = table(all);
    const backward = table([...all].reverse());
    const again = table(all);
    expect(backward).toEqual(forward);
    expect(again).toEqual(forward);
  });

  it('returns fresh states that callers may change', () => {
    for (const e of all) {
      const m = e.motion(1);
      m.dx = 99;
      m.opacity = 0;
      expect(e.motion(1).dx).not.toBe(99);
    }
    expect(IDENTITY_MOTION.dx).toBe(0);
  });
});

describe('showMotion and hideMotion', () => {
  it('runs a show over its duration and is the identity after', () => {
    const fade = show.find((e) => e.name === 'fade')!;
    expect(showMotion('fade', 0.5, 0)).toEqual(fade.motion(0));
    expect(showMotion('fade', 0.5, 0.25)).toEqual(fade.motion(0.5));
    expect(showMotion('fade', 0.5, 0.5)).toEqual(IDENTITY_MOTION);
    expect(showMotion('fade', 0.5, 12)).toEqual(IDENTITY_MOTION);
    expect(showMotion('fade', 0, 0)).toEqual(IDENTITY_MOTION);
  });

  it('runs a hide over the last seconds before the stop', () => {
    const fade = hide.find((e) => e.name === 'fade')!;
    expect(hideMotion('fade', 0.5, 1, 3)).toEqual(IDENTITY_MOTION);
    expect(hideMotion('fade', 0.5, 2.5, 3)).toEqual(IDENTITY_MOTION);
    expect(hideMotion('fade', 0.5, 2.75, 3)).toEqual(fade.motion(0.5));
    expect(hideMotion('fade', 0.5, 3, 3)).toEqual(fade.motion(1));
    // Longer than the item: it takes the whole item.
    expect(hideMotion('fade', 5, 1, 2)).toEqual(fade.motion(0.5));
  });

  it('combines show, hide and stay for an item', () => {
    const fx = {
      show: { name: 'zoom-in', duration: 0.5 },
      hide: { name: 'fade', duration: 0.5 },
      stay: { name: 'pulse' },
    };
    expectNear(itemMotion(fx, 0, 3), combineMotion(showMotion('zoom-in', 0.5, 0), IDENTITY_MOTION));
    expect(itemMotion(fx, 3, 3).opacity).toBe(0);
    expect(itemMotion(undefined, 1, 3)).toEqual(IDENTITY_MOTION);
  });

  it('staggers split units: the first starts first and all are in place at the end', () => {
    const fx = { show: { name: 'fade-up', duration: 1 } };
    const first = splitUnitMotion(fx, 'words', 0, 5, 0.3, 4);
    const last = splitUnitMotion(fx, 'words', 4, 5, 0.3, 4);
    expect(first.opacity).toBeGreaterThan(last.opacity);
    for (let i = 0; i < 5; i++) expectNear(splitUnitMotion(fx, 'words', i, 5, 1, 4), IDENTITY_MOTION);
    const out = { hide: { name: 'fade', duration: 1 } };
    for (let i = 0; i < 5; i++) expect(splitUnitMotion(out, 'chars', i, 5, 4, 4).opacity).toBe(0);
    expect(splitUnitMotion(out, 'chars', 0, 5, 3.5, 4).opacity).toBeLessThan(
      splitUnitMotion(out, 'chars', 4, 5, 3.5, 4).opacity,
    );
  });
});

describe('combineMotion', () => {
  const a: MotionState = {
    ...IDENTITY_MOTION,
    dx: 0.2,
    dy: -0.1,
    scaleX: 0.5,
    scaleY: 2,
    rotate: 30,
    skewX: 5,
    skewY: -3,
    opacity: 0.5,
    blur: 4,
    clip: { kind: 'inset', top: 0.1, right: 0.2, bottom: 0, left: 0.3 },
  };
  const b: MotionState = {
    ...IDENTITY_MOTION,
    dx: 0.1,
    dy: 0.1,
    scaleX: 2,
    scaleY: 0.5,
    rotate: -10,
    skewX: 1,
    skewY: 3,
    opacity: 0.5,
    blur: 2,
    clip: { kind: 'inset', top: 0.2, right: 0.1, bottom: 0.4, left: 0 },
  };

  it('has the identity as a neutral element on either side', () => {
    for (const m of [a, b, IDENTITY_MOTION]) {
      expect(combineMotion(m, IDENTITY_MOTION)).toEqual(m);
      expect(combineMotion(IDENTITY_MOTION, m)).toEqual(m);
    }
  });

  it('adds offsets and angles, multiplies scales and opacities, keeps the larger blur, intersects clips', () => {
    expectNear(combineMotion(a, b), {
      dx: 0.30000000000000004,
      dy: 0,
      scaleX: 1,
      scaleY: 1,
      rotate: 20,
      skewX: 6,
      skewY: 0,
      opacity: 0.25,
      blur: 4,
      clip: { kind: 'inset', top: 0.2, right: 0.2, bottom: 0.4, left: 0.3 },
    });
    expect(combineMotion(a, b)).toEqual(combineMotion(b, a));
    const c1 = { ...IDENTITY_MOTION, clip: { kind: 'circle', radius: 0.4 } as const };
    const c2 = { ...IDENTITY_MOTION, clip: { kind: 'circle', radius: 0.7 } as const };
    expect(combineMotion(c1, c2).clip).toEqual({ kind: 'circle', radius: 0.4 });
  });

  it('is associative on the numbers', () => {
    const c = show[3]!.motion(0.3);
    expectNear(combineMotion(combineMotion(a, b), c), combineMotion(a, combineMotion(b, c)), 1e-12);
  });
});
