import { Menu, Text } from '@mantine/core';
import { messages } from '@reelwright/core';
import { IconKey, IconLogout, IconMicrophone, IconUser, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useOnceTrue } from '../../lib/use-once-true';
import { MenuBarButton } from '../shell/MenuBarButton';
import { useAuthPopup } from './auth-popup-store';
import { usePronunciationsDialog } from './pronunciations-dialog-store';
import { isLoggedIn, useUser } from './use-user';

const LOGOUT_URL = '/api/members/access/logout';
// Only business members have a key to show: its popup (and the webhooks list in it) loads when opened.
const ApiKeyDialog = lazy(() => import('./ApiKeyDialog').then((m) => ({ default: m.ApiKeyDialog })));

/**
 * The user dropdown of the menu bar (spec 000 §2), for logged-in members only: e-mail, plan,
 * profile, API key (business), custom pronunciations and Logout. Renders nothing for visitors.
 * Below `collapsed`'s breakpoint only its icon shows, the name or e-mail in its tooltip.
 */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { data: user } = useUser();
  const openAuthPopup = useAuthPopup((state) => state.open);
  const openPronunciations = usePronunciationsDialog((state) => state.open);
  const [menuOpened, setMenuOpened] = useState(false);
  const [apiKeyOpened, setApiKeyOpened] = useState(false);
  const apiKeyMounted = useOnceTrue(apiKeyOpened);
  if (!isLoggedIn(user)) return null;

  return (
    <>
      <Menu position="bottom-end" width={280} shadow="md" withinPortal opened={menuOpened} onChange={setMenuOpened}>
        <Menu.Target>
          <MenuBarButton
            icon={<IconUserCircle size={20} />}
            label={user.name || user.email}
            menu
            collapsed={collapsed}
            withTooltip={!menuOpened}
            aria-label="Account menu"
            maw={200}
          />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={500} c="var(--mantine-color-text)" truncate="end">
              {user.email}
            </Text>
            <Text size="xs" c="dimmed">
              {messages.planAccount(user.plan)}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => openAuthPopup()}>
            {messages.yourProfileEntry}
          </Menu.Item>
          {user.abilities.apiKey && (
            <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setApiKeyOpened(true)}>
              {messages.apiKeyEntry}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconMicrophone size={16} />} onClick={openPronunciations}>
            {messages.customPronunciationsEntry}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item component="a" href={LOGOUT_URL} leftSection={<IconLogout size={16} />}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {apiKeyMounted && (
        <Suspense fallback={null}>
          <ApiKeyDialog opened={apiKeyOpened} onClose={() => setApiKeyOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
