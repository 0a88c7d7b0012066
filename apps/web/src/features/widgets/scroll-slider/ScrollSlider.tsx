import { ActionIcon } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconChevronsDown,
  IconChevronsLeft,
  IconChevronsRight,
  IconChevronsUp,
  IconChevronUp,
} from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import classes from './ScrollSlider.module.css';
import { HINT_ARROW_MS, type ScrollDirection } from './scroll-rules';
import { type ScrollOrientation, useScrollSlider } from './use-scroll-slider';

/** Each end's arrow: what it is called, and the chevrons of the arrow and of the hint toward it. */
const ENDS = {
  horizontal: {
    start: { label: 'Scroll left', Chevron: IconChevronLeft, HintChevron: IconChevronsLeft },
    end: { label: 'Scroll right', Chevron: IconChevronRight, HintChevron: IconChevronsRight },
  },
  vertical: {
    start: { label: 'Scroll up', Chevron: IconChevronUp, HintChevron: IconChevronsUp },
    end: { label: 'Scroll down', Chevron: IconChevronDown, HintChevron: IconChevronsDown },
  },
} as const;

const DIRECTIONS: ScrollDirection[] = ['start', 'end'];

/** Props of {@link ScrollSlider}. */
export type ScrollSliderProps = {
  /** A row that scrolls sideways, or a column that scrolls up and down. */
  orientation?: ScrollOrientation;
  /** Names the list for assistive technology. */
  label: string;
  /** The list's entries; each keeps its own size (a row's entries need a width). */
  children: ReactNode;
  /** Pixels between entries. */
  gap?: number;
  /** How long the hint arrow shows when the list overflows on mount (spec 002: 3500 ms). */
  hintMs?: number;
  /** Sizes the slider from outside, e.g. a column's width and maximum height. */
  style?: CSSProperties;
};

/**
 * An overflowing list with an arrow at each end (spec 002 §2): hovering or holding an arrow
 * scrolls 5 px every 10 ms, an arrow hides once its end is reached, and a list that overflows
 * on mount shows a nudging hint arrow toward its hidden entries for `hintMs`.
 */
export function ScrollSlider(props: ScrollSliderProps) {
  const { orientation = 'horizontal', label, children, gap = 8, hintMs = HINT_ARROW_MS, style } = props;
  const { viewportRef, trackRef, arrows, hint, measure, arrowHandlers } = useScrollSlider(orientation, hintMs);
  const HintChevron = hint && ENDS[orientation][hint].HintChevron;
  return (
    <div className={classes.root} data-orientation={orientation} style={style}>
      {/* biome-ignore lint/a11y/useSemanticElements: a named set of entries, not form fields for a fieldset. */}
      <div ref={viewportRef} className={classes.viewport} onScroll={measure} role="group" aria-label={label}>
        <div ref={trackRef} className={classes.track} style={{ gap }}>
          {children}
        </div>
      </div>
      {DIRECTIONS.map((direction) => {
        const { label: arrowLabel, Chevron } = ENDS[orientation][direction];
        return (
          <ActionIcon
            key={direction}
            className={classes.arrow}
            data-end={direction}
            variant="default"
            radius="xl"
            aria-label={arrowLabel}
            disabled={!arrows[direction]}
            // The entries themselves take focus and scroll into view; the arrows are for pointers,
            // and a press keeps focus where it was, since the arrow hides once its end is reached.
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            {...arrowHandlers(direction)}
          >
            <Chevron size={16} />
          </ActionIcon>
        );
      })}
      {HintChevron && (
        <span className={classes.hint} data-end={hint} aria-hidden data-testid="scroll-hint">
          <HintChevron size={28} stroke={2.5} />
        </span>
      )}
    </div>
  );
}
