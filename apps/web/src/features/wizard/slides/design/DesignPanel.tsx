import { Badge, Group, Stack, Tabs } from '@mantine/core';
import type { Slide } from '@reelwright/core';
import { IconMicrophone2, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { ColorsMenu } from './ColorsMenu';
import { EffectMenu } from './EffectMenu';
import { LayoutMenu } from './LayoutMenu';
import { MediaSection } from './MediaSection';
import { PresetPicker } from './PresetPicker';
import { SettingsMenu } from './SettingsMenu';
import { VoiceSection } from './VoiceSection';

export type DesignPanelProps = {
  slide: Slide;
  /** The text line being edited: media and audio are that line's. */
  activeTextId: string | undefined;
};

/**
 * The slides step's design panel (spec 001 §2), a column of about 420 px beside the preview:
 * the slide's look on top (preset arrows, Layout, Effect, Colors, settings cog), then the active
 * line's Media and Voice-over in tabs. Every edit goes through slide-edits.ts: design edits are
 * copied to the slides not marked unique, content edits stay on this slide.
 */
export function DesignPanel({ slide, activeTextId }: DesignPanelProps) {
  const [tab, setTab] = useState<string | null>('media');
  const text = slide.texts.find((t) => t.id === activeTextId);

  return (
    <Stack gap="sm" maw={440} w="100%" data-testid="design-panel">
      <Stack gap={6} data-testid="design-look">
        <PresetPicker slide={slide} />
        <Group gap={6} wrap="nowrap">
          <LayoutMenu slide={slide} />
          <EffectMenu slide={slide} />
          <ColorsMenu slide={slide} />
          <Group ml="auto" gap={6} wrap="nowrap">
            {slide.unique && (
              <Badge size="xs" variant="light" color="grape" title="This slide keeps its own design">
                Own design
              </Badge>
            )}
            <SettingsMenu slide={slide} activeTextId={activeTextId} />
          </Group>
        </Group>
      </Stack>
      <Tabs value={tab} onChange={setTab} variant="outline" radius="sm">
        <Tabs.List>
          <Tabs.Tab
            value="media"
            leftSection={<IconPhoto size={14} />}
            rightSection={
              text?.media.length ? (
                <Badge size="xs" variant="light" circle>
                  {text.media.length}
                </Badge>
              ) : null
            }
            data-testid="design-tab-media"
          >
            Media
          </Tabs.Tab>
          <Tabs.Tab value="voice" leftSection={<IconMicrophone2 size={14} />} data-testid="design-tab-voice">
            Voice-over
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="media" pt="xs">
          <MediaSection slide={slide} activeTextId={activeTextId} />
        </Tabs.Panel>
        <Tabs.Panel value="voice" pt="xs">
          <VoiceSection slide={slide} activeTextId={activeTextId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
