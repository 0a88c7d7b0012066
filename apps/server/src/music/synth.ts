/**
 * The stock music tracks are made here, not downloaded (no network, no licences to track): each
 * recipe is a chord loop played by a few soft layers, written as one ffmpeg `aevalsrc`
 * expression, then given space (echoes, a Haas-delayed right channel), a gentle low-pass, a
 * loudness target and fades, and encoded to MP3. ffmpeg runs as a child process (DESIGN §3).
 */

/** A chord as MIDI note numbers, lowest first (60 = middle C). */
export type Chord = readonly number[];

/** One sound of a track; every layer follows the track's chord loop. */
export type Layer =
  /** Sustained chord tones that swell in and cross-fade into the next chord. */
  | { kind: 'pad'; gain: number; octave?: number; attack: number; release: number; brightness: number }
  /** The chord's root an octave or two down, following the chords. */
  | { kind: 'bass'; gain: number; octave: number; attack: number; release: number }
  /**
   * Plucked notes, one each `step` seconds, walking `pattern` (indexes into the chord, 3 = the
   * first chord tone an octave up …), decaying at `decay` per second.
   */
  | { kind: 'arp'; gain: number; step: number; pattern: readonly number[]; octave: number; decay: number }
  /** The whole chord struck softly each `step` seconds: a warm, steady pulse. */
  | { kind: 'pulse'; gain: number; step: number; octave: number; decay: number };

export type TrackRecipe = {
  /** The file name and the id the API answers: `music/<slug>.mp3`. Change it whenever the recipe changes (the files are cached for good). */
  slug: string;
  name: string;
  mood: string;
  /** Seconds, 60–90. */
  duration: number;
  /** Seconds each chord lasts. */
  chordSeconds: number;
  chords: readonly Chord[];
  layers: readonly Layer[];
};

/** Integrated loudness the tracks are normalised to (LUFS): music sits under narration. */
export const MUSIC_LOUDNESS = -20;
export const MUSIC_SAMPLE_RATE = 44_100;
/** The rate the loop is synthesised at before resampling: enough for tones under 5 kHz, half the work. */
const SYNTH_RATE = 22_050;
const FADE_IN = 2;
const FADE_OUT = 4;

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
const num = (value: number) => Number(value.toFixed(6)).toString();

/** `if(eq(index,0),e0,if(eq(index,1),e1,…))`: ffmpeg evaluates only the branch taken. */
function branch(index: string, exprs: readonly string[]): string {
  const [first, ...rest] = exprs;
  if (first === undefined) return '0';
  if (rest.length === 0) return first;
  return `if(eq(${index},0),${first},${branch(`${index}-1`, rest)})`;
}

/**
 * A soft tone at `midi`, its phase counted from `time` (seconds since the note began, so the
 * loop repeats seamlessly): the fundamental with a little of the second and third harmonic.
 */
function tone(midi: number, brightness: number, time: string, detune = 0): string {
  const w = num(2 * Math.PI * hz(midi) * (1 + detune));
  const h2 = num(0.35 * brightness);
  const h3 = num(0.12 * brightness);
  if (brightness === 0) return `sin(${w}*${time})`;
  return `(sin(${w}*${time})+${h2}*sin(2*${w}*${time})+${h3}*sin(3*${w}*${time}))`;
}

/**
 * Registers the loop position once per sample (`st`/`ld`): 0 = this chord's index, 1 = the
 * previous chord's index, 2 = seconds into this chord.
 */
function loopState(recipe: TrackRecipe): string {
  const n = recipe.chords.length;
  const d = num(recipe.chordSeconds);
  return `st(0,mod(floor(t/${d}),${n}));st(1,mod(floor(t/${d})+${n - 1},${n}));st(2,mod(t,${d}))`;
}

/** 1 at a chord's start, 0 at its end: the previous chord's tail is gone before the next change. */
const taper = (recipe: TrackRecipe) => `(1-ld(2)/${num(recipe.chordSeconds)})`;

