/**
 * Stay effects (spec 002 §9: about 26): what an item does while it is visible. Each is a function
 * of seconds since the item appeared, exactly the identity at 0, periodic (or bounded), gentle.
 * Burst effects (tada, heartbeat, jello …) play briefly then rest until their next cycle.
 */
import { burst, type MotionPatch, stayEffect, swell, wave } from './build';
import type { MotionEffect } from './types';

const scale = (s: number): MotionPatch => ({ scaleX: s, scaleY: s });
/** A bell-shaped envelope over a burst: 0 at both ends, 1 in the middle. */
const envelope = (u: number): number => Math.sin(Math.PI * u);
const turns = (t: number, period: number): number => 360 * (t / period - Math.floor(t / period));

/** Every stay effect, in editor order. */
export const STAY_EFFECTS: readonly MotionEffect[] = [
  stayEffect('pulse', 'Pulse', 1.2, (t) => scale(1 + 0.05 * swell(t, 1.2))),
  stayEffect('breathe', 'Breathe', 4, (t) => ({ ...scale(1 + 0.04 * swell(t, 4)), opacity: 1 - 0.1 * swell(t, 4) })),
  stayEffect('float', 'Float', 8, (t) => ({ dy: -0.04 * swell(t, 4), rotate: 1 * wave(t, 8) })),
  stayEffect('bob', 'Bob', 1.6, (t) => ({ dy: -0.03 * Math.abs(wave(t, 3.2)) })),
  stayEffect('sway', 'Sway', 3, (t) => ({ dx: 0.02 * wave(t, 3) })),
  stayEffect('wobble', 'Wobble', 2, (t) => ({ dx: 0.015 * wave(t, 2), rotate: 2 * wave(t, 2) })),
  stayEffect('shake', 'Shake', 3, (t) => {
    const u = burst(t, 3, 0.8);
    return u === null ? {} : { dx: 0.02 * envelope(u) * Math.sin(10 * Math.PI * u) };
  }),
  stayEffect('shake-vertical', 'Shake vertically', 3, (t) => {
    const u = burst(t, 3, 0.8);
    return u === null ? {} : { dy: 0.02 * envelope(u) * Math.sin(10 * Math.PI * u) };
  }),
  stayEffect('jiggle', 'Jiggle', 0.6, (t) => ({ rotate: 1.5 * wave(t, 0.3), dy: -0.005 * swell(t, 0.6) })),
  stayEffect('heartbeat', 'Heartbeat', 1.5, (t) => {
    const u = burst(t, 1.5, 0.7);
    if (u === null) return {};
    // Two beats: a strong one, then a softer one.
    const beat = u < 0.5 ? 0.08 * envelope(u * 2) : 0.05 * envelope(u * 2 - 1);
    return scale(1 + beat);
  }),
  stayEffect('swing', 'Swing', 2, (t) => ({ rotate: 5 * wave(t, 2) })),
  stayEffect('rotate-slow', 'Rotate slowly', 40, (t) => ({ rotate: 6 * wave(t, 40) })),
  stayEffect('spin', 'Spin', 6, (t) => ({ rotate: turns(t, 6) })),
  stayEffect('tada', 'Tada', 3, (t) => {
    const u = burst(t, 3, 1);
    if (u === null) return {};
    const e = envelope(u);
    return { ...scale(1 + 0.08 * e), rotate: 3 * e * Math.sin(8 * Math.PI * u) };
  }),
  stayEffect('flash', 'Flash', 2, (t) => {
    const u = burst(t, 2, 0.6);
    return u === null ? {} : { opacity: 1 - 0.8 * swell(u, 0.5) };
  }),
  stayEffect('glow', 'Glow', 2.5, (t) => ({ opacity: 1 - 0.3 * swell(t, 2.5) })),
  stayEffect('drift-left', 'Drift left', 10, (t) => ({ dx: -0.04 * swell(t, 10) })),
  stayEffect('drift-right', 'Drift right', 10, (t) => ({ dx: 0.04 * swell(t, 10) })),
  stayEffect('zoom-slow', 'Slow zoom', 20, (t) => scale(1 + 0.1 * swell(t, 20))),
  stayEffect('ken-burns', 'Ken Burns (zoom and pan)', 20, (t) => ({
    ...scale(1 + 0.12 * swell(t, 20)),
    dx: -0.03 * swell(t, 20),
    dy: -0.02 * swell(t, 20),
  })),
  stayEffect('tilt', 'Tilt', 4, (t) => ({ rotate: 3 * wave(t, 4), skewX: 2 * wave(t, 4) })),
  stayEffect('rubber-band', 'Rubber band', 3, (t) => {
    const u = burst(t, 3, 0.9);
    if (u === null) return {};
    const s = 0.2 * envelope(u) * Math.sin(4 * Math.PI * u);
    return { scaleX: 1 + s, scaleY: 1 - s * 0.75 };
  }),
  stayEffect('jello', 'Jello', 3, (t) => {
    const u = burst(t, 3, 0.9);
    if (u === null) return {};
    const k = 10 * envelope(u) * Math.sin(6 * Math.PI * u);
    return { skewX: k, skewY: k };
  }),
  stayEffect('wave', 'Wave', 2, (t) => ({ dy: -0.02 * wave(t, 2), rotate: -4 * swell(t, 2) })),
  stayEffect('hover', 'Hover', 3, (t) => ({ dy: -0.03 * swell(t, 3), ...scale(1 + 0.02 * swell(t, 3)) })),
  stayEffect('tremble', 'Tremble', 0.4, (t) => ({
    dx: 0.004 * wave(t, 0.4 / 4),
    dy: 0.004 * wave(t, 0.4 / 3),
    rotate: 0.5 * wave(t, 0.4 / 5),
  })),
  stayEffect('spotlight', 'Spotlight', 3, (t) => ({
    opacity: 1 - 0.25 * swell(t, 3),
    ...scale(1 + 0.03 * swell(t, 3)),
  })),
  stayEffect('bounce', 'Bounce', 1.5, (t) => {
    const u = burst(t, 1.5, 0.8);
    return u === null ? {} : { dy: -0.06 * Math.abs(Math.sin(2 * Math.PI * u)) * (1 - u) };
  }),
  stayEffect('head-shake', 'Head shake', 3, (t) => {
    const u = burst(t, 3, 1);
    if (u === null) return {};
    const e = envelope(u) * Math.sin(6 * Math.PI * u);
    return { dx: 0.015 * e, rotate: -3 * e };
  }),
  stayEffect('flicker', 'Flicker', 4, (t) => {
    const u = burst(t, 4, 0.5);
    return u === null ? {} : { opacity: 1 - 0.5 * Math.abs(Math.sin(5 * Math.PI * u)) * envelope(u) };
  }),
  stayEffect('orbit', 'Orbit', 5, (t) => ({ dx: 0.02 * wave(t, 5), dy: 0.02 * (Math.cos((2 * Math.PI * t) / 5) - 1) })),
];
