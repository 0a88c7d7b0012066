import { Button } from '@mantine/core';
import { messages, type User } from '@reelwright/core';
import { IconCrown, IconLockOpen } from '@tabler/icons-react';
import { useAuthPopup } from '../account/auth-popup-store';
import { isLoggedIn } from '../account/use-user';

/**
 * Upgrade (free members, pricing in a new tab: the `upgradeButton` ability) or 'Unlock All
 * Features (FREE)' (visitors); paid members see neither.
 */
export function PlanButton({ user }: { user: User | undefined }) {
  const openAuthPopup = useAuthPopup((state) => state.open);
  if (!isLoggedIn(user)) {
    return (
      <Button color="orange" leftSection={<IconLockOpen size={16} />} onClick={() => openAuthPopup()}>
        {messages.unlockAllFeatures}
      </Button>
    );
  }
  if (!user.abilities.upgradeButton) return null;
  return (
    <Button
      component="a"
      href="/pricing"
      target="_blank"
      rel="noopener"
      color="orange"
      leftSection={<IconCrown size={16} />}
    >
      Upgrade
    </Button>
  );
}
