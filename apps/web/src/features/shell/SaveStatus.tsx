import { Loader, Popover, Stack, Switch } from '@mantine/core';
import { IconCloud, IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { type SaveState, useProject } from '../project/project-store';
import { isAutoSaveOn, SETTING_KEYS, useSettings } from '../project/settings-store';
import { SaveStatusButton, type SaveStatusLabel } from './SaveStatusButton';

const LABELS: Record<SaveState, SaveStatusLabel> = {
  idle: { text: 'Auto-save on', color: 'dimmed', icon: <IconCloud size={16} /> },
  saving: { text: 'Saving…', color: 'dimmed', icon: <Loader size={12} /> },
  saved: { text: 'Saved', color: 'teal', icon: <IconCloudCheck size={16} /> },
  retrying: { text: 'Not saved — retrying', color: 'orange', icon: <IconCloudOff size={16} /> },
  failed: { text: 'Not saved — log in again', color: 'red', icon: <IconCloudOff size={16} /> },
};

/** Where the open project stands ('Saving…', 'Saved', 'Not saved — retrying'), with the auto-save switch. Members only. */
export function SaveStatus() {
  const saveState = useProject((state) => state.saveState);
  const autoSave = useSettings((state) => isAutoSaveOn(state.settings));
  const setSetting = useSettings((state) => state.setSetting);
  const label = !autoSave && saveState === 'idle' ? { ...LABELS.idle, text: 'Auto-save off' } : LABELS[saveState];

  return (
    <Popover position="bottom-start" width={280} shadow="md" withArrow>
      <Popover.Target>
        <SaveStatusButton label={label} state={saveState} data-testid="save-status" />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Switch
            label="Auto-save"
            description="Saves your video a second after each change."
            checked={autoSave}
            onChange={(event) => setSetting(SETTING_KEYS.autoSave, event.currentTarget.checked)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
