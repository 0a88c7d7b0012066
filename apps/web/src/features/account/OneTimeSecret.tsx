import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

type OneTimeSecretProps = {
  label: string;
  value: string;
  /** Why to copy it now: it will not be shown again. */
  note: string;
};

/** A secret shown once (an API key, a webhook's signing secret): read-only, selected on focus, with Copy. */
export function OneTimeSecret({ label, value, note }: OneTimeSecretProps) {
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label={label}
          value={value}
          readOnly
          flex={1}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              miw={120}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
