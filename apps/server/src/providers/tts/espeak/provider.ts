/**
 * The embedded default text to speech (DESIGN §2): eSpeak NG compiled to WASM (npm `espeak-ng`,
 * which ships the WASM with its voice data embedded), run in child processes (it is GPL-3.0:
 * DESIGN §3); WAV → MP3 with the system ffmpeg. No network, no system package besides ffmpeg.
 * Offered as `free_tts`.
 *
 * eSpeak's command line gives no word timings, so `words` is left out.
 */

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../../../ffmpeg/ffmpeg';
import { probeMedia } from '../../../ffmpeg/probe';
import { ProviderError } from '../../http/provider-error';
import type { Synthesis, SynthesisOptions, TtsProvider, Voice } from '../types';
import { EspeakEngine, type EspeakEngineOptions, EspeakError } from './engine';
import { type EspeakVoice, espeakVoices, parseVoiceTable } from './voices';

/** eSpeak's normal speed in words a minute (`-s`), what rate 1 means. */
const BASE_WPM = 175;
/** eSpeak's pitch (`-p`, 0–99) for the voice's normal pitch. */
const BASE_PITCH = 50;
/** Roughly how many `-p` steps make a semitone (eSpeak's pitch scale is not in semitones). */
const PITCH_STEPS_PER_SEMITONE = 4;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The `-s` and `-p` arguments for the interface's rate (1 = normal) and pitch (semitones). */
export function espeakProsody(options: SynthesisOptions = {}): { wpm: number; pitch: number } {
  const rate = options.rate !== undefined && Number.isFinite(options.rate) ? options.rate : 1;
  const pitch = options.pitch !== undefined && Number.isFinite(options.pitch) ? options.pitch : 0;
  return {
    wpm: Math.round(clamp(BASE_WPM * rate, 80, 450)),
    pitch: Math.round(clamp(BASE_PITCH + pitch * PITCH_STEPS_PER_SEMITONE, 0, 99)),
  };
}

export class EspeakProvider implements TtsProvider {
  readonly name = 'espeak';
  readonly engine = 'free_tts' as const;
  private readonly runner: EspeakEngine;
  private catalog: Promise<Map<string, EspeakVoice>> | null = null;

  constructor(options: EspeakEngineOptions = {}) {
    this.runner = new EspeakEngine(options);
  }

  /** Every language eSpeak has, each with its variants (listed by the engine once, then kept). */
  async voices(): Promise<Voice[]> {
    return [...(await this.voiceMap()).values()].map(({ espeakVoice: _, ...voice }) => voice);
  }

  async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}): Promise<Synthesis> {
    const known = (await this.voiceMap()).get(voice.id);
    if (!known) throw new ProviderError(this.name, 'bad_request', `eSpeak has no voice ${voice.id}.`);
    const wav = await this.speakWav(text, known.espeakVoice, options);
    return wavToMp3(wav);
  }

  /** Speaks text as a 22.05 kHz mono WAV with an eSpeak voice name (`en-us`, `gmw/en-US+f3`). */
  async speakWav(text: string, espeakVoice: string, options: SynthesisOptions = {}): Promise<Buffer> {
    const { wpm, pitch } = espeakProsody(options);
    const args = ['-v', espeakVoice, '-s', String(wpm), '-p', String(pitch), '-b', '1'];
    try {
      const { file } = await this.runner.run({
        // The text goes in a file, not the arguments, so text starting with '-' is never an option.
        args: [...args, '-w', '/out.wav', '-f', '/input.txt'],
        input: text,
        output: '/out.wav',
      });
      if (!file) throw new EspeakError('eSpeak produced no audio.');
      return file;
    } catch (error) {
      if (error instanceof EspeakError) throw new ProviderError(this.name, 'unavailable', error.message);
      throw error;
    }
  }

  /** The ids of the eSpeak processes running now (children of this process). */
  get processIds(): number[] {
    return this.runner.pids;
  }

  /** Stops the eSpeak processes and waits until they have exited. */
  close(): Promise<void> {
    return this.runner.close();
  }

  private voiceMap(): Promise<Map<string, EspeakVoice>> {
    if (!this.catalog) {
      this.catalog = this.runner.run({ args: ['--voices'] }).then(
        ({ stdout }) => new Map(espeakVoices(parseVoiceTable(stdout)).map((v) => [v.id, v])),
        (error: unknown) => {
          this.catalog = null;
          throw error;
        },
      );
    }
    return this.catalog;
  }
}

/** WAV bytes → MP3 (mono, VBR ~64 kb/s) with its duration measured by ffprobe. */
export async function wavToMp3(wav: Buffer): Promise<Synthesis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-tts-'));
  try {
    const input = path.join(dir, 'speech.wav');
    const output = path.join(dir, 'speech.mp3');
    await writeFile(input, wav);
    await runTool('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      input,
      '-ac',
      '1',
      '-codec:a',
      'libmp3lame',
      '-q:a',
      '5',
      output,
    ]);
    const [mp3, probe] = await Promise.all([readFile(output), probeMedia(output)]);
    return { mp3, duration: probe.duration };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The embedded default provider; always available. */
export function createEspeakProvider(options: EspeakEngineOptions = {}): EspeakProvider {
  return new EspeakProvider(options);
}
