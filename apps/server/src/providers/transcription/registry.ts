/**
 * The transcribers this server offers (interface in types.ts): the embedded aligner
 * by default, OpenAI, a whisper.cpp server or AWS Transcribe when chosen and configured.
 */
import type { Config } from '../../config';
import { ProviderError } from '../http/provider-error';
import { createEspeakProvider } from '../tts/espeak/provider';
import { AlignmentError, alignScript } from './align/align';
import type { WavSpeaker } from './align/synthetic';
import { createAwsTranscriber } from './aws';
import { createOpenAiTranscriber } from './openai';
import type { TranscriptionProvider } from './types';
import { createWhisperTranscriber } from './whisper';

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
        if (error instanceof AlignmentError) throw new ProviderError('align', 'bad_request', error.message);
        throw error;
      }
    },
    close: async () => {
      if (options.closeSpeaker) await speaker.close?.();
    },
  };
}

/** The recogniser `TRANSCRIBE_ENGINE` chooses, or null when it is `align` or not configured. */
function createRecogniser(config: Config): TranscriptionProvider | null {
  const { transcription } = config;
  switch (transcription.engine) {
    case 'openai':
      return createOpenAiTranscriber({ ...config.tts.openai, model: transcription.openaiModel });
    case 'whisper':
      return createWhisperTranscriber(transcription.whisper);
    case 'aws':
      return createAwsTranscriber({
        ...transcription.aws,
        bucket: config.storage.kind === 's3' ? config.storage.bucket : undefined,
      });
    default:
      return null;
  }
}

const MISSING: Record<string, string> = {
  openai: 'OPENAI_API_KEY is not set',
  whisper: 'WHISPER_URL is not set',
  aws: 'AWS_TRANSCRIBE_ACCESS_KEY_ID and AWS_TRANSCRIBE_SECRET_ACCESS_KEY are not set',
};

/**
 * The configured transcriber: the recogniser `TRANSCRIBE_ENGINE` names (openai, whisper, aws)
 * when its settings are there, otherwise the embedded aligner (a missing key means the vendor is
 * not offered, DESIGN §8).
 */
export function createTranscriber(
  config: Config,
  options: { speaker?: WavSpeaker; log?: (message: string) => void } = {},
): TranscriptionProvider {
  const { engine } = config.transcription;
  const recogniser = createRecogniser(config);
  if (recogniser) {
    if (engine === 'aws' && config.storage.kind !== 's3') {
      options.log?.('TRANSCRIBE_ENGINE=aws needs STORAGE=s3: AWS Transcribe reads recordings from the bucket.');
    }
    return recogniser;
  }
  if (engine !== 'align') {
    options.log?.(
      `TRANSCRIBE_ENGINE=${engine} but ${MISSING[engine]}: voice-overs are aligned by the embedded aligner.`,
    );
  }
  if (options.speaker) return createAlignTranscriber(options.speaker);
  // Two processes: fragments are spoken in parallel, and two members' transcriptions can share them.
  return createAlignTranscriber(createEspeakProvider({ processes: 2 }), { closeSpeaker: true });
}

/** The name of the transcriber `createTranscriber` makes for this config ('align', 'openai', 'whisper', 'aws'). */
export function transcriberName(config: Config): string {
  return createRecogniser(config)?.name ?? 'align';
}
