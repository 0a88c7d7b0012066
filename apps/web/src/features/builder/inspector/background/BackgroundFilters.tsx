import { Select, Stack } from '@mantine/core';
import { type Background, RANGES } from '@reelwright/core';
import { DEFAULT_WRAPPER } from '../../../../builder/commands/style-commands';
import { percent, SettingSlider } from '../../controls/SettingSlider';
import { ColorButton } from '../style/ColorButton';
import { PartTitle, SettingSwitch } from '../style/InspectorParts';
import { BACKDROP_OPTIONS, type BackgroundTargetProps } from './background-rules';

type Backdrop = NonNullable<Background['filters']['backdrop']>;

/**
 * The background's filters (spec 002 §3, §5, §9): opacity and blur, each applied only above 0;
 * a tint 0–1 with its color (default 0); a backdrop filter with its value 1–100 (default 10).
 */
export function BackgroundFilters({ background, set, gesture }: BackgroundTargetProps) {
  const { filters } = background;
  const off = (value: number, shown: string) => (value > 0 ? shown : '0 (off)');
  return (
    <Stack gap="sm" data-testid="background-filters">
      <PartTitle>Filters</PartTitle>
      <SettingSlider
        label="Opacity"
        description="Applied only above 0."
        value={filters.opacity}
        min={0}
        max={1}
        step={0.01}
        format={(value) => off(value, percent(value))}
        gesture={gesture}
        apply={(opacity) => set({ filters: { opacity } })}
        testId="background-opacity"
      />
      <SettingSlider
        label="Blur"
        description="Applied only above 0."
        value={filters.blur}
        min={0}
        max={100}
        step={1}
        format={(value) => off(value, `${Math.round(value)} px`)}
        gesture={gesture}
        apply={(blur) => set({ filters: { blur } })}
        testId="background-blur"
      />
      <SettingSlider
        label="Tint"
        value={filters.tint}
        min={0}
        max={1}
        step={0.01}
        format={percent}
        gesture={gesture}
        apply={(tint) => set({ filters: { tint } })}
        testId="background-tint"
      />
      <ColorButton
        label="Tint color"
        value={filters.tintColor}
        apply={(tintColor) => set({ filters: { tintColor } })}
        gesture={gesture}
        disabled={filters.tint === 0}
        testId="background-tint-color"
      />
      <Select
        size="xs"
        label="Backdrop filter"
        description="Filters what lies behind."
        data={BACKDROP_OPTIONS}
        value={filters.backdrop ?? 'none'}
        allowDeselect={false}
        onChange={(value) =>
          value && set({ filters: { backdrop: value === 'none' ? undefined : (value as Backdrop) } })
        }
        data-testid="background-backdrop"
      />
      <SettingSlider
        label="Backdrop value"
        value={filters.backdropValue}
        min={RANGES.backdropValue.min}
        max={RANGES.backdropValue.max}
        step={1}
        format={(value) => String(Math.round(value))}
        gesture={gesture}
        apply={(backdropValue) => set({ filters: { backdropValue } })}
        disabled={!filters.backdrop}
        testId="background-backdrop-value"
      />
    </Stack>
  );
}

/**
 * The slide background's wrapper (spec 002 §3 wrapperEnable, wrapperStyle): a padded, rounded
 * panel over the background and under the items. Switching it off keeps its settings.
 */
export function WrapperSettings({ background, set, gesture }: BackgroundTargetProps) {
  const wrapper = { ...DEFAULT_WRAPPER, ...background.wrapper };
  return (
    <Stack gap="sm" data-testid="background-wrapper">
      <SettingSwitch
        label="Wrapper"
        checked={wrapper.enabled}
        onChange={(enabled) => set({ wrapper: { enabled } })}
        testId="background-wrapper-enabled"
      />
      {wrapper.enabled && (
        <>
          <ColorButton
            label="Wrapper color"
            value={wrapper.color}
            apply={(color) => set({ wrapper: { color } })}
            gesture={gesture}
            testId="background-wrapper-color"
          />
          <SettingSlider
            label="Wrapper margin"
            description="Share of the stage's shorter side."
            value={wrapper.padding}
            min={0}
            max={0.25}
            step={0.01}
            format={percent}
            gesture={gesture}
            apply={(padding) => set({ wrapper: { padding } })}
            testId="background-wrapper-padding"
          />
          <SettingSlider
            label="Wrapper corners"
            value={wrapper.radius}
            min={0}
            max={50}
            step={1}
            format={(value) => `${Math.round(value)} px`}
            gesture={gesture}
            apply={(radius) => set({ wrapper: { radius } })}
            testId="background-wrapper-radius"
          />
        </>
      )}
    </Stack>
  );
}
