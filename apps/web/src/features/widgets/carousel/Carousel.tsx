import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Children, type ReactNode, useEffect, useState } from 'react';
import classes from './Carousel.module.css';
import {
  autoplays,
  CAROUSEL_INTERVAL_DEFAULT,
  clampIndex,
  indexAfterKey,
  nextIndex,
  previousIndex,
} from './carousel-rules';

/** Props of {@link Carousel}. */
export type CarouselProps = {
  /** Names the carousel for assistive technology, e.g. 'Gallery preview'. */
  label: string;
  /** The slides, one per child, in order; each fills the carousel's width. */
  children: ReactNode;
  /** Milliseconds between automatic moves to the next slide; off unless given (spec 002). */
  interval?: number | null;
};

/**
 * Slides one at a time (spec 002 §2), with previous/next controls and one indicator per slide
 * (the shown one marked current). ← and → move while it has focus; with an `interval` it moves
 * on by itself, pausing while hovered or focused.
 */
export function Carousel({ label, children, interval = CAROUSEL_INTERVAL_DEFAULT }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [requested, setRequested] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const shown = clampIndex(requested, count);
  const delay = !hovered && !focused && autoplays(interval, count) ? interval : null;

  useEffect(() => {
    if (delay === null) return;
    const timer = setInterval(() => setRequested((index) => nextIndex(index, count)), delay);
    return () => clearInterval(timer);
  }, [delay, count]);

  return (
    <section
      className={classes.root}
      aria-label={label}
      aria-roledescription="carousel"
      // Focusable so that ← and → work without first reaching a control.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a carousel region takes arrow keys.
      tabIndex={0}
      onKeyDown={(event) => {
        const index = indexAfterKey(event.key, shown, count);
        if (index === null) return;
        event.preventDefault();
        setRequested(index);
      }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
      data-testid="carousel"
    >
      <div className={classes.viewport}>
        <div className={classes.track} style={{ transform: `translateX(${-shown * 100}%)` }}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group; a fieldset is for form fields.
            <div
              // A slide's wrapper belongs to its place in the row.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={index}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              inert={index !== shown}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <StepButton side="previous" onClick={() => setRequested(previousIndex(shown, count))} />
          <StepButton side="next" onClick={() => setRequested(nextIndex(shown, count))} />
          <div className={classes.indicators}>
            {slides.map((_, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one indicator per place.
                key={index}
                type="button"
                className={classes.indicator}
                aria-label={`Show slide ${index + 1}`}
                aria-current={index === shown || undefined}
                onClick={() => setRequested(index)}
                data-testid="carousel-indicator"
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The previous or next control, at its side of the carousel. */
function StepButton({ side, onClick }: { side: 'previous' | 'next'; onClick(): void }) {
  const Icon = side === 'previous' ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon
      className={classes.control}
      data-side={side}
      variant="default"
      radius="xl"
      size="sm"
      aria-label={side === 'previous' ? 'Previous slide' : 'Next slide'}
      onClick={onClick}
    >
      <Icon size={14} />
    </ActionIcon>
  );
}
