import type { Frame, Seconds, TextItem } from '@reelwright/core';

/** Which slides the recorder walks through (spec 002 §4, step 1). */
export type RecordScope = 'current' | 'all';

export type PlanOptions = {
  scope: RecordScope;
  /** The slide open in the editor; the first slide when unknown. */
  currentFrameId: string | null;
  /** Leave out slides that already hold an audio item. */
  skipWithAudio: boolean;
};

/** One step of the recording screen: a sentence to read, on its slide. */
export type RecordingStep = {
  /** Stable within a session: `frameId/textItemId/sentenceIndex`. */
  key: string;
  frameId: string;
  /** 0-based position of the slide in the movie, for 'Slide N'. */
  frameIndex: number;
  /** The text item the sentence comes from; null for a slide without text. */
  textItemId: string | null;
  /** What to read; null when the slide has no text (the author speaks freely). */
  sentence: string | null;
  /** Seconds into the slide where the sentence's text item appears (0 without text). */
  anchor: Seconds;
};

/** The plain text of a text item, one line per paragraph. */
export function textOfItem(item: Pick<TextItem, 'paragraphs'>): string {
  return item.paragraphs.map((paragraph) => paragraph.runs.map((run) => run.text).join('')).join('\n');
}

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'sentence' }) : null;

/**
 * The sentences of a text, in order: each line is split at sentence ends (Intl.Segmenter, or
 * '.', '!', '?', '…' and their CJK forms followed by space where it is missing). Lines end a
 * sentence too, since titles and bullet points rarely carry a full stop. Blank pieces go.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const pieces = segmenter
      ? Array.from(segmenter.segment(line), (part) => part.segment)
      : line.split(/(?<=[.!?…。！？])\s+/);
    for (const piece of pieces) {
      const sentence = piece.replace(/\s+/g, ' ').trim();
      if (/[\p{L}\p{N}]/u.test(sentence)) sentences.push(sentence);
    }
  }
  return sentences;
}

/** Whether a slide already has narration: any audio item. */
export function frameHasAudio(frame: Pick<Frame, 'items'>): boolean {
  return frame.items.some((item) => item.type === 'audio');
}

/** Text items in reading order: by when they appear, then top to bottom, then left to right. */
export function textItemsInReadingOrder(frame: Pick<Frame, 'items'>): TextItem[] {
  return frame.items
    .filter((item): item is TextItem => item.type === 'text')
    .sort((a, b) => a.timing.start - b.timing.start || a.box.top - b.box.top || a.box.left - b.box.left);
}

/** The slides a recording session covers (step 1's choices). */
export function framesToRecord(frames: readonly Frame[], options: PlanOptions): { frame: Frame; index: number }[] {
  const indexed = frames.map((frame, index) => ({ frame, index }));
  const current = indexed.find(({ frame }) => frame.id === options.currentFrameId) ?? indexed[0];
  const chosen = options.scope === 'current' ? (current ? [current] : []) : indexed;
  return options.skipWithAudio ? chosen.filter(({ frame }) => !frameHasAudio(frame)) : chosen;
}

/** Every step of a session: one per sentence of the chosen slides' texts, one per slide without text. */
export function planSteps(frames: readonly Frame[], options: PlanOptions): RecordingStep[] {
  const steps: RecordingStep[] = [];
  for (const { frame, index } of framesToRecord(frames, options)) {
    const before = steps.length;
    for (const item of textItemsInReadingOrder(frame)) {
      splitSentences(textOfItem(item)).forEach((sentence, n) => {
        steps.push({
          key: `${frame.id}/${item.id}/${n}`,
          frameId: frame.id,
          frameIndex: index,
          textItemId: item.id,
          sentence,
          anchor: item.timing.start,
        });
      });
    }
    if (steps.length === before) {
      steps.push({
        key: `${frame.id}/-/0`,
        frameId: frame.id,
        frameIndex: index,
        textItemId: null,
        sentence: null,
        anchor: 0,
      });
    }
  }
  return steps;
}
