/**
 * Text to speech behind one interface (DESIGN §8): the embedded default (eSpeak NG compiled to
 * WASM, offered as `free_tts`) and the paid vendors' adapters (offered as `paid_tts` when their
 * keys are configured). The speech domain picks a provider by voice, caches results and applies
 * the member's rules; providers only turn text into sound.
 */

/** How the spec's clients name engines (001 §3, §9 voice sources). */
export type TtsEngine = 'free_tts' | 'paid_tts';

/** A narration voice (001 §3 Voice: Id, label, Name, LanguageCode, LanguageName, engine). */
export type Voice = {
  /** Unique across providers, stable: e.g. 'en-US-Wavenet-C', 'espeak:en-us+f3', 'polly:Joanna:neural'. */
  id: string;
  /** What the voice picker shows, e.g. 'Joanna (US English, female)'. */
  label: string;
  /** The vendor's own name of the voice. */
  name: string;
  /** BCP 47, e.g. 'en-US'. */
  languageCode: string;
  /** In English, e.g. 'English (United States)'. */
  languageName: string;
  engine: TtsEngine;
  /** Which provider speaks it: 'espeak', 'google', 'polly', 'azure', 'elevenlabs', 'openai'. */
  provider: string;
  gender?: 'female' | 'male' | 'neutral';
};

export type SynthesisOptions = {
  /** Speaking rate, 1 = the voice's normal (0.5–2). */
  rate?: number;
  /** Pitch shift in semitones (-12–12), where the engine supports it. */
  pitch?: number;
};

/** A word's place in the synthesised audio, when the engine tells. */
export type WordTiming = { text: string; start: number; end: number };

/** What a provider returns: the sound as MP3 bytes, its length, and word timings when known. */
export type Synthesis = {
  mp3: Buffer;
  /** Seconds, measured (ffprobe) rather than estimated. */
  duration: number;
  words?: WordTiming[];
};

/**
 * A text-to-speech provider. It fails with a ProviderError (`providers/http/provider-error.ts`,
 * D64): bad key, quota, rate limit, text refused, vendor down or timed out.
 */
export interface TtsProvider {
  /** 'espeak', 'google', 'polly', 'azure', 'elevenlabs', 'openai'. */
  readonly name: string;
  readonly engine: TtsEngine;
  /** The voices it offers (may call the vendor once and cache). */
  voices(): Promise<Voice[]>;
  /** Speaks plain text (pronunciations already applied, asterisks already stripped). */
  synthesize(text: string, voice: Voice, options?: SynthesisOptions): Promise<Synthesis>;
}
