import { ActionIcon, Button, ColorPicker, ColorSwatch, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { HexColorSchema, PALETTE_COLORS, TRANSPARENT } from '@reelwright/core';
import { IconCheck, IconColorPicker } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { builderEditor } from '../editor-store';
import classes from './ColorField.module.css';
import { useCancelOnEscape } from './SettingSlider';
import { SliderGesture } from './slider-gesture';

export type ColorFieldProps = {
  /** The color now, or null for none. */
  value: string | null;
  /** Runs the command for a color (inside the gesture while the picker is dragged). */
  apply(color: string): void;
  /** Removes the color ('None'). */
  clear(): void;
  /** The command's name: a drag in the picker is one undo step of this name. */
  gesture: string;
  testId: string;
};

const same = (a: string | null, b: string) => a?.toLowerCase() === b.toLowerCase();

/**
 * A color chooser for a narrow panel (spec 002 §5, §9): the palette's 60 samples, the
 * transparent option `#00000000`, None, and a custom color typed as hex (nothing else is
 * accepted) or picked; a drag in the picker applies live as one undo step.
 */
export function ColorField(props: ColorFieldProps) {
  const { value } = props;
  return (
    <Stack gap="xs" data-testid={props.testId}>
      <div className={classes.palette} role="listbox" aria-label="Palette">
        {PALETTE_COLORS.map((color) => (
          <ColorSwatch
            key={color}
            component="button"
            type="button"
            role="option"
            aria-selected={same(value, color)}
            aria-label={color}
            title={color}
            color={color}
            radius="sm"
            withShadow
            className={classes.swatch}
            onClick={() => props.apply(color)}
          >
            {same(value, color) && <IconCheck size={12} color={isLight(color) ? '#000' : '#fff'} />}
          </ColorSwatch>
        ))}
      </div>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-xs"
          style={{ flex: 1 }}
          variant={same(value, TRANSPARENT) ? 'light' : 'default'}
          leftSection={<ColorSwatch color={TRANSPARENT} size={12} />}
          onClick={() => props.apply(TRANSPARENT)}
          data-testid={`${props.testId}-transparent`}
        >
          Transparent
        </Button>
        <Button
          size="compact-xs"
          variant={value === null ? 'light' : 'default'}
          onClick={props.clear}
          disabled={value === null}
          data-testid={`${props.testId}-none`}
        >
          None
        </Button>
      </Group>
      <CustomColor {...props} />
    </Stack>
  );
}

/** The custom color: typed as hex, applied on Enter or when the field is left, or picked. */
function CustomColor(props: ColorFieldProps) {
  const [text, setText] = useState(props.value ?? '');
  useEffect(() => setText(props.value ?? ''), [props.value]);
  const parsed = HexColorSchema.safeParse(text.trim());
  const error = text.trim() === '' || parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const commit = () => {
    const color = text.trim();
    if (color !== '' && parsed.success && !same(props.value, color)) props.apply(color);
  };
  const gesture = useRef<SliderGesture | null>(null);
  gesture.current ??= new SliderGesture(builderEditor.document, props.gesture);
  useCancelOnEscape(gesture.current);
  return (
    <TextInput
      size="xs"
      label="Custom color"
      description="A hex value, such as #1c7ed6 or #1c7ed680."
      placeholder="#1c7ed6"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      error={error}
      spellCheck={false}
      leftSection={<ColorSwatch color={parsed.success ? text.trim() : (props.value ?? TRANSPARENT)} size={14} />}
      rightSection={
        <Popover position="bottom-end" shadow="md" withArrow>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Pick a color">
              <IconColorPicker size={14} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs">
            <Stack gap={6}>
              <ColorPicker
                size="sm"
                format="hex"
                value={props.value ?? '#000000'}
                onChange={(color) => gesture.current?.change(() => props.apply(color))}
                onChangeEnd={() => gesture.current?.end()}
              />
              <Text size="xs" c="dimmed" ta="center">
                {props.value ?? 'None'}
              </Text>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      }
      data-testid={`${props.testId}-custom`}
    />
  );
}

/** Whether a #rrggbb colour is light enough for dark marks on it. */
export function isLight(color: string): boolean {
  const hex = color.slice(1, 7);
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) > 160;
}
