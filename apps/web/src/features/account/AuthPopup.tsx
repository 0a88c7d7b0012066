import { Group, Modal } from '@mantine/core';
import type { User } from '@reelwright/core';
import { useEffect, useRef } from 'react';
import { AuthForm } from './AuthForm';
import { useAuthPopup } from './auth-popup-store';
import { popupReaction } from './auth-screen';
import { useUser } from './use-user';

/**
 * The login/profile popup (spec 000 §2 "Authentication popup"), mounted once in the shell and
 * opened through `useAuthPopup().open({ title?, isStatic?, tab?, resume? })`. It opens by itself,
 * static, for an unverified member and closes by itself when someone becomes a verified member,
 * resuming what its opener was doing.
 */
export function AuthPopup() {
  const { opened, title, isStatic, tab, open, close, finish } = useAuthPopup();
  const { data: user } = useUser();
  const previousUser = useRef<User | undefined>(undefined);

  useEffect(() => {
    const reaction = popupReaction(previousUser.current, user);
    previousUser.current = user;
    const { opened } = useAuthPopup.getState();
    if (reaction === 'open' && !opened) open({ isStatic: true });
    if (reaction === 'close' && opened) finish();
  }, [user, open, finish]);

  return (
    <Modal.Root opened={opened} onClose={close} closeOnClickOutside={!isStatic} closeOnEscape={!isStatic} size={440}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body p="xl">
          <AuthForm
            title={title}
            tab={tab}
            renderHeading={(text) => (
              <Group justify="space-between" wrap="nowrap" align="center">
                <Modal.Title fz="h3" fw={700}>
                  {text}
                </Modal.Title>
                <Modal.CloseButton />
              </Group>
            )}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
