import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type FormActionsProps = {
  /** The label of the form's one primary (submit) button. */
  submitLabel: string;
  pending: boolean;
  /** Secondary links, spread under the button. */
  children?: ReactNode;
};

/** The bottom of every account form: a full-width submit button, then the secondary links. */
export function FormActions({ submitLabel, pending, children }: FormActionsProps) {
  return (
    <Stack gap="sm" mt="xs">
      <Button type="submit" fullWidth loading={pending}>
        {submitLabel}
      </Button>
      {children && (
        <Group justify="space-between" gap="xs">
          {children}
        </Group>
      )}
    </Stack>
  );
}
