import { AppShell, Container } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AuthPopup } from '../features/account/AuthPopup';
import { isLoggedIn, useUser } from '../features/account/use-user';
import { ProjectNamePrompt } from '../features/project/ProjectNamePrompt';
import { useProject } from '../features/project/project-store';
import { usePidInAddress, useProjectStartup } from '../features/project/use-project-startup';
import { useSettingsSync } from '../features/project/use-settings-sync';
import { PublishDialogHost } from '../features/publish/PublishDialogHost';
import { MenuBar } from '../features/shell/MenuBar';
import { LazyShellPopups } from './LazyShellPopups';
import { ProjectGate } from './ProjectGate';
import { isEditorPath, isWidePath } from './route-paths';

/** The application shell (spec 000 §2): menu bar, routed content once the project is loaded, and the shell's popups. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const wide = isWidePath(pathname);

  useProjectStartup();
  usePidInAddress();
  useSettingsSync(isLoggedIn(user));
  useEffect(() => {
    useProject.getState().setContext({ inEditor: isEditorPath(pathname) });
  }, [pathname]);

  return (
    <AppShell header={{ height: 60 }} padding="md" bg="var(--mantine-color-gray-0)">
      <AppShell.Header>
        <MenuBar wide={wide} />
      </AppShell.Header>
      <AppShell.Main>
        <Container size={wide ? '100%' : 'xl'} px={wide ? 'md' : undefined}>
          <ProjectGate>
            <Outlet />
          </ProjectGate>
        </Container>
      </AppShell.Main>
      <AuthPopup />
      <ProjectNamePrompt />
      <PublishDialogHost />
      <LazyShellPopups />
    </AppShell>
  );
}
