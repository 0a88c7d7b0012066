import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { messages } from '@reelwright/core';
import { useEffect, useState } from 'react';
import { namePromptDefault, suggestedProjectName } from './project-name';
import { useProject } from './project-store';

/**
 * 'Enter project name:' (spec 000 §4): asked before the first save of a nameless project and
 * asked until a name is given, so it cannot be dismissed without one.
 */
export function ProjectNamePrompt() {
  const opened = useProject((state) => state.namePromptOpen);
  const setProjectName = useProject((state) => state.setProjectName);
  const [value, setValue] = useState('');

  useEffect(() => {
    if (opened) setValue(namePromptDefault(suggestedProjectName(useProject.getState().data)));
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Name your video"
      styles={{ title: { fontWeight: 600 } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) setProjectName(value);
        }}
      >
        <Text size="sm" c="dimmed" mb="sm">
          Your video is saved automatically under this name. You can rename it later in My videos.
        </Text>
        <TextInput
          label={messages.enterProjectName}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={!value.trim()}>
            Save video
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
