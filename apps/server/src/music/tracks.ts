import type { TrackRecipe } from './synth';

/**
 * The stock music of the customize step (spec 001 §2: 'stock tracks cycling, volume'): five
 * instrumental loops made by `synth.ts`, ours, royalty-free. Chords are MIDI notes (60 = middle C).
 * A recipe's slug names its file, which is cached for good: change the slug with the recipe.
 */
export const STOCK_TRACKS: readonly TrackRecipe[] = [
  {
    slug: 'calm-horizon',
    name: 'Calm Horizon',
    mood: 'calm',
    duration: 72,
    chordSeconds: 4.5,
    // Cmaj7 – Am7 – Fmaj7 – G6: slow pad chords.
    chords: [
      [48, 55, 64, 71],
      [45, 52, 60, 67],
      [41, 48, 57, 64],
      [43, 50, 59, 64],
    ],
    layers: [
      { kind: 'pad', gain: 0.7, attack: 1.2, release: 1.1, brightness: 0.5 },
      { kind: 'bass', gain: 0.18, octave: 1, attack: 0.6, release: 0.8 },
    ],
  },
  {
    slug: 'morning-steps',
    name: 'Morning Steps',
    mood: 'uplifting',
    duration: 64,
    chordSeconds: 4,
    // D – A – Bm – G (I–V–vi–IV) under a gentle arpeggio.
    chords: [
      [50, 57, 62, 66],
      [45, 52, 61, 64],
      [47, 54, 59, 62],
      [43, 50, 59, 62],
    ],
    layers: [
      { kind: 'pad', gain: 0.35, attack: 1, release: 0.9, brightness: 0.3 },
      { kind: 'arp', gain: 0.3, step: 0.25, pattern: [0, 1, 2, 3, 2, 1, 2, 3], octave: 1, decay: 5 },
      { kind: 'bass', gain: 0.2, octave: 1, attack: 0.3, release: 0.6 },
    ],
  },
  {
    slug: 'warm-pulse',
    name: 'Warm Pulse',
    mood: 'driving',
    duration: 80,
    chordSeconds: 4,
    // Am – F – C – G with a soft eighth-note pulse.
    chords: [
      [45, 57, 60, 64],
      [41, 57, 60, 65],
      [48, 55, 60, 64],
      [43, 55, 59, 62],
    ],
    layers: [
      { kind: 'pulse', gain: 0.45, step: 0.25, octave: 0, decay: 6 },
      { kind: 'pad', gain: 0.22, attack: 1.5, release: 1, brightness: 0.2 },
      { kind: 'bass', gain: 0.28, octave: 1, attack: 0.15, release: 0.5 },
    ],
  },
  {
    slug: 'soft-focus',
    name: 'Soft Focus',
    mood: 'dreamy',
    duration: 84,
    chordSeconds: 6,
    // Fmaj7 – Dm7 – Bbmaj7 – C6: a slow music-box arpeggio over a warm pad.
    chords: [
      [53, 57, 60, 64],
      [50, 53, 57, 60],
      [46, 53, 57, 62],
      [48, 55, 57, 64],
    ],
    layers: [
      { kind: 'pad', gain: 0.45, attack: 2, release: 1.5, brightness: 0.3 },
      { kind: 'arp', gain: 0.22, step: 0.375, pattern: [0, 2, 1, 3, 2, 4, 3, 1], octave: 1, decay: 3 },
      { kind: 'bass', gain: 0.15, octave: 1, attack: 1, release: 1.2 },
    ],
  },
  {
    slug: 'golden-hour',
    name: 'Golden Hour',
    mood: 'inspiring',
    duration: 88,
    chordSeconds: 5,
    // G – Em7 – Cmaj9 – D: pad and bass under a slow, bell-like line.
    chords: [
      [43, 59, 62, 67],
      [40, 59, 62, 67],
      [48, 59, 62, 64],
      [50, 57, 62, 66],
    ],
    layers: [
      { kind: 'pad', gain: 0.5, attack: 1.4, release: 1.2, brightness: 0.4 },
      { kind: 'arp', gain: 0.25, step: 0.625, pattern: [3, 2, 1, 2, 3, 4, 3, 2], octave: 1, decay: 2.5 },
      { kind: 'bass', gain: 0.22, octave: 1, attack: 0.5, release: 0.9 },
    ],
  },
];
