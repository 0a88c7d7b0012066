import { Tooltip } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { MenuBarButton } from './MenuBarButton';
import { useTutorialsPopup } from './tutorials';
import { useTrainingHint } from './use-training-hint';

const LABEL = 'Training videos';

/**
 * 'Training videos' in the menu bar, with the one-time hint pointing at it; only its icon below
 * `collapsed`'s breakpoint, with the label in its tooltip while the hint is not showing.
 */
export function TrainingVideosLink({ collapsed }: { collapsed: boolean }) {
  const open = useTutorialsPopup((state) => state.open);
  const hint = useTrainingHint();
  return (
    // Above the page, below modals (Mantine's modals sit at 200): a dialog must never be covered.
    <Tooltip label={hint.text} opened={hint.visible} withArrow position="bottom" color="blue" zIndex={150}>
      <MenuBarButton
        icon={<IconSchool size={18} />}
        label={LABEL}
        collapsed={collapsed}
        withTooltip={!hint.visible}
        onClick={() => {
          hint.dismiss();
          open();
        }}
      />
    </Tooltip>
  );
}
