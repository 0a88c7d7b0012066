import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Text } from '@mantine/core';
import type { Frame } from '@reelwright/core';
import { IconClock } from '@tabler/icons-react';
import { memo } from 'react';
import { builderEditor } from '../editor-store';
import { TransitionMarker } from '../transitions/TransitionMarker';
import type { ThumbnailSetup } from './render-thumbnail';
import classes from './SlideBar.module.css';
import { SlideMenu } from './SlideMenu';
import { SlideThumbnail } from './SlideThumbnail';
import { formatSlideDuration } from './slide-bar-rules';

type Props = {
  frame: Frame;
  /** Position in the movie, from 0. */
  index: number;
  open: boolean;
  canDelete: boolean;
  /** Shared by every card; the same object until the movie's size, watermark or background changes. */
  setup: ThumbnailSetup;
};

/**
 * One slide in the slide bar: its thumbnail with the number and the cog menu over it, and its
 * duration. A click (or Enter) opens the slide; a drag, or Space and the arrow keys, moves it.
 * Memoised: an edit re-renders only the cards of the frames it changed.
 */
export const SlideCard = memo(function SlideCard({ frame, index, open, canDelete, setup }: Props) {
  const number = index + 1;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: frame.id,
  });

  return (
    <li
      ref={setNodeRef}
      className={classes.card}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="slide-card"
      data-slide-id={frame.id}
      data-current={open || undefined}
      data-dragging={isDragging || undefined}
      aria-label={`Slide ${number}`}
      aria-current={open ? 'true' : undefined}
    >
      {/* A click or Enter opens the slide; Space is the keyboard sensor's (pick up, drop). */}
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        className={classes.activator}
        aria-label={`Slide ${number}`}
        aria-current={open ? 'true' : undefined}
        onClick={() => builderEditor.openSlide(frame.id)}
      >
        <SlideThumbnail frame={frame} setup={setup} />
        <span className={classes.meta}>
          <IconClock size={12} aria-hidden />
          <Text span size="xs" c="dimmed" data-testid="slide-duration">
            {formatSlideDuration(frame.duration)}
          </Text>
        </span>
      </button>
      <Badge
        className={classes.number}
        size="sm"
        radius="sm"
        variant={open ? 'filled' : 'white'}
        color={open ? 'blue' : 'dark'}
        aria-hidden
      >
        {number}
      </Badge>
      <div className={classes.cogSlot}>
        <SlideMenu frameId={frame.id} number={number} canDelete={canDelete} />
      </div>
      <TransitionMarker frame={frame} number={number} />
    </li>
  );
});
