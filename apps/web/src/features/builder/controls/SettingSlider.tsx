import { Group, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { builderEditor } from '../editor-store';
import { SliderGesture } from './slider-gesture';

export type SettingSliderProps = {
  label: string;
  /** Under the slider, what the setting does. */
  description?: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** The value as read out beside the label and on the thumb. */
  format(value: number): string;
  /** The command's name: the drag is one undo step of this name. */
  gesture: string;
  /** Runs the command for a value (inside the gesture). */
  apply(value: number): void;
  disabled?: boolean;
  testId: string;
};

/**
 * A labelled slider whose moves apply live as one gesture: release commits one undo step,
 * Escape takes the drag back (STYLE §7).
 */
export function SettingSlider(props: SettingSliderProps) {
  const gesture = useRef<SliderGesture | null>(null);
  gesture.current ??= new SliderGesture(builderEditor.document, props.gesture);
  useCancelOnEscape(gesture.current);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {props.label}
        </Text>
        <Text size="sm" c="dimmed" data-testid={`${props.testId}-value`}>
          {props.format(props.value)}
        </Text>
      </Group>
      <Slider
        size="sm"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        label={props.format}
        disabled={props.disabled}
        aria-label={props.label}
        onChange={(value) => gesture.current?.change(() => props.apply(value))}
        onChangeEnd={() => gesture.current?.end()}
        data-testid={props.testId}
      />
      {props.description && (
        <Text size="xs" c="dimmed">
          {props.description}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Escape during a drag takes it back, wherever the focus is: the listener runs before the
 * builder's shortcuts and keeps the key from them only when there was a drag to take back.
 */
export function useCancelOnEscape(gesture: SliderGesture): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && gesture.cancel()) {
        event.stopPropagation();
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [gesture]);
}

/** 0–1 as a percentage, for volumes and opacity. */
export const percent = (value: number) => `${Math.round(value * 100)}%`;
