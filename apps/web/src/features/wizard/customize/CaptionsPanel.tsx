import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { CaptionSettings } from '@reelwright/core';
import { CAPTION_STYLE_OPTIONS } from '../../builder/movie-settings/settings-rules';
import { updateWizard, useWizard } from '../use-wizard';

/** Burned-in captions of the narration (D68), previewed beside; off unless chosen. */
export function CaptionsPanel() {
  const style = useWizard().captions ?? 'off';
  return (
    <Stack gap="sm" data-testid="customize-captions">
      <Title order={4}>Captions</Title>
      <Text size="sm" c="dimmed">
        Show the narration as captions in the video, timed to the speech.
      </Text>
      <SegmentedControl
        value={style}
        data={CAPTION_STYLE_OPTIONS}
        onChange={(next) =>
          updateWizard((wizard) => {
            wizard.captions = next as CaptionSettings['style'];
          })
        }
        data-testid="customize-captions-style"
      />
    </Stack>
  );
}
