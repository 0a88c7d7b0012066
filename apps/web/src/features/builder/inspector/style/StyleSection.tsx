import { Button, Chip, Divider, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { type Filters, type Item, NEUTRAL_FILTERS, RANGES } from '@reelwright/core';
import { IconRestore } from '@tabler/icons-react';
import {
  DEFAULT_BORDER,
  DEFAULT_OUTLINE,
  DEFAULT_SHADOW,
  type StylePatch,
  setItemStyle,
} from '../../../../builder/commands/style-commands';
import { SettingSlider } from '../../controls/SettingSlider';
import { builderEditor } from '../../editor-store';
import { ColorButton } from './ColorButton';
import { PartTitle, SettingSwitch } from './InspectorParts';

type Side = 'top' | 'right' | 'bottom' | 'left';
const SIDES: { value: Side; label: string }[] = [
  { value: 'top', label: 'Top' },
  { value: 'right', label: 'Right' },
  { value: 'bottom', label: 'Bottom' },
  { value: 'left', label: 'Left' },
];
const BORDER_STYLES = ['solid', 'dashed', 'dotted', 'double'] as const;

/** The filter sliders (spec 002 §3 style picker filters), 0–100 each; `neutral` notes the unchanged value. */
export const FILTER_SLIDERS: { key: keyof Filters; label: string }[] = [
  { key: 'blur', label: 'Blur' },
  { key: 'brightness', label: 'Brightness' },
  { key: 'contrast', label: 'Contrast' },
  { key: 'grayscale', label: 'Grayscale' },
  { key: 'hue', label: 'Hue' },
  { key: 'invert', label: 'Invert' },
  { key: 'opacity', label: 'Opacity' },
  { key: 'saturate', label: 'Saturate' },
  { key: 'sepia', label: 'Sepia' },
];

const whole = (value: number) => String(Math.round(value * 10) / 10);
const px = (value: number) => `${whole(value)} px`;

/**
 * Borders/Shadows/Filters (spec 002 §2, §3 style picker, §5 ranges): the border's sides,
 * thickness 0–10, radius 0–10, color and style; the shadow on or off with thickness and distance
 * 0–20 and its color; the outline on or off with its color and thickness 0–3; nine filter sliders
 * 0–100 and 'Reset filters'. Each drag is one undo step (`setItemStyle`).
 */
export function StyleSection({ item, frameId }: { item: Item; frameId: string }) {
  const style = item.style;
  const border = { ...DEFAULT_BORDER, ...style.border };
  const shadow = { ...DEFAULT_SHADOW, ...style.shadow };
  const outline = { ...DEFAULT_OUTLINE, ...style.outline };
  const filters = { ...NEUTRAL_FILTERS, ...style.filters };
  const filtersChanged = FILTER_SLIDERS.some(({ key }) => filters[key] !== NEUTRAL_FILTERS[key]);
  const set = (patch: StylePatch) => builderEditor.run(setItemStyle, { frameId, id: item.id, patch });
  const slider = { gesture: setItemStyle.name, step: 1 };
  const sides = SIDES.filter(({ value }) => border.sides[value]).map(({ value }) => value);

  return (
    <Stack gap="sm" data-testid="style-section">
      <PartTitle>Border</PartTitle>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Sides
        </Text>
        <Chip.Group
          multiple
          value={sides}
          onChange={(next) =>
            set({
              border: {
                sides: {
                  top: next.includes('top'),
                  right: next.includes('right'),
                  bottom: next.includes('bottom'),
                  left: next.includes('left'),
                },
              },
            })
          }
        >
          <Group gap={4} data-testid="style-border-sides">
            {SIDES.map(({ value, label }) => (
              <Chip key={value} value={value} size="xs" radius="sm" styles={{ label: { paddingInline: 8 } }}>
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <SettingSlider
        {...slider}
        label="Thickness"
        value={border.thickness}
        min={RANGES.borderThickness.min}
        max={RANGES.borderThickness.max}
        format={px}
        apply={(thickness) => set({ border: { thickness } })}
        testId="style-border-thickness"
      />
      <SettingSlider
        {...slider}
        label="Corner radius"
        description="Also rounds the item's corners without a border."
        value={border.radius}
        min={RANGES.borderRadius.min}
        max={RANGES.borderRadius.max}
        format={whole}
        apply={(radius) => set({ border: { radius } })}
        testId="style-border-radius"
      />
      <ColorButton
        label="Border color"
        value={style.border ? border.color : null}
        apply={(color) => set({ border: { color } })}
        clear={() => set({ border: null })}
        gesture={setItemStyle.name}
        testId="style-border-color"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Style
        </Text>
        <SegmentedControl
          size="xs"
          fullWidth
          value={border.style}
          onChange={(value) => set({ border: { style: value as (typeof BORDER_STYLES)[number] } })}
          data={BORDER_STYLES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
          data-testid="style-border-style"
        />
      </Stack>

      <Divider />
      <SettingSwitch
        label="Shadow"
        checked={shadow.enabled}
        onChange={(enabled) => set({ shadow: { enabled } })}
        testId="style-shadow"
      />
      <SettingSlider
        {...slider}
        label="Shadow thickness"
        value={shadow.thickness}
        min={RANGES.shadowThickness.min}
        max={RANGES.shadowThickness.max}
        format={px}
        apply={(thickness) => set({ shadow: { thickness } })}
        disabled={!shadow.enabled}
        testId="style-shadow-thickness"
      />
      <SettingSlider
        {...slider}
        label="Shadow distance"
        value={shadow.distance}
        min={RANGES.shadowDistance.min}
        max={RANGES.shadowDistance.max}
        format={px}
        apply={(distance) => set({ shadow: { distance } })}
        disabled={!shadow.enabled}
        testId="style-shadow-distance"
      />
      <ColorButton
        label="Shadow color"
        value={shadow.color}
        apply={(color) => set({ shadow: { color } })}
        gesture={setItemStyle.name}
        disabled={!shadow.enabled}
        testId="style-shadow-color"
      />

      <Divider />
      <SettingSwitch
        label="Outline"
        checked={outline.enabled}
        onChange={(enabled) => set({ outline: { enabled } })}
        testId="style-outline"
      />
      <ColorButton
        label="Outline color"
        value={outline.color}
        apply={(color) => set({ outline: { color } })}
        gesture={setItemStyle.name}
        disabled={!outline.enabled}
        testId="style-outline-color"
      />
      <SettingSlider
        gesture={setItemStyle.name}
        step={0.5}
        label="Outline thickness"
        value={outline.thickness}
        min={RANGES.outlineThickness.min}
        max={RANGES.outlineThickness.max}
        format={px}
        apply={(thickness) => set({ outline: { thickness } })}
        disabled={!outline.enabled}
        testId="style-outline-thickness"
      />

      <Divider />
      <PartTitle
        right={
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconRestore size={12} />}
            disabled={!filtersChanged}
            onClick={() => set({ filters: null })}
            data-testid="style-filters-reset"
          >
            Reset filters
          </Button>
        }
      >
        Filters
      </PartTitle>
      {FILTER_SLIDERS.map(({ key, label }) => (
        <SettingSlider
          key={key}
          {...slider}
          label={label}
          value={filters[key]}
          min={RANGES.filter.min}
          max={RANGES.filter.max}
          format={(value) => (value === NEUTRAL_FILTERS[key] ? `${whole(value)} (none)` : whole(value))}
          apply={(value) => set({ filters: { [key]: value } })}
          testId={`style-filter-${key}`}
        />
      ))}
    </Stack>
  );
}
