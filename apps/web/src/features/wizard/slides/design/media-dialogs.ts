import { modals } from '@mantine/modals';

/**
 * The two drop questions of spec 001 §4: resolves to the first choice, the second, or null when
 * the popup is closed without choosing.
 */
function ask<A extends string, B extends string>(options: {
  title: string;
  message: string;
  first: A;
  second: B;
}): Promise<A | B | null> {
  return new Promise((resolve) => {
    let done = false;
    const answer = (value: A | B | null) => {
      if (done) return;
      done = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title,
      children: options.message,
      centered: true,
      labels: { confirm: options.first, cancel: options.second },
      onConfirm: () => answer(options.first),
      onCancel: () => answer(options.second),
      onClose: () => answer(null),
      confirmProps: { 'data-testid': 'drop-choice-first' } as Record<string, string>,
      cancelProps: { 'data-testid': 'drop-choice-second' } as Record<string, string>,
    });
  });
}

/** Media dropped on an item of the same type: 'Replace' or 'Add as new'. */
export const askReplaceOrAdd = () =>
  ask({
    title: 'Replace this media?',
    message: 'Put the dropped media in place of this one, or add it as a new item of the line.',
    first: 'Replace',
    second: 'Add as new',
  });

/**
 * Audio dropped on the visual items: 'Attach' (it becomes the line's narration) or 'Add to
 * timeline' (a new line holding only that audio, after this one).
 */
export const askAttachOrTimeline = () =>
  ask({
    title: 'Use this audio how?',
    message:
      'Attach it as the narration of this line, or add it to the timeline as a new line that plays only this audio.',
    first: 'Attach',
    second: 'Add to timeline',
  });
