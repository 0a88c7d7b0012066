import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { BOTTOM_PANEL_DEFAULT, clampBottomPanel } from '../layout';
import { PlaybackBar } from '../playback/PlaybackBar';
import type { StageView } from '../stage/use-stage-view';
import { Timeline } from '../timeline/Timeline';
import classes from './BottomPanel.module.css';

/** Keyboard steps of the panel's divider, px. */
const DIVIDER_STEP = 10;

/**
 * The control bar (the player's, spec 002 §2) over the bottom panel: the timeline, 150 px high at
 * first, resizable by its divider (drag or arrow keys) to at least 50 px, leaving the stage 250
 * px. The 150 px are the timeline's own (D93), so it shows four rows by default, not two.
 */
export function BottomPanel({ view }: { view: StageView }) {
  const [height, setHeight] = useState(BOTTOM_PANEL_DEFAULT);
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const controlBar = useRef<HTMLDivElement>(null);

  /** Room for the stage area and this panel together: the page minus the toolbar. */
  const room = () => {
    const page = panel.current?.parentElement;
    const toolbar = page?.querySelector('[data-testid="builder-toolbar"]');
    const controls = controlBar.current?.offsetHeight ?? 0;
    return (page?.clientHeight ?? 800) - (toolbar?.clientHeight ?? 0) - controls;
  };
  const resizeTo = (next: number) => setHeight(clampBottomPanel(next, room()));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) resizeTo(drag.current.startHeight + drag.current.startY - event.clientY);
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowUp') resizeTo(height + DIVIDER_STEP);
    else if (event.key === 'ArrowDown') resizeTo(height - DIVIDER_STEP);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <div ref={controlBar} className={classes.controls}>
        <PlaybackBar view={view} />
      </div>
      <div ref={panel} className={classes.panel} style={{ height }} data-testid="bottom-panel">
        {/* biome-ignore lint/a11y/useSemanticElements: a focusable window splitter (WAI-ARIA), which an <hr> cannot be. */}
        <div
          className={classes.divider}
          role="separator"
          aria-orientation="horizontal"
          aria-label="Resize the bottom panel"
          aria-valuenow={height}
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
        />
        <Timeline />
      </div>
    </>
  );
}
