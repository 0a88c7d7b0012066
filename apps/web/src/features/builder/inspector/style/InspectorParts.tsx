import { Group, NumberInput, type NumberInputProps, Switch, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** A small heading inside an inspector section, as the Position and Timing headings. */
export function PartTitle({ children, right }: { children: ReactNode; right?: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" mt={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {children}
      </Text>
      {right}
    </Group>
  );
}

/** An on/off setting with its label on the left, as the rest of the panel reads. */
export function SettingSwitch(props: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Switch
      size="sm"
      labelPosition="left"
      label={props.label}
      checked={props.checked}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      styles={{
        body: { justifyContent: 'space-between' },
        labelWrapper: { flex: 1 },
        label: { paddingInlineStart: 0 },
      }}
      data-testid={props.testId}
    />
  );
}

export type CommitNumberProps = Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'max'> & {
  value: number;
  min: number;
  max: number;
  onCommit(value: number): void;
};

/**
 * A number typed freely and applied on Enter or when focus leaves: one undo step per value. A
 * value outside min–max is not applied (the command would refuse it, D46); the field says so
 * and shows the document's value again on Escape.
 */
export function CommitNumber({ value, min, max, onCommit, ...props }: CommitNumberProps) {
  const [draft, setDraft] = useState<string | number | null>(null);
  const typed = draft === null ? value : typeof draft === 'number' ? draft : Number.parseFloat(draft);
  const outside = draft !== null && (!Number.isFinite(typed) || typed < min || typed > max);
  const commit = () => {
    if (draft === null || outside) return;
    setDraft(null);
    if (typed !== value) onCommit(typed);
  };
  return (
    <NumberInput
      size="xs"
      min={min}
      max={max}
      clampBehavior="none"
      {...props}
      value={draft ?? value}
      error={outside ? `From ${min} to ${max}` : undefined}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}

/**
 * Text (a link) applied on Enter or when focus leaves, one undo step per value; `problem` names
 * what is wrong with a value, which is then not applied.
 */
export function CommitText(props: {
  label: string;
  value: string;
  placeholder?: string;
  description?: string;
  problem?(text: string): string | null;
  onCommit(text: string): void;
  testId: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? props.value;
  const error = draft !== null && draft.trim() !== '' ? (props.problem?.(draft.trim()) ?? null) : null;
  const commit = () => {
    if (draft === null || error) return;
    setDraft(null);
    if (draft.trim() !== props.value) props.onCommit(draft.trim());
  };
  return (
    <TextInput
      size="xs"
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      value={text}
      error={error}
      spellCheck={false}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
      data-testid={props.testId}
    />
  );
}
