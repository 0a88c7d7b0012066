/**
 * Compiles the movie's audio plan (`audioPlan` in core, the one owner of sound, DESIGN §6) into
 * one ffmpeg filter graph, so the export plays exactly what the player schedules.
 */
import type { AudioClip } from '@reelwright/core';

/** An audio clip whose source is a local file. */
export type MixClip = AudioClip & {
  /** Local path of the source. */
  path: string;
  /** Length of the source in seconds, when known: a looped clip's offset wraps around it. */
  sourceDuration?: number;
};

/** ffmpeg arguments of the mix: the inputs to add and the graph producing `output`. */
export type AudioMix = {
  /** Input arguments (`-ss`, `-stream_loop`, `-i`), to append after the inputs already given. */
  inputArgs: string[];
  /** Filter graph chains, `;`-joined, ending in the label `output`. */
  filter: string;
  /** The graph's output label, e.g. `[aout]`. */
  output: string;
};

const SAMPLE_RATE = 48_000;
const FORMAT = `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo`;

/** Seconds as an ffmpeg number (no exponent notation, microsecond precision). */
const secs = (value: number) => Number(value.toFixed(6)).toString();

/** `atempo` filters for a rate: one filter takes 0.5–100, slower rates chain halvings. */
export function atempoChain(rate: number): string[] {
  if (rate === 1) return [];
  const chain: string[] = [];
  let rest = rate;
  while (rest < 0.5) {
    chain.push('atempo=0.5');
    rest /= 0.5;
  }
  chain.push(`atempo=${secs(rest)}`);
  return chain;
}

/**
 * The mix of `clips` over a movie of `duration` seconds, for an ffmpeg command that already has
 * `firstInput` inputs. Each clip is one input, started at its offset (wrapped around the source
 * length when looped), looped with `-stream_loop`, trimmed to the source seconds it plays, sped by
 * `atempo`, scaled by `volume`, delayed to its start and padded with endless silence; `amix` sums
 * them and the result is cut to the duration. No clips make a silent track of the movie's length.
 *
 * The graph runs on ffmpeg 4.1 too (the npm-installed static build, D33), which has neither
 * `adelay`'s `all` nor `amix`'s `normalize=0`: each delay names both channels (the clips are
 * stereo by then), and since padding keeps every input going to the end, `amix` divides by the
 * same count throughout, which `volume` multiplies back: a plain sum.
 */
export function compileAudioMix(clips: MixClip[], duration: number, firstInput: number): AudioMix {
  const output = '[aout]';
  const end = `atrim=end=${secs(duration)},asetpts=N/SR/TB`;
  if (clips.length === 0) {
    return {
      inputArgs: [],
      filter: `anullsrc=r=${SAMPLE_RATE}:cl=stereo,atrim=end=${secs(duration)}${output}`,
      output,
    };
  }
  const inputArgs: string[] = [];
  const chains = clips.map((clip, index) => {
    const known = clip.sourceDuration && clip.sourceDuration > 0 ? clip.sourceDuration : null;
    const offset = clip.loop && known ? clip.offset % known : clip.offset;
    if (clip.loop) inputArgs.push('-stream_loop', '-1');
    if (offset > 0) inputArgs.push('-ss', secs(offset));
    inputArgs.push('-i', clip.path);
    const filters = [
      `atrim=duration=${secs(clip.duration * clip.rate)}`,
      'asetpts=PTS-STARTPTS',
      FORMAT,
      ...atempoChain(clip.rate),
      `volume=${secs(clip.gain)}`,
      `adelay=delays=${Math.round(clip.start * 1000)}|${Math.round(clip.start * 1000)}`,
      'apad',
    ];
    return `[${firstInput + index}:a]${filters.join(',')}[a${index}]`;
  });
  const labels = clips.map((_, index) => `[a${index}]`).join('');
  const mix = `${labels}amix=inputs=${clips.length}:dropout_transition=0,volume=${clips.length},${FORMAT},${end}${output}`;
  return { inputArgs, filter: [...chains, mix].join(';'), output };
}
