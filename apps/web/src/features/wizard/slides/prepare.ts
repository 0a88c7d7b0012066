import { plainText, type Slide, slideMediaOf } from '@reelwright/core';
import { create } from 'zustand';
import { ApiRequestError, call } from '../../../lib/api';
import { useProject } from '../../project/project-store';
import { updateText } from './slide-edits';

/** A line that still needs something: its slide and text ids, and what to ask with. */
type Need = { slideId: string; textId: string; text: string; first: boolean };

type Progress = { done: number; total: number };

type PrepareState = {
  media: Progress & { running: Promise<void> | null };
  speech: Progress & { running: boolean; cancelling: boolean };
};

/** What the slides step is preparing in the background: images and narration, with progress. */
export const usePrepare = create<PrepareState>(() => ({
  media: { done: 0, total: 0, running: null },
  speech: { done: 0, total: 0, running: false, cancelling: false },
}));

/** Lines with words but no media (spec 001 §4 "Media auto-fetch": one item per line). */
export function linesWithoutMedia(slides: readonly Slide[]): Need[] {
  return slides.flatMap((slide, s) =>
    slide.texts.flatMap((text, t) =>
      text.media.length === 0 && plainText(text.text).trim()
        ? [{ slideId: slide.id, textId: text.id, text: text.text, first: s === 0 && t === 0 }]
        : [],
    ),
  );
}

/** Every media URL the project uses already, so auto-fetch never repeats a picture. */
export function usedMediaUrls(slides: readonly Slide[]): string[] {
  return slides.flatMap((slide) => slide.texts.flatMap((text) => text.media.map((m) => m.url)));
}

/**
 * Fetches one picture (or clip) for every line without media, two at a time, each written to its
 * line as it arrives. A second call while one runs joins it. A failed line keeps no media and is
 * not retried here; the author can search for one.
 */
export function fetchMissingMedia(): Promise<void> {
  const current = usePrepare.getState().media.running;
  if (current) return current;
  const slides = useProject.getState().data.wizard.slides;
  const needs = linesWithoutMedia(slides);
  if (needs.length === 0) return Promise.resolve();
  const used = new Set(usedMediaUrls(slides));
  const setMedia = (patch: Partial<PrepareState['media']>) =>
    usePrepare.setState((s) => ({ media: { ...s.media, ...patch } }));

  const fetchOne = async (need: Need) => {
    try {
      const item = await call('mediaAutoFetch', {
        text: need.text,
        firstLineOfFirstSlide: need.first,
        used: [...used],
      });
      used.add(item.url);
      updateText(need.slideId, need.textId, (text) => {
        if (text.media.length > 0) return;
        text.media.push(slideMediaOf(item, crypto.randomUUID()));
      });
    } catch {
      // Counted as done: the line shows its empty media box and the search is one click away.
    } finally {
      setMedia({ done: usePrepare.getState().media.done + 1 });
    }
  };

  const running = (async () => {
    const queue = [...needs];
    const worker = async () => {
      for (let need = queue.shift(); need; need = queue.shift()) await fetchOne(need);
    };
    await Promise.all([worker(), worker()]);
  })().finally(() => setMedia({ running: null }));
  setMedia({ done: 0, total: needs.length, running });
  return running;
}

/** Lines whose slide narrates with text to speech and that have no narration yet. */
export function linesWithoutSpeech(slides: readonly Slide[], onlyFirstSlide = false): Need[] {
  return (onlyFirstSlide ? slides.slice(0, 1) : slides).flatMap((slide) =>
    slide.settings.audioSource === 'free_tts' || slide.settings.audioSource === 'paid_tts'
      ? slide.texts.flatMap((text) =>
          !text.audio.url && plainText(text.text).trim()
            ? [{ slideId: slide.id, textId: text.id, text: text.text, first: false }]
            : [],
        )
      : [],
  );
}

export type SpeechOutcome = 'done' | 'aborted' | { error: string; code: string };

let speechAbort: AbortController | null = null;

/** Narration calls in flight at once: two keep eSpeak's threads busy (docs/benchmarks.md). */
export const SPEECH_CALLS_AT_ONCE = 2;

/**
 * Generates the missing narration (spec 001 §4), two lines at a time; the first refusal (a free
 * plan's 35 s limit, a vendor error) stops further calls. Abort stops after the clips being made.
 */
export async function generateMissingSpeech(options: { onlyFirstSlide?: boolean } = {}): Promise<SpeechOutcome> {
  const slides = useProject.getState().data.wizard.slides;
  const needs = linesWithoutSpeech(slides, options.onlyFirstSlide);
  if (needs.length === 0) return 'done';
  const abort = new AbortController();
  speechAbort = abort;
  const setSpeech = (patch: Partial<PrepareState['speech']>) =>
    usePrepare.setState((s) => ({ speech: { ...s.speech, ...patch } }));
  setSpeech({ done: 0, total: needs.length, running: true, cancelling: false });
  let failure: SpeechOutcome | null = null;

  const speak = async (need: Need) => {
    const slide = useProject.getState().data.wizard.slides.find((s) => s.id === need.slideId);
    if (!slide) return;
    const { voiceId, lang, engine } = slide.settings;
    try {
      const clip = await call('speak', {
        text: plainText(need.text),
        voiceId,
        lang,
        engine,
        pid: useProject.getState().id ?? undefined,
      });
      updateText(need.slideId, need.textId, (text) => {
        text.audio = {
          url: clip.url,
          type: 'tts',
          duration: clip.duration,
          // Timed words for captions (D68), when the speech service knows them.
          ...(clip.words ? { words: clip.words } : {}),
        };
      });
      setSpeech({ done: usePrepare.getState().speech.done + 1 });
    } catch (error) {
      failure ??=
        error instanceof ApiRequestError
          ? { error: error.message, code: error.code }
          : { error: String(error), code: 'unknown' };
    }
  };

  try {
    const queue = [...needs];
    const worker = async () => {
      for (let need = queue.shift(); need && !failure && !abort.signal.aborted; need = queue.shift()) await speak(need);
    };
    await Promise.all(Array.from({ length: SPEECH_CALLS_AT_ONCE }, worker));
    return failure ?? (abort.signal.aborted ? 'aborted' : 'done');
  } finally {
    speechAbort = null;
    setSpeech({ running: false, cancelling: false });
  }
}

/** Asks the running speech generation to stop after the clip in progress. */
export function abortSpeech() {
  if (!speechAbort) return;
  speechAbort.abort();
  usePrepare.setState((s) => ({ speech: { ...s.speech, cancelling: true } }));
}
