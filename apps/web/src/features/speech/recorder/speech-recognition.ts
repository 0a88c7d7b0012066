/** The recogniser's language in answering-machine mode (spec 002 §4). */
export const RECOGNITION_LANG = 'en-US';

/** The part of the Web Speech API the recorder uses (Chrome-type browsers ship it prefixed). */
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  const scope = globalThis as {
    webkitSpeechRecognition?: RecognitionConstructor;
    SpeechRecognition?: RecognitionConstructor;
  };
  return scope.webkitSpeechRecognition ?? scope.SpeechRecognition ?? null;
}

/** Whether answering-machine mode can be offered: the browser recognises speech. */
export function canRecogniseSpeech(): boolean {
  return recognitionConstructor() !== null;
}

/**
 * Listens while a take records, calling `onWords` with what was heard so far; the answering-machine
 * mode counts words as speech. Restarts when the browser ends a session early. Returns the stop.
 */
export function listenForSpeech(onWords: (transcript: string) => void): () => void {
  const Constructor = recognitionConstructor();
  if (!Constructor) return () => {};
  const recognition = new Constructor();
  let active = true;
  recognition.lang = RECOGNITION_LANG;
  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.onresult = (event) => {
    const transcript = Array.from(event.results, (result) => result[0]?.transcript ?? '').join(' ');
    if (transcript.trim()) onWords(transcript.trim());
  };
  // Recognition is a helper: without it (offline, refused) the level-based silence detection still works.
  recognition.onerror = () => {};
  recognition.onend = () => {
    if (!active) return;
    try {
      recognition.start();
    } catch {
      active = false;
    }
  };
  try {
    recognition.start();
  } catch {
    active = false;
  }
  return () => {
    active = false;
    try {
      recognition.stop();
    } catch {
      // already stopped
    }
  };
}
