import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { frameCount } from '@reelwright/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useProject } from '../project/project-store';
import classes from './UndoRedoButtons.module.css';

/** Undo and redo, shown only when the project has at least one frame (spec 000 §2). */
export function UndoRedoButtons() {
  const frames = useProject((state) => frameCount(state.data));
  const canUndo = useProject((state) => state.canUndo);
  const canRedo = useProject((state) => state.canRedo);
  const undo = useProject((state) => state.undo);
  const redo = useProject((state) => state.redo);
  if (frames === 0) return null;
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="Undo" withArrow>
        <ActionIcon
          className={classes.historyButton}
          variant="subtle"
          color="gray"
          size="lg"
          onClick={undo}
          disabled={!canUndo}
          aria-label="Undo"
        >
          <IconArrowBackUp size={20} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Redo" withArrow>
        <ActionIcon
          className={classes.historyButton}
          variant="subtle"
          color="gray"
          size="lg"
          onClick={redo}
          disabled={!canRedo}
          aria-label="Redo"
        >
          <IconArrowForwardUp size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
