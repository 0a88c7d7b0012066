import { Accordion, Text } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { memo, type ReactNode } from 'react';
import { AnimationSection } from './animation/AnimationSection';
import { AudioSection } from './audio/AudioSection';
import { BackgroundSection } from './background/BackgroundSection';
import { KeyframesSection } from './KeyframesSection';
import { GallerySection } from './kinds/GallerySection';
import { ImageSection } from './kinds/ImageSection';
import { TextSection } from './kinds/TextSection';
import { VideoSection } from './kinds/VideoSection';
import { LayerActions } from './layers/LayerActions';
import { PositionTiming } from './PositionTiming';
import { StyleSection } from './style/StyleSection';

type Section = { value: string; label: string; content: ReactNode };

/**
 * The item inspector (spec 002 §2): the selected item's cog menu and layer order, then its
 * sections in an accordion — by item type first, then Position and Timing, Animation/FX,
 * Keyframes. Every control edits through a named command; sliders are gestures.
 */
export const Inspector = memo(function Inspector({ item, frameId }: { item: Item; frameId: string }) {
  const kind = kindSection(item, frameId);
  const visual = item.type !== 'audio';
  const sections: Section[] = [
    ...(kind ? [kind] : []),
    { value: 'position', label: 'Position & Timing', content: <PositionTiming item={item} frameId={frameId} /> },
    ...(visual
      ? [
          { value: 'animation', label: 'Animation/FX', content: <AnimationSection item={item} frameId={frameId} /> },
          { value: 'style', label: 'Borders/Shadows/Filters', content: <StyleSection item={item} frameId={frameId} /> },
          { value: 'background', label: 'Background', content: <BackgroundSection item={item} frameId={frameId} /> },
        ]
      : []),
    { value: 'audio', label: 'Audio', content: <AudioSection item={item} frameId={frameId} /> },
    ...(visual
      ? [{ value: 'keyframes', label: 'Keyframes', content: <KeyframesSection item={item} frameId={frameId} /> }]
      : []),
  ];
  return (
    <div data-testid="inspector">
      <LayerActions item={item} frameId={frameId} />
      <Accordion
        mt="xs"
        multiple
        variant="contained"
        radius="md"
        defaultValue={[kind?.value ?? 'position']}
        styles={{
          content: { padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm) var(--mantine-spacing-sm)' },
        }}
      >
        {sections.map((section) => (
          <Accordion.Item key={section.value} value={section.value}>
            <Accordion.Control>
              <Text size="sm" fw={600}>
                {section.label}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>{section.content}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </div>
  );
});

/** The section of the item's own kind (spec 002 §2 "sections by item type"). */
function kindSection(item: Item, frameId: string): Section | null {
  switch (item.type) {
    case 'text':
      return { value: 'text', label: 'Text', content: <TextSection item={item} frameId={frameId} /> };
    case 'image':
      return { value: 'image', label: 'Image', content: <ImageSection item={item} frameId={frameId} /> };
    case 'video':
      return { value: 'video', label: 'Video', content: <VideoSection item={item} frameId={frameId} /> };
    case 'gallery':
      return { value: 'gallery', label: 'Gallery', content: <GallerySection item={item} frameId={frameId} /> };
    default:
      return null;
  }
}
