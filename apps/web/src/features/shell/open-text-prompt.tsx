import { Button, Group, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';

type TextPromptOptions = { title: string; label: string; initial: string; confirmLabel: string };

/**
 * Asks for one line of text in a modal (the app's `prompt()`); resolves to the trimmed text,
 * or null when cancelled or left empty.
 */
export function openTextPrompt(options: TextPromptOptions): Promise<string | null> {
  return new Promise((resolve) => {
    let answered = false;
    const finish = (value: string | null) => {
      if (answered) return;
      answered = true;
      modals.close(id);
      resolve(value?.trim() ? value.trim() : null);
    };
    const id = modals.open({
      title: options.title,
      centered: true,
      onClose: () => finish(null),
      children: <TextPromptForm {...options} onDone={finish} />,
    });
  });
}

function TextPromptForm({
  label,
  initial,
  confirmLabel,
  onDone,
}: TextPromptOptions & { onDone(v: string | null): void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onDone(value);
      }}
    >
      <TextInput label={label} value={value} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit">{confirmLabel}</Button>
      </Group>
    </form>
  );
}
