import { Stack, Text, Textarea } from '@mantine/core';
import { countWords, mainKeyword, splitPastedArticle } from '@reelwright/core';
import { useState } from 'react';
import { useStepHooks } from '../step-hooks';
import { updateWizard, useWizard } from '../use-wizard';
import { finishContent } from './finish-content';

const EMPTY_PASTE = 'Paste the article first: its text goes into the box above.';

/**
 * The paste box (source 'paste', spec 001 §2). Next Step splits the pasted text into title and
 * body (see `splitPastedArticle`) and opens the editor; the step stays so the member can check it.
 */
export function PasteBox() {
  const wizard = useWizard();
  const text = wizard.body ?? '';
  const [error, setError] = useState<string | null>(null);

  useStepHooks({
    validate: () => {
      const article = splitPastedArticle(text, mainKeyword(wizard.keyword));
      if (!article) {
        setError(EMPTY_PASTE);
        return false;
      }
      finishContent(article);
      return false;
    },
  });

  const words = countWords(text);
  return (
    <Stack gap="xs" data-testid="paste-box">
      <Textarea
        label="Paste your article here"
        description="A short first line becomes the title; each line becomes a paragraph. You can edit it next."
        placeholder="Paste your article here"
        autosize
        minRows={14}
        maxRows={30}
        required
        autoFocus
        value={text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (error) setError(null);
          updateWizard((draft) => {
            draft.body = value;
          });
        }}
        error={error}
        data-testid="paste-text"
      />
      <Text size="xs" c="dimmed" ta="right" aria-live="polite" data-testid="paste-word-count">
        {words} {words === 1 ? 'word' : 'words'}
      </Text>
    </Stack>
  );
}
