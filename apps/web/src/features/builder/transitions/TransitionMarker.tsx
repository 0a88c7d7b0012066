import { Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Frame } from '@reelwright/core';
import { IconTransitionBottom } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { TransitionChoices } from './TransitionChoices';
import { ApplyToAllButton, chooseTransition, TransitionDuration } from './TransitionControls';
import classes from './Transitions.module.css';
import { transitionLabel } from './transition-preview';

/** The marker shows and applies the show alone: each slide's hide stays as it is. */
const SHOW_ONLY = ['show'] as const;

type Props = {
  frame: Frame;
  /** The slide's number, from 1. */
  number: number;
};

/**
 * The slide bar's mark of how a slide enters (its show transition), on the edge above its card:
 * between two slides, the change from one to the next; above the first, how the video opens. It
 * names the effect when there is one and is a faint icon when there is none. A click opens the
 * show's previews, its duration and "Apply to all slides", as CapCut and Canva do between clips.
 */
export const TransitionMarker = memo(function TransitionMarker({ frame, number }: Props) {
  const [opened, setOpened] = useState(false);
  const show = frame.transition.show;
  const label = transitionLabel('show', show?.name);
  const chosen = show?.name ?? null;
  const choose = (name: string | null) => {
    if (name !== chosen) chooseTransition(frame.id, 'show', name);
  };
  const title = number === 1 ? 'How slide 1 opens the video' : `From slide ${number - 1} to slide ${number}`;

  return (
    <Popover opened={opened} onChange={setOpened} position="right-start" width={344} shadow="md" offset={10} trapFocus>
      {/* The gap above the card is the target, so the previews open beside the slide bar, not over it. */}
      <Popover.Target>
        <div className={classes.gap}>
          <UnstyledButton
            className={classes.marker}
            data-set={show ? true : undefined}
            onClick={() => setOpened((open) => !open)}
            aria-label={`Slide ${number} show: ${label}${show ? `, ${show.duration.toFixed(2)} s` : ''}`}
            title={show ? `Show: ${label}, ${show.duration.toFixed(2)} s` : 'Show: none. Click to choose a transition'}
            data-testid="transition-marker"
            data-slide-number={number}
          >
            <IconTransitionBottom size={11} aria-hidden />
            {show && <span className={classes.markerLabel}>{label}</span>}
          </UnstyledButton>
        </div>
      </Popover.Target>
      <Popover.Dropdown p={8} data-testid="transition-marker-dropdown">
        <Stack gap={6}>
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              Slide {number} show
            </Text>
            <Text size="xs" c="dimmed">
              {title}
            </Text>
          </div>
          <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars>
            <TransitionChoices slot="show" chosen={chosen} onChoose={choose} />
          </ScrollArea.Autosize>
          <TransitionDuration frame={frame} slot="show" />
          <ApplyToAllButton frameId={frame.id} slots={SHOW_ONLY} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
});
