import { Button, Divider, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconBrowser, IconBrowserCheck, IconBrowserX } from '@tabler/icons-react';
import { type AuthTab, useAuthPopup } from '../account/auth-popup-store';
import { useAppConfig } from '../account/use-user';
import { useProject } from '../project/project-store';
import type { DraftState } from '../project/visitor-draft';
import { useVisitorDraft } from '../project/visitor-draft-store';
import { SaveStatusButton, type SaveStatusLabel } from './SaveStatusButton';

const LABELS: Record<DraftState, SaveStatusLabel> = {
  idle: { text: 'Saves in this browser', color: 'dimmed', icon: <IconBrowser size={16} /> },
  saving: { text: 'Saving…', color: 'dimmed', icon: <Loader size={12} /> },
  saved: { text: 'Saved in this browser', color: 'teal', icon: <IconBrowserCheck size={16} /> },
  failed: { text: 'Not saved', color: 'orange', icon: <IconBrowserX size={16} /> },
};

/**
 * A visitor's save status, where members see theirs (D96): the open video is kept only in this
 * browser; the popover says so and offers an account, which saves it for good.
 */
export function VisitorSaveStatus() {
  const state = useVisitorDraft((s) => s.state);
  const openAuthPopup = useAuthPopup((s) => s.open);
  const signupHidden = useAppConfig().data?.signupHidden ?? false;
  const [opened, { toggle, close }] = useDisclosure(false);
  // Only a new video is kept: not one waiting for 'Login to continue', a tutorial or a reserved one.
  const kept = useProject((s) => s.status === 'ready' && s.id === null && s.category === 'project' && !s.tutorial);
  const label = LABELS[state];
  // Escape closes it wherever the focus is (the popover's own handler needs the focus inside it).
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && opened) close();
  });
  const openAuth = (tab: AuthTab) => {
    close();
    openAuthPopup({ tab });
  };
  if (!kept) return null;

  return (
    <>
      <Divider orientation="vertical" my={18} />
      <Popover opened={opened} onClose={close} trapFocus position="bottom-start" width={300} shadow="md" withArrow>
        <Popover.Target>
          <SaveStatusButton label={label} state={state} data-testid="visitor-save-status" onClick={toggle} />
        </Popover.Target>
        <Popover.Dropdown data-testid="visitor-save-popover">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {state === 'failed' ? 'This browser cannot keep your video' : 'Your video is only in this browser'}
            </Text>
            <Text size="sm" c="dimmed">
              {state === 'failed'
                ? 'Private browsing or full storage stops it. Your work lasts until you close this page.'
                : 'Clearing your browser data or switching devices loses it.'}{' '}
              {signupHidden ? 'Log in to save it to your account.' : 'Sign up free to save it to your account.'}
            </Text>
            <Group gap="xs" mt={4}>
              {!signupHidden && (
                <Button size="xs" color="orange" onClick={() => openAuth('signup')}>
                  Sign up free
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => openAuth('login')}>
                Log in
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
