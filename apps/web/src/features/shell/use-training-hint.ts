import { messages, TRAINING_HINT_END_MS, TRAINING_HINT_START_MS } from '@reelwright/core';
import { useCallback, useEffect, useState } from 'react';
import { readLocal, writeLocal } from './use-local-flag';

export const TRAINING_HINT_STORAGE_KEY = 'reelwright:training-hint-shown';

/**
 * The one-time hint 'Need help? Training videos are here!' (spec 000 §4 "Tutorials"): it appears
 * 2.5 s after the first visit and goes at 12.5 s or when dismissed; the browser remembers it.
 */
export function useTrainingHint() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readLocal(TRAINING_HINT_STORAGE_KEY)) return;
    const show = window.setTimeout(() => {
      writeLocal(TRAINING_HINT_STORAGE_KEY, '1');
      setVisible(true);
    }, TRAINING_HINT_START_MS);
    const hide = window.setTimeout(() => setVisible(false), TRAINING_HINT_END_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, []);

  const dismiss = useCallback(() => setVisible(false), []);
  return { visible, text: messages.trainingHint, dismiss };
}
