/**
 * The text-to-speech providers this server offers: the embedded eSpeak NG always, plus each paid
 * vendor whose key is configured (DESIGN §8: a missing key means the provider is not offered).
 */
import type { Config } from '../../config';
import { createAzureProvider } from './azure';
import { createElevenLabsProvider } from './elevenlabs';
import { createEspeakProvider, type EspeakProvider } from './espeak/provider';
import { ESPEAK_DEFAULT_ENGLISH_ID } from './espeak/voices';
import { createGoogleProvider } from './google';
import { createOpenAiProvider } from './openai';
import { createPollyProvider } from './polly';
import type { TtsProvider, Voice } from './types';

/** The spec's default voice (000 §3 Voice setting), a Google voice. */
export const DEFAULT_VOICE_ID = 'en-US-Wavenet-C';

/** Paid vendors, each a factory answering null when its key is not configured. */
const PAID_PROVIDERS: Array<(config: Config) => TtsProvider | null> = [
  (config) => createGoogleProvider(config.tts.google),
  (config) => createPollyProvider(config.tts.polly),
  (config) => createAzureProvider(config.tts.azure),
  (config) => createElevenLabsProvider(config.tts.elevenlabs),
  (config) => createOpenAiProvider(config.tts.openai),
];

export type TtsProviders = {
  /** eSpeak first, then the configured paid vendors. */
  readonly providers: readonly TtsProvider[];
  readonly espeak: EspeakProvider;
  /** Every provider's voices (a vendor that cannot be reached is left out and logged). */
  voices(): Promise<Voice[]>;
  /** A voice by its id, or undefined. */
  findVoice(id: string): Promise<Voice | undefined>;
  /**
   * The voice to speak with: the one asked for; else, for the spec's default voice or a voice of
   * a vendor no longer configured, eSpeak's voice of the same language (`lang`, then its base
   * language, then English for the default voice); undefined when there is none.
   */
  resolveVoice(id: string, lang?: string): Promise<Voice | undefined>;
  /** The provider that speaks a voice. */
  providerOf(voice: Voice): TtsProvider;
  /** Stops the embedded engine's workers. */
  close(): Promise<void>;
};

export type TtsRegistryOptions = {
  /** Use these paid providers instead of the configured ones (tests). */
  paid?: TtsProvider[];
  /** eSpeak child processes. */
  espeakProcesses?: number;
  log?: (message: string) => void;
};

export function createTtsProviders(config: Config, options: TtsRegistryOptions = {}): TtsProviders {
  const espeak = createEspeakProvider({ processes: options.espeakProcesses });
  const paid = options.paid ?? PAID_PROVIDERS.map((make) => make(config)).filter((p): p is TtsProvider => p !== null);
  const providers: TtsProvider[] = [espeak, ...paid];
  const log = options.log ?? (() => {});

  const voicesOf = async (provider: TtsProvider): Promise<Voice[]> => {
    try {
      return await provider.voices();
    } catch (error) {
      if (provider === espeak) throw error;
      log(`text to speech: the ${provider.name} voices could not be listed: ${(error as Error).message}`);
      return [];
    }
  };
  const voices = async () => (await Promise.all(providers.map(voicesOf))).flat();
  const findVoice = async (id: string) => (await voices()).find((v) => v.id === id);

  const espeakFor = async (lang: string | undefined): Promise<Voice | undefined> => {
    if (!lang) return undefined;
    const all = await espeak.voices();
    const wanted = lang.toLowerCase();
    const base = wanted.split(/[-_]/)[0];
    // The female variant first, like the spec's default voice; then any voice of the language.
    const pick = (match: (code: string) => boolean) =>
      all.find((v) => match(v.languageCode.toLowerCase()) && v.gender === 'female') ??
      all.find((v) => match(v.languageCode.toLowerCase()));
    return pick((code) => code === wanted) ?? pick((code) => code === base || code.startsWith(`${base}-`));
  };

  return {
    providers,
    espeak,
    voices,
    findVoice,
    async resolveVoice(id, lang) {
      const found = await findVoice(id);
      if (found) return found;
      if (id === DEFAULT_VOICE_ID) {
        return (await espeakFor(lang)) ?? (await espeak.voices()).find((v) => v.id === ESPEAK_DEFAULT_ENGLISH_ID);
      }
      if (id.startsWith('espeak:')) return undefined;
      return espeakFor(lang);
    },
    providerOf(voice) {
      const provider = providers.find((p) => p.name === voice.provider);
      if (!provider) throw new Error(`No text-to-speech provider ${voice.provider} for voice ${voice.id}.`);
      return provider;
    },
    close: () => espeak.close(),
  };
}
