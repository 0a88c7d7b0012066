import { Collapse, ColorSwatch, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { TRANSPARENT } from '@reelwright/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { ColorField } from '../../controls/ColorField';

export type ColorButtonProps = {
  label: string;
  /** The color now, or null for none. */
  value: string | null;
  apply(color: string): void;
  /** 'None'; without it, None applies the transparent option (a color that must be there shows nothing). */
  clear?: () => void;
  /** The command's name: a drag in the picker is one undo step of it. */
  gesture: string;
  disabled?: boolean;
  testId: string;
};

/**
 * A labelled color in one line of a narrow panel: its swatch and hex open the palette (the 60
 * samples, transparent, None and a custom hex, `ColorField`) just below, inline rather than in a
 * popover (the custom picker is a popover of its own), so a section with several colors stays short.
 */
export function ColorButton(props: ColorButtonProps) {
  const { value } = props;
  const [opened, setOpened] = useState(false);
  const open = opened && !props.disabled;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} c={props.disabled ? 'dimmed' : undefined}>
          {props.label}
        </Text>
        <UnstyledButton
          aria-label={`${props.label}: ${value ?? 'none'}`}
          aria-expanded={open}
          disabled={props.disabled}
          onClick={() => setOpened((was) => !was)}
          data-testid={`${props.testId}-open`}
          style={{ opacity: props.disabled ? 0.5 : 1 }}
        >
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={value ?? TRANSPARENT} size={18} radius="sm" withShadow />
            <Text size="xs" ff="monospace" c="dimmed" w={68}>
              {value ?? 'None'}
            </Text>
            <IconChevronDown
              size={12}
              color="var(--mantine-color-dimmed)"
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          </Group>
        </UnstyledButton>
      </Group>
      <Collapse in={open}>
        {open && (
          <ColorField
            value={value}
            apply={props.apply}
            clear={props.clear ?? (() => props.apply(TRANSPARENT))}
            gesture={props.gesture}
            testId={props.testId}
          />
        )}
      </Collapse>
    </Stack>
  );
}
