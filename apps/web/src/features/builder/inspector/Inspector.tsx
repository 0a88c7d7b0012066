import { Accordion, Text } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { memo, type ReactNode } from 'react';
import { AnimationSection } from './animation/AnimationSection';
import { KeyframesSection } from './KeyframesSection';
import { LayerActions } from './layers/LayerActions';
import { PositionTiming } from './PositionTiming';

type Section = { value: string; label: string; content: ReactNode };

/**
 * The item inspector (spec 002 §2): the selected item's cog menu and layer order, then its
 * sections in an accordion — by item type first, then Position and Timing, Animation/FX,
 * Keyframes. Every control edits through a named command; sliders are gestures.
 */
export const Inspector = memo(function Inspector({ item, frameId }: { item: Item; frameId: string }) {
  const sections: Section[] = [
    { value: 'position', label: 'Position & Timing', content: <PositionTiming item={item} frameId={frameId} /> },
    { value: 'animation', label: 'Animation/FX', content: <AnimationSection item={item} frameId={frameId} /> },
    { value: 'keyframes', label: 'Keyframes', content: <KeyframesSection item={item} frameId={frameId} /> },
  ];
  return (
    <div data-testid="inspector">
      <LayerActions item={item} frameId={frameId} />
      <Accordion
        mt="xs"
        multiple
        variant="contained"
        radius="md"
        defaultValue={['position']}
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
