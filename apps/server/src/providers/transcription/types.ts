/**
 * Voice-over transcription behind one interface (DESIGN §8): the embedded default aligns the
 * recording with the script it knows (align/, eSpeak + MFCC + DTW, offline); adapters
 * recognise speech with an outside service when one is configured (OpenAI, AWS Transcribe, a
 * whisper.cpp server). Each answers AWS Transcribe's
 * `items`, the shape the spec's client reads (001 §7).
 */
/** A word and its time, as AWS Transcribe's JSON gives it (the shape spec 001 §7's client reads). */
export type TranscriptItem = {
  type: 'pronunciation';
  alternatives: [{ content: string }];
  start_time: string;
  end_time: string;
};

export type TranscriptionRequest = {
  /** A local audio file (the stored MP3). */
  recording: string;
  /** Its storage key, for recognisers that read it where it is stored (AWS Transcribe, from S3). */
  recordingKey?: string;
  /** The script, one entry per slide text; recognisers may ignore it. */
  texts: readonly string[];
};

/**
 * A transcriber. It fails with a ProviderError (`providers/http/provider-error.ts`, D64); the
 * `permanent` ones (auth, bad_request) are not retried.
 */
export interface TranscriptionProvider {
  /** 'align', 'openai' … (stored with each transcription). */
  readonly name: string;
  /** Whether it needs the script (the aligner) or hears the words itself (recognisers). */
  readonly needsScript: boolean;
  transcribe(request: TranscriptionRequest): Promise<{ items: TranscriptItem[] }>;
  close?(): Promise<void>;
}
