import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconHammer, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** The steps after the content step arrive with the wizard's second part; meanwhile, the full editor. */
export function PendingStep() {
  return (
    <>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="gray" radius="md">
          <IconHammer size={16} />
        </ThemeIcon>
        <Text size="sm">
          This step is being built and arrives in an upcoming release. Meanwhile you can make slides yourself in the
          full editor.
        </Text>
      </Group>
      <Group>
        <Button component={Link} to="/builder" variant="light" leftSection={<IconLayoutDashboard size={16} />}>
          Open the full editor
        </Button>
      </Group>
    </>
  );
}
