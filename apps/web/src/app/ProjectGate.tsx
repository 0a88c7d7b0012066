import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@reelwright/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { openLoginToContinue } from '../features/account/auth-popup-store';
import { useProject } from '../features/project/project-store';

/** The routed content appears once a project has loaded (spec 000 §2). */
export function ProjectGate({ children }: { children: ReactNode }) {
  const status = useProject((state) => state.status);

  if (status === 'loading') {
    return (
      <Center py={120}>
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            Loading your video…
          </Text>
        </Stack>
      </Center>
    );
  }
  if (status === 'needs-login') {
    return (
      <Center py={80}>
        <Paper withBorder radius="md" p="xl" maw={420} ta="center">
          <Stack align="center" gap="sm">
            <IconLock size={36} color="var(--mantine-color-blue-6)" />
            <Title order={3}>{messages.loginToContinue}</Title>
            <Text c="dimmed" size="sm">
              This link opens a saved video. Log in to the account that made it to continue.
            </Text>
            <Button onClick={openLoginToContinue}>Log in</Button>
          </Stack>
        </Paper>
      </Center>
    );
  }
  return children;
}