/** What each chord sounds like (`sound(chord)`), chosen by the chord index in register `reg`. */
const byChord = (recipe: TrackRecipe, reg: number, sound: (chord: Chord) => string) =>
  branch(`ld(${reg})`, recipe.chords.map(sound));

function pad(recipe: TrackRecipe, layer: Extract<Layer, { kind: 'pad' }>): string {
  const shift = 12 * (layer.octave ?? 0);
  const voices = Math.max(...recipe.chords.map((c) => c.length));
  const chordTones = (time: string) => (chord: Chord) =>
    chord
      .map((note) => `${tone(note + shift, layer.brightness, time)}+0.5*${tone(note + shift, 0, time, 0.004)}`)
      .join('+');
  // This chord swells in; the previous one dies away from where it had got to.
  const held = num(1 - Math.exp(-recipe.chordSeconds / layer.attack));
  const rise = `(1-exp(-ld(2)/${num(layer.attack)}))`;
  const fall = `${held}*exp(-ld(2)/${num(layer.release)})*${taper(recipe)}`;
  const g = num(layer.gain / (1.5 * voices));
  const since = `(ld(2)+${num(recipe.chordSeconds)})`;
  return `${g}*(${rise}*(${byChord(recipe, 0, chordTones('ld(2)'))})+${fall}*(${byChord(recipe, 1, chordTones(since))}))`;
}

function bass(recipe: TrackRecipe, layer: Extract<Layer, { kind: 'bass' }>): string {
  const shift = -12 * layer.octave;
  const held = num(1 - Math.exp(-recipe.chordSeconds / layer.attack));
  const root = (time: string) => (chord: Chord) => tone((chord[0] ?? 48) + shift, 0.4, time);
  const since = `(ld(2)+${num(recipe.chordSeconds)})`;
  return (
    `${num(layer.gain)}*((1-exp(-ld(2)/${num(layer.attack)}))*${byChord(recipe, 0, root('ld(2)'))}` +
    `+${held}*exp(-ld(2)/${num(layer.release)})*${taper(recipe)}*${byChord(recipe, 1, root(since))})`
  );
}

/** A chord tone by pattern index: indexes past the chord's size climb by octaves. */
const patternNote = (chord: Chord, index: number) =>
  (chord[index % chord.length] ?? 60) + 12 * Math.floor(index / chord.length);

/** A layer that keeps its own registers: what to store first, then what it sounds like. */
type Stateful = { state: string; body: string };

function arp(recipe: TrackRecipe, layer: Extract<Layer, { kind: 'arp' }>): Stateful {
  const d = num(recipe.chordSeconds);
  const n = recipe.chords.length;
  const s = num(layer.step);
  const p = layer.pattern.length;
  const shift = 12 * layer.octave;
  // Register 3: this note's place in the pattern; 4: its chord; 5: seconds into the note.
  // The previous note (registers 6, 7) rings on under it.
  const step = `floor(t/${s}+0.000001)`;
  const state =
    `st(3,mod(${step},${p}));st(4,mod(floor(${step}*${s}/${d}+0.000001),${n}));st(5,t-${step}*${s});` +
    `st(6,mod(${step}+${p - 1},${p}));st(7,mod(floor((${step}-1)*${s}/${d}+0.000001)+${n},${n}))`;
  const note = (chordReg: number, placeReg: number, time: string) =>
    byChord(recipe, chordReg, (chord) =>
      branch(
        `ld(${placeReg})`,
        layer.pattern.map((index) => tone(patternNote(chord, index) + shift, 0.5, time)),
      ),
    );
  const dec = num(layer.decay);
  const since = `(ld(5)+${s})`;
  const now = `(1-exp(-ld(5)*120))*exp(-ld(5)*${dec})*${note(4, 3, 'ld(5)')}`;
  // The note before fades out by the end of this one, so nothing stops with a click.
  const before = `exp(-${since}*${dec})*(1-ld(5)/${s})*${note(7, 6, since)}`;
  return { state, body: `${num(layer.gain)}*(${now}+${before})` };
}

