import { ActionIcon, Code, Modal, Tooltip } from '@mantine/core';
import { frameCount } from '@reelwright/core';
import { IconBug } from '@tabler/icons-react';
import { useState } from 'react';
import { useProject } from '../project/project-store';
import { useSettings } from '../project/settings-store';

/** Debug mode only: shows the project lifecycle state and the settings, for support. */
export function DebugButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label="Debug information" withArrow>
        <ActionIcon variant="subtle" color="grape" size="lg" onClick={() => setOpened(true)} aria-label="Debug">
          <IconBug size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Debug information" size="lg">
        {opened && <DebugDump />}
      </Modal>
    </>
  );
}

function DebugDump() {
  const project = useProject();
  const settings = useSettings((state) => state.settings);
  const summary = {
    project: {
      id: project.id,
      name: project.name,
      title: project.title,
      category: project.category,
      tutorial: project.tutorial,
      status: project.status,
      saveState: project.saveState,
      frames: frameCount(project.data),
      canUndo: project.canUndo,
      canRedo: project.canRedo,
      loggedIn: project.loggedIn,
      inEditor: project.inEditor,
    },
    settings,
    address: window.location.href,
  };
  return <Code block>{JSON.stringify(summary, null, 2)}</Code>;
}
