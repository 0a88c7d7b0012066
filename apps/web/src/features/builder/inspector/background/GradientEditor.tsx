import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { type Gradient, RANGES } from '@reelwright/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_GRADIENT } from '../../../../builder/commands/style-commands';
import { SettingSlider } from '../../controls/SettingSlider';
import { ColorButton } from '../style/ColorButton';
import { CommitNumber } from '../style/InspectorParts';
import classes from './Background.module.css';
import { type BackgroundTargetProps, gradientCss, newStop } from './background-rules';
import { GradientPresets } from './GradientPresets';

/**
 * A gradient (spec 002 §3, §5): linear or radial, the angle 0–360 for linear only, and two or
 * more stops, each a color at a place 0–100 % along it.
 */
export function GradientEditor({ background, set, gesture }: BackgroundTargetProps) {
  const gradient = background.gradient ?? DEFAULT_GRADIENT;
  const setStops = (stops: Gradient['stops']) => set({ gradient: { stops } });
  const linear = gradient.kind === 'linear';
  return (
    <Stack gap="sm" data-testid="background-gradient">
      <div className={classes.preview} style={{ background: gradientCss(gradient) }} aria-hidden />
      <GradientPresets
        current={gradient}
        // A radial gradient takes no angle (spec 002 §5): the current one is kept for it.
        apply={({ kind, angle, stops }) =>
          set({ gradient: kind === 'linear' ? { kind, angle, stops } : { kind, stops } })
        }
      />
      <SegmentedControl
        size="xs"
        fullWidth
        value={gradient.kind}
        onChange={(kind) => set({ gradient: { kind: kind as Gradient['kind'] } })}
        data={[
          { value: 'linear', label: 'Linear' },
          { value: 'radial', label: 'Radial' },
        ]}
        data-testid="background-gradient-kind"
      />
      <SettingSlider
        label="Angle"
        description={linear ? undefined : 'Linear gradients only.'}
        value={gradient.angle}
        min={RANGES.gradientAngle.min}
        max={RANGES.gradientAngle.max}
        step={1}
        format={(angle) => `${Math.round(angle)}°`}
        gesture={gesture}
        apply={(angle) => set({ gradient: { angle } })}
        disabled={!linear}
        testId="background-gradient-angle"
      />
      {gradient.stops.map((stop, index) => (
        // Stops have no ids; their place in the list is who they are while the section is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Paper key={index} withBorder radius="sm" p={6} data-testid={`background-gradient-stop-${index + 1}`}>
          <Stack gap={6}>
            <ColorButton
              label={`Stop ${index + 1}`}
              value={stop.color}
              apply={(color) => setStops(gradient.stops.map((s, i) => (i === index ? { ...s, color } : s)))}
              gesture={gesture}
              testId={`background-gradient-stop-${index + 1}-color`}
            />
            <Group gap={6} wrap="nowrap" align="flex-end">
              <CommitNumber
                label="At (%)"
                min={0}
                max={100}
                step={5}
                value={Math.round(stop.at * 100)}
                onCommit={(at) => setStops(gradient.stops.map((s, i) => (i === index ? { ...s, at: at / 100 } : s)))}
                style={{ flex: 1 }}
              />
              <Tooltip label={gradient.stops.length > 2 ? 'Remove this stop' : 'A gradient needs two stops'}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="md"
                  aria-label={`Remove stop ${index + 1}`}
                  disabled={gradient.stops.length <= 2}
                  onClick={() => setStops(gradient.stops.filter((_, i) => i !== index))}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {gradient.stops.length} stops
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} />}
          onClick={() => setStops([...gradient.stops, newStop(gradient)].sort((a, b) => a.at - b.at))}
          data-testid="background-gradient-add-stop"
        >
          Add stop
        </Button>
      </Group>
    </Stack>
  );
}