function pulse(recipe: TrackRecipe, layer: Extract<Layer, { kind: 'pulse' }>): Stateful {
  const s = num(layer.step);
  const voices = Math.max(...recipe.chords.map((c) => c.length));
  const shift = 12 * layer.octave;
  // Register 8: seconds into this beat. A soft 25 ms attack, so it breathes rather than clicks.
  const state = `st(8,mod(t,${s}))`;
  const chordTones = byChord(recipe, 0, (chord) => chord.map((note) => tone(note + shift, 0.25, 'ld(8)')).join('+'));
  // …and it has died away by the next beat (no click where one beat gives way to the next).
  const env = `(1-exp(-ld(8)*40))*exp(-ld(8)*${num(layer.decay)})*(1-pow(ld(8)/${s},3))`;
  return { state, body: `${num(layer.gain / voices)}*${env}*(${chordTones})` };
}

/** The whole track as one mono `aevalsrc` expression. */
export function trackExpression(recipe: TrackRecipe): string {
  const parts: string[] = [];
  const setup: string[] = [loopState(recipe)];
  for (const layer of recipe.layers) {
    if (layer.kind === 'pad') parts.push(pad(recipe, layer));
    else if (layer.kind === 'bass') parts.push(bass(recipe, layer));
    else {
      const { state, body } = layer.kind === 'arp' ? arp(recipe, layer) : pulse(recipe, layer);
      setup.push(state);
      parts.push(body);
    }
  }
  return `${setup.join(';')};${parts.join('+')}`;
}

/**
 * The recipe's loop (every chord once) in seconds. Everything a layer plays is a function of the
 * position in the loop, so one loop is synthesised and repeated: a fraction of the work.
 */
export function loopSeconds(recipe: TrackRecipe): number {
  return recipe.chords.length * recipe.chordSeconds;
}

/**
 * ffmpeg arguments that write the recipe as a stereo 44.1 kHz MP3 (128 kb/s) to `output`: one
 * loop synthesised at 22.05 kHz (the tones stay below 5 kHz) and repeated, a soft low-pass,
 * three echoes for space, a 12 ms Haas delay on the right for width, loudness normalisation,
 * fade in and out, and the exact length.
 */
export function ffmpegArguments(recipe: TrackRecipe, output: string): string[] {
  const { duration } = recipe;
  const loopSamples = loopSeconds(recipe) * SYNTH_RATE;
  if (!Number.isInteger(loopSamples)) throw new Error(`${recipe.slug}: the loop is not a whole number of samples`);
  // The expression goes in a quoted filter option: escape what the filtergraph parser reads.
  const expression = trackExpression(recipe).replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  const graph = [
    `aevalsrc=exprs='${expression}':s=${SYNTH_RATE}:d=${loopSeconds(recipe)},`,
    `aloop=loop=-1:size=${loopSamples},atrim=0:${duration + 1},aresample=${MUSIC_SAMPLE_RATE},lowpass=f=4500,`,
    'aecho=0.9:0.8:53|97|149:0.22|0.15|0.1,pan=stereo|c0=c0|c1=c0,adelay=0|12,',
    `loudnorm=I=${MUSIC_LOUDNESS}:TP=-2:LRA=11,aresample=${MUSIC_SAMPLE_RATE},`,
    `atrim=0:${duration},afade=t=in:d=${FADE_IN},afade=t=out:st=${duration - FADE_OUT}:d=${FADE_OUT}`,
  ].join('');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-filter_complex',
    graph,
    '-ac',
    '2',
    '-ar',
    String(MUSIC_SAMPLE_RATE),
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    '-metadata',
    `title=${recipe.name}`,
    '-metadata',
    'artist=Reelwright',
    '-metadata',
    'copyright=Reelwright stock music, royalty-free',
    output,
  ];
}
