import { Button, Tooltip } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTutorialsPopup } from './tutorials';
import { useTrainingHint } from './use-training-hint';

/** 'Training videos' in the menu bar, with the one-time hint pointing at it. */
export function TrainingVideosLink() {
  const open = useTutorialsPopup((state) => state.open);
  const hint = useTrainingHint();
  return (
    // Above the page, below modals (Mantine's modals sit at 200): a dialog must never be covered.
    <Tooltip label={hint.text} opened={hint.visible} withArrow position="bottom" color="blue" zIndex={150}>
      <Button
        variant="subtle"
        color="gray"
        px={10}
        leftSection={<IconSchool size={18} />}
        onClick={() => {
          hint.dismiss();
          open();
        }}
      >
        Training videos
      </Button>
    </Tooltip>
  );
}
