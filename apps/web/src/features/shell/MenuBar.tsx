import { Container, Divider, Group, Text } from '@mantine/core';
import { UserMenu } from '../account/UserMenu';
import { isLoggedIn, useAppConfig, useUser } from '../account/use-user';
import { useProject } from '../project/project-store';
import { BrandMark } from './BrandMark';
import { DebugButton } from './DebugButton';
import { MyVideosMenu } from './MyVideosMenu';
import { NewsBell } from './NewsBell';
import { NewVideoMenu } from './NewVideoMenu';
import { PlanButton } from './PlanButton';
import { SaveStatus } from './SaveStatus';
import { TrainingVideosLink } from './TrainingVideosLink';
import { UndoRedoButtons } from './UndoRedoButtons';
import { useWiderThan } from './use-wider-than';
import { VisitorSaveStatus } from './VisitorSaveStatus';

/**
 * The top menu bar (spec 000 §2). After the brand and the open project's status, the entries
 * follow the spec's order: news, training videos, my videos, new video, undo/redo, plan button,
 * user menu, debug. Below the large breakpoints the lesser labels give way to their icons (D99):
 * nothing overlaps from the builder's desktop threshold (1024 px) up, and the left group clips.
 */
export function MenuBar({ wide }: { wide: boolean }) {
  const { data: user } = useUser();
  const { data: config } = useAppConfig();
  const member = isLoggedIn(user);
  const projectLabel = useProject((state) => state.title || state.name);
  // The labels show where the bar has room for them (D99): all of them only on the builder's
  // full-width bar of a large screen (elsewhere the bar stops at the 'xl' container).
  const wideLabels = useWiderThan('xl') && wide;
  const mediumLabels = useWiderThan('lg');

  return (
    <Container size={wide ? '100%' : 'xl'} h="100%" px="md">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="md" data-testid="menu-bar">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1, overflow: 'hidden' }}>
          <BrandMark />
          {member ? (
            <>
              <Divider orientation="vertical" my={18} />
              {projectLabel && (
                <Text
                  size="sm"
                  fw={500}
                  truncate="end"
                  maw={220}
                  miw={40}
                  title={projectLabel}
                  visibleFrom="md"
                  data-testid="menu-bar-project-title"
                >
                  {projectLabel}
                </Text>
              )}
              <SaveStatus />
            </>
          ) : (
            user && <VisitorSaveStatus />
          )}
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {member && <NewsBell />}
          <TrainingVideosLink collapsed={!wideLabels} />
          {member && <MyVideosMenu collapsed={!mediumLabels} />}
          <NewVideoMenu />
          <UndoRedoButtons />
          <PlanButton user={user} />
          {member && <UserMenu collapsed={!wideLabels} />}
          {config?.debug && <DebugButton />}
        </Group>
      </Group>
    </Container>
  );
}
