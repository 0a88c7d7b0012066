import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type Easing, ease } from '@reelwright/core';

/** The four easings in the words editors use (D94). */
export const EASING_CHOICES: { value: Easing; label: string }[] = [
  { value: 'linear', label: 'Linear' },
  { value: 'ease-in', label: 'Ease in' },
  { value: 'ease-out', label: 'Ease out' },
  { value: 'ease-in-out', label: 'Ease in-out' },
];

/** A picture of the curve, drawn from core's `ease`: time across, progress up. */
function Curve({ easing }: { easing: Easing }) {
  const points = Array.from({ length: 21 }, (_, i) => {
    const x = i / 20;
    return `${(2 + x * 18).toFixed(2)},${(20 - ease(easing, x) * 18).toFixed(2)}`;
  });
  return (
    <svg width={22} height={22} viewBox="0 0 22 22" aria-hidden="true">
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
    </svg>
  );
}

/**
 * How the item moves into the picked keyframe: the name of the chosen easing beside the label, as
 * the sliders show their values, and one button per curve, the chosen one filled (editors draw
 * easings as curves); a click is one undo step. Pictures keep the four in one row of the
 * inspector's width; each names itself in a tooltip and to screen readers.
 */
export function EasingPicker(props: {
  value: Easing;
  disabled: boolean;
  description: string;
  onChange(easing: Easing): void;
}) {
  const chosen = EASING_CHOICES.find((choice) => choice.value === props.value);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          Easing
        </Text>
        <Text size="sm" c="dimmed" data-testid="keyframe-easing-value">
          {chosen?.label}
        </Text>
      </Group>
      <Group gap={6} grow role="radiogroup" aria-label="Easing" data-testid="keyframe-easing">
        {EASING_CHOICES.map(({ value, label }) => (
          <Tooltip key={value} label={label} openDelay={300}>
            <ActionIcon
              size={30}
              variant={props.value === value ? 'filled' : 'default'}
              disabled={props.disabled}
              role="radio"
              aria-label={label}
              aria-checked={props.value === value}
              onClick={() => props.value !== value && props.onChange(value)}
            >
              <Curve easing={value} />
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {props.description}
      </Text>
    </Stack>
  );
}
