import { ActionIcon, Group, Paper, Popover, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { applyPreset, cyclePreset, type Preset, presetFromSlide, type Slide } from '@reelwright/core';
import { IconChevronLeft, IconChevronRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openTextPrompt } from '../../../shell/open-text-prompt';
import { updateDesign } from '../slide-edits';
import { designApi, PRESETS_QUERY_KEY, usePresets } from './design-api';
import { PRESET_HINT_SESSION_KEY, PRESET_HINT_TIMING, presetIdOf } from './preset-rules';
import { useMemberGate } from './use-design-helpers';

export const PRESET_HINT = 'Try the arrows to change the look of your slides';

/** Shows the arrows' hint 7.5 s after mounting, for 7 s, once per browser session (spec 001 §9). */
function usePresetHint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (sessionStorage.getItem(PRESET_HINT_SESSION_KEY)) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      // Every slide card has a picker: the first timer to fire shows the hint, the others see the mark.
      if (sessionStorage.getItem(PRESET_HINT_SESSION_KEY)) return;
      sessionStorage.setItem(PRESET_HINT_SESSION_KEY, '1');
      setShown(true);
      hide = setTimeout(() => setShown(false), PRESET_HINT_TIMING.showMs);
    }, PRESET_HINT_TIMING.delayMs);
    return () => {
      clearTimeout(show);
      if (hide) clearTimeout(hide);
    };
  }, []);
  return shown;
}

/** Applies a preset (spec 001 §4): style and settings, default voice, layout kind kept; remembers its id. */
export function choosePreset(slideId: string, preset: Preset) {
  updateDesign(slideId, (slide) => {
    const next = applyPreset(slide, preset);
    slide.style = next.style;
    slide.settings = next.settings;
    slide.frameKey = next.frameKey;
  });
}

/** Moves a slide to the previous (-1) or next (1) preset, wrapping around (the picker's and the preview's arrows). */
export function stepPreset(slide: Slide, presets: readonly Preset[], direction: 1 | -1) {
  const next = cyclePreset(presetIdOf(slide), presets, direction);
  if (next) choosePreset(slide.id, next);
}

/**
 * The preset picker: the current preset's name between ◀ ▶ arrows that cycle with wrap-around
 * through the built-in and saved presets, and 'Save as preset' (members; a name is required).
 */
export function PresetPicker({ slide }: { slide: Slide }) {
  const { data: presets = [] } = usePresets();
  const hint = usePresetHint();
  const client = useQueryClient();
  const { guard } = useMemberGate();
  const currentId = presetIdOf(slide);
  const current = presets.find((p) => p.id === currentId);

  const step = (direction: 1 | -1) => stepPreset(slide, presets, direction);

  const save = async () => {
    if (!guard('Log in to save presets')) return;
    const name = await openTextPrompt({
      title: 'Save as preset',
      label: 'Preset name',
      initial: '',
      confirmLabel: 'Save preset',
    });
    if (name === null) return; // an empty name saves nothing (spec 001 §5)
    const preset = presetFromSlide(slide, 'new', name);
    if (!preset) return;
    const id = notifications.show({ loading: true, message: `Saving preset “${preset.name}”…`, autoClose: false });
    try {
      await designApi.savePreset({ name: preset.name, style: slide.style, settings: slide.settings });
      await client.invalidateQueries({ queryKey: PRESETS_QUERY_KEY });
      notifications.update({
        id,
        loading: false,
        color: 'green',
        message: `Preset “${preset.name}” saved`,
        autoClose: 3000,
      });
    } catch (error) {
      notifications.update({ id, loading: false, color: 'red', message: (error as Error).message, autoClose: 6000 });
    }
  };

  return (
    <Popover opened={hint} position="top" withArrow shadow="md">
      <Popover.Target>
        <Paper withBorder radius="md" px={4} py={2} data-testid="preset-picker">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              onClick={() => step(-1)}
              aria-label="Previous style"
              disabled={!presets.length}
              data-testid="preset-prev"
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text size="sm" fw={500} ta="center" flex={1} truncate aria-live="polite" data-testid="preset-name">
              {current?.name ?? 'Custom style'}
            </Text>
            <ActionIcon
              variant="subtle"
              onClick={() => step(1)}
              aria-label="Next style"
              disabled={!presets.length}
              data-testid="preset-next"
            >
              <IconChevronRight size={18} />
            </ActionIcon>
            <Tooltip label="Save as preset">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => void save()}
                aria-label="Save as preset"
                data-testid="preset-save"
              >
                <IconDeviceFloppy size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      </Popover.Target>
      <Popover.Dropdown py={6} px="sm" data-testid="preset-hint">
        <Text size="sm">{PRESET_HINT}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
