import { TagsInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MAX_KEYWORD_TAGS, messages, pasteNeedsConfirmation, splitKeywords } from '@reelwright/core';
import type { ClipboardEvent } from 'react';

type Props = {
  tags: string[];
  onChange(tags: string[]): void;
  /** The text typed but not yet made a tag; it counts as a tag when Next is pressed. */
  pending: string;
  onPendingChange(text: string): void;
  error?: string | null;
};

/**
 * The keyword field (spec 001 §5): tags split on commas or semicolons, at most 50, the first is
 * the main keyword. Pasting a link or a long text asks first ('Paste anyway' / "Don't paste").
 */
export function KeywordField({ tags, onChange, pending, onPendingChange, error }: Props) {
  // Runs in the capture phase, before the field's own paste handling, so a refused paste changes nothing.
  const guardPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!pasteNeedsConfirmation(text)) return;
    event.preventDefault();
    event.stopPropagation();
    modals.openConfirmModal({
      title: 'Paste this as keywords?',
      children:
        'This looks like a link or a piece of text rather than keywords. To make a video from it, choose "Import from a link" or "Paste my text" below instead.',
      labels: { confirm: messages.pasteAnyway, cancel: messages.dontPaste },
      onConfirm: () => onChange(splitKeywords([...tags, pending + text].join(',')).slice(0, MAX_KEYWORD_TAGS)),
    });
  };

  return (
    <div onPasteCapture={guardPaste}>
      <TagsInput
        label="Keywords"
        description="The first keyword is the main topic; add more after a comma."
        placeholder={tags.length ? 'Add another keyword' : 'e.g. healthy breakfast ideas'}
        size="md"
        required
        value={tags}
        onChange={(next) => onChange(splitKeywords(next.join(',')))}
        searchValue={pending}
        onSearchChange={onPendingChange}
        splitChars={[',', ';']}
        maxTags={MAX_KEYWORD_TAGS}
        clearable
        error={error}
        data-testid="keyword-input"
        data-autofocus
      />
    </div>
  );
}
