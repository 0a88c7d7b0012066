import { Accordion, Stack, Text } from '@mantine/core';
import { TransitionControls } from '../transitions/TransitionControls';
import { AudioSection } from './audio/AudioSection';
import { BackgroundSection } from './background/BackgroundSection';
import { SlideTint } from './background/SlideTint';

/** The open slide's own settings, with nothing selected: its background, the tint over its pictures, its transition and audio source. */
export function SlideSettings({ frameId }: { frameId: string }) {
  return (
    <Accordion
      multiple
      variant="contained"
      radius="md"
      styles={{ content: { padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm) var(--mantine-spacing-sm)' } }}
      data-testid="slide-settings"
    >
      <Accordion.Item value="background">
        <Accordion.Control>
          <Text size="sm" fw={600}>
            Slide background
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            <BackgroundSection item={null} frameId={frameId} />
            <SlideTint frameId={frameId} />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="transition">
        <Accordion.Control>
          <Text size="sm" fw={600}>
            Slide transition
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <TransitionControls frameId={frameId} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="audio">
        <Accordion.Control>
          <Text size="sm" fw={600}>
            Slide audio
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <AudioSection item={null} frameId={frameId} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
