/**
 * The transcribers this server offers (interface in transcribe-types.ts): the embedded aligner
 * by default, OpenAI when chosen and its key is set.
 */
import type { Config } from '../config';
import { createEspeakProvider } from '../providers/tts/espeak/provider';
import { AlignmentError, alignScript } from './alignment/align';
import type { WavSpeaker } from './alignment/synthetic';
import { createOpenAiTranscriber } from './transcribe-openai';
import { TranscriptionError, type TranscriptionProvider } from './transcribe-types';

/** The embedded default: forced alignment of the recording with its script. */
export function createAlignTranscriber(
  speaker: WavSpeaker & { close?(): Promise<void> },
  options: { closeSpeaker?: boolean } = {},
): TranscriptionProvider {
  return {
    name: 'align',
    needsScript: true,
    async transcribe({ recording, texts }) {
      try {
        const { items } = await alignScript({ recording, texts, speaker });
        return { items };
      } catch (error) {
        if (error instanceof AlignmentError) throw new TranscriptionError('align', 'bad_request', error.message);
        throw error;
      }
    },
    close: async () => {
      if (options.closeSpeaker) await speaker.close?.();
    },
  };
}

/**
 * The configured transcriber: `TRANSCRIBE_ENGINE=openai` with OPENAI_API_KEY set, otherwise the
 * embedded aligner (a missing key means the vendor is not offered, DESIGN §8).
 */
export function createTranscriber(
  config: Config,
  options: { speaker?: WavSpeaker; log?: (message: string) => void } = {},
): TranscriptionProvider {
  if (config.transcription.engine === 'openai') {
    const openai = createOpenAiTranscriber({ ...config.tts.openai, model: config.transcription.openaiModel });
    if (openai) return openai;
    options.log?.(
      'TRANSCRIBE_ENGINE=openai but OPENAI_API_KEY is not set: voice-overs are aligned by the embedded aligner.',
    );
  }
  if (options.speaker) return createAlignTranscriber(options.speaker);
  // Two threads: fragments are spoken in parallel, and two members' transcriptions can share them.
  return createAlignTranscriber(createEspeakProvider({ threads: 2 }), { closeSpeaker: true });
}

/** The name of the transcriber `createTranscriber` makes for this config ('align' or 'openai'). */
export function transcriberName(config: Config): string {
  return config.transcription.engine === 'openai' && config.tts.openai.apiKey ? 'openai' : 'align';
}
