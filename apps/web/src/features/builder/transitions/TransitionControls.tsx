import { Button, Stack, Text } from '@mantine/core';
import type { Frame } from '@reelwright/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import {
  applyTransitionToAll,
  longestTransition,
  setSlideTransition,
  setSlideTransitionDuration,
  TRANSITION_DURATION_RANGE,
  type TransitionSlot,
} from '../../../builder/commands/transition-commands';
import { SettingSlider } from '../controls/SettingSlider';
import { builderEditor, useEditor } from '../editor-store';
import { PreviewPicker } from '../inspector/animation/PreviewPicker';
import { TransitionChoices } from './TransitionChoices';
import { transitionLabel } from './transition-preview';

/** The words beside each picker, and of its duration slider (spec 002 §3 slide fx: show, hide). */
export const SLOT_LABELS: Record<TransitionSlot, { label: string; duration: string; description: string }> = {
  show: { label: 'Show', duration: 'Show duration', description: 'how the slide enters' },
  hide: { label: 'Hide', duration: 'Hide duration', description: 'how the slide leaves' },
};

const seconds = (value: number) => `${value.toFixed(2)} s`;

/** Chooses a slide's show or hide: one undo step. */
export function chooseTransition(frameId: string, slot: TransitionSlot, name: string | null): void {
  builderEditor.run(setSlideTransition, { frameId, slot, name });
}

/** The duration slider of a slide's show or hide, when it has one: one undo step per drag, Escape takes it back. */
export function TransitionDuration({ frame, slot }: { frame: Frame; slot: TransitionSlot }) {
  const effect = frame.transition[slot];
  if (!effect) return null;
  return (
    <SettingSlider
      label={SLOT_LABELS[slot].duration}
      value={effect.duration}
      min={TRANSITION_DURATION_RANGE.min}
      max={longestTransition(frame)}
      step={0.05}
      format={seconds}
      gesture="setSlideTransitionDuration"
      apply={(duration) => builderEditor.run(setSlideTransitionDuration, { frameId: frame.id, slot, duration })}
      testId={`transition-duration-${slot}`}
    />
  );
}

/**
 * "Apply to all slides": this slide's show and hide (or only `slots`) on every slide, one undo
 * step. Off with one slide.
 */
export function ApplyToAllButton({ frameId, slots }: { frameId: string; slots?: readonly TransitionSlot[] }) {
  const count = useEditor((snapshot) => snapshot.data.video.frames.length);
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconCopy size={14} />}
      disabled={count < 2}
      onClick={() => builderEditor.run(applyTransitionToAll, { frameId, slots })}
      data-testid="transition-apply-all"
    >
      Apply to all slides
    </Button>
  );
}

/** A picker of the slide's show or hide: a button naming the choice opens the grid of live previews. */
function TransitionPicker({ frame, slot }: { frame: Frame; slot: TransitionSlot }) {
  const [opened, setOpened] = useState(false);
  const chosen = frame.transition[slot]?.name ?? null;
  const { label, description } = SLOT_LABELS[slot];
  const choose = (name: string | null) => {
    setOpened(false);
    if (name !== chosen) chooseTransition(frame.id, slot, name);
  };
  return (
    <PreviewPicker
      id={`transition-${slot}`}
      label={label}
      current={transitionLabel(slot, chosen)}
      heading={`${label}: ${description}`}
      opened={opened}
      setOpened={setOpened}
      buttonTestId={`transition-picker-${slot}`}
      dropdownTestId={`transition-dropdown-${slot}`}
    >
      <TransitionChoices slot={slot} chosen={chosen} onChoose={choose} />
    </PreviewPicker>
  );
}

/**
 * The open slide's transition, in its settings (nothing selected): how it enters (show) and
 * leaves (hide), each picked from live previews of two slides, its duration, and "Apply to all
 * slides". Drawn in the MP4 by the one renderer (D16, D89).
 */
export function TransitionControls({ frameId }: { frameId: string }) {
  const frame = useEditor((snapshot) => snapshot.data.video.frames.find((candidate) => candidate.id === frameId));
  if (!frame) return null;
  return (
    <Stack gap={6} data-testid="slide-transition">
      <TransitionPicker frame={frame} slot="show" />
      <TransitionDuration frame={frame} slot="show" />
      <TransitionPicker frame={frame} slot="hide" />
      <TransitionDuration frame={frame} slot="hide" />
      <Text size="xs" c="dimmed">
        A show starts the slide over black; a hide ends it into black.
      </Text>
      <ApplyToAllButton frameId={frameId} />
    </Stack>
  );
}
