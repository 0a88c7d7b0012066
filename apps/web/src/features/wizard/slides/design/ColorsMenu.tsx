import { Button, ColorInput, Divider, Popover, Slider, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Slide } from '@reelwright/core';
import { IconChevronDown, IconPalette } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { updateDesign } from '../slide-edits';
import { clampAlpha } from './settings-rules';

const SWATCHES = [
  '#ffffff',
  '#000000',
  '#212529',
  '#ffd43b',
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#4c6ef5',
  '#15aabf',
  '#40c057',
  '#fd7e14',
  '#f8f0e3',
];

/**
 * A colour that edits the design once the author lets go (picker released, swatch chosen, or
 * the field left), not on every drag step: each design edit is copied to the other slides.
 */
function ColorField(props: { label: string; value: string; onCommit(value: string): void; testId: string }) {
  const [value, setValue] = useState(props.value);
  useEffect(() => setValue(props.value), [props.value]);
  const commit = (next: string) => {
    if (next && next !== props.value) props.onCommit(next);
  };
  return (
    <ColorInput
      size="xs"
      label={props.label}
      value={value}
      onChange={setValue}
      onChangeEnd={commit}
      onBlur={() => commit(value)}
      swatches={SWATCHES}
      swatchesPerRow={6}
      format="hex"
      popoverProps={{ withinPortal: false }}
      data-testid={props.testId}
    />
  );
}

/** An alpha 0–1 (spec 001 §5, default 0.4) that edits on release. */
function AlphaField(props: { label: string; value: number; onCommit(value: number): void; testId: string }) {
  const [value, setValue] = useState(props.value);
  useEffect(() => setValue(props.value), [props.value]);
  return (
    <div>
      <Text size="xs" fw={500} mb={4}>
        {props.label}
      </Text>
      <Slider
        size="sm"
        min={0}
        max={1}
        step={0.05}
        value={value}
        onChange={setValue}
        onChangeEnd={(v) => props.onCommit(clampAlpha(v))}
        label={(v) => `${Math.round(v * 100)}%`}
        aria-label={props.label}
        data-testid={props.testId}
      />
    </div>
  );
}

/**
 * The Colors menu: text, highlighted keywords, the tint over media (colour and alpha), the
 * slide background, and the text box colour when a box layout is chosen.
 */
export function ColorsMenu({ slide }: { slide: Slide }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { style, settings } = slide;
  const inBox = settings.layout.startsWith('container_');
  const edit = (mutate: (s: Slide) => void) => updateDesign(slide.id, mutate);

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" shadow="md" width={280}>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          onClick={toggle}
          leftSection={<IconPalette size={14} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="design-colors-menu"
        >
          Colors
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" data-testid="design-colors-dropdown">
        <Stack gap="xs">
          <ColorField
            label="Text color"
            value={style.color}
            onCommit={(v) =>
              edit((s) => {
                s.style.color = v;
              })
            }
            testId="color-text"
          />
          <ColorField
            label="Bold / highlight color"
            value={style.boldColor}
            onCommit={(v) =>
              edit((s) => {
                s.style.boldColor = v;
              })
            }
            testId="color-bold"
          />
          <Divider />
          <ColorField
            label="Overlay color"
            value={style.overlayColor}
            onCommit={(v) =>
              edit((s) => {
                s.style.overlayColor = v;
              })
            }
            testId="color-overlay"
          />
          <AlphaField
            label="Overlay opacity"
            value={style.overlayAlpha}
            onCommit={(v) =>
              edit((s) => {
                s.style.overlayAlpha = v;
              })
            }
            testId="color-overlay-alpha"
          />
          {inBox && (
            <>
              <ColorField
                label="Text box color"
                value={settings.container.backgroundColor}
                onCommit={(v) =>
                  edit((s) => {
                    s.settings.container.backgroundColor = v;
                  })
                }
                testId="color-box"
              />
              <AlphaField
                label="Text box opacity"
                value={settings.container.backgroundAlpha}
                onCommit={(v) =>
                  edit((s) => {
                    s.settings.container.backgroundAlpha = v;
                  })
                }
                testId="color-box-alpha"
              />
            </>
          )}
          <Divider />
          <ColorField
            label="Background color"
            value={style.bg.color}
            onCommit={(v) =>
              edit((s) => {
                s.style.bg.type = 'color';
                s.style.bg.color = v;
              })
            }
            testId="color-background"
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
