import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { variationRestartUrl } from './wizard-steps';

type Props = { opened: boolean; onClose(): void; keyword: string };

/**
 * 'Create new video variation' (spec 001 §2): starts the wizard again on the same (or an edited)
 * keyword as a new project; the variation number is carried in the address so the keyword step
 * prefills and moves on by itself.
 */
export function VariationPopup({ opened, onClose, keyword }: Props) {
  const [value, setValue] = useState(keyword);
  const [variation, setVariation] = useState<number>(2);
  useEffect(() => {
    if (opened) setValue(keyword);
  }, [opened, keyword]);
  const trimmed = value.trim();

  return (
    <Modal opened={opened} onClose={onClose} title="Create new video variation" size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) window.location.assign(variationRestartUrl(trimmed, variation));
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Make another video on the same topic: the wizard starts again with this keyword as a new project. This video
            stays as it is.
          </Text>
          <TextInput
            label="Keyword"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={trimmed ? undefined : 'Enter a keyword for the new video.'}
            data-autofocus
          />
          <NumberInput
            label="Variation number"
            min={1}
            max={99}
            value={variation}
            onChange={(next) => setVariation(typeof next === 'number' ? next : 2)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed} data-testid="variation-restart">
              Start variation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
