import type { Item } from '@reelwright/core';
import { builderEditor, useEditor } from '../editor-store';
import classes from './BottomPanel.module.css';

function trackLabel(item: Item): string {
  if (item.label) return item.label;
  if (item.type === 'text') return item.paragraphs.map((p) => p.runs.map((r) => r.text).join('')).join(' ') || 'Text';
  if (item.type === 'audio') return item.ttsText ?? 'Audio';
  return item.type[0]!.toUpperCase() + item.type.slice(1);
}

/**
 * One row per item of the open slide (top layer first) with a bar from its start to its stop,
 * and the playhead. A click on a row selects its item (which may move the playhead to it).
 */
export function Tracks({ duration }: { duration: number }) {
  const items = useEditor((s) => s.data.video.frames.find((f) => f.id === s.session.frameId)?.items ?? []);
  const selectedIds = useEditor((s) => s.session.selectedIds);
  const playhead = useEditor((s) => s.session.playhead);
  const percent = (seconds: number) => `${(Math.min(seconds, duration) / Math.max(duration, 0.01)) * 100}%`;
  return (
    <div className={classes.tracks} data-testid="tracks">
      {items.map((item) => (
        <button
          type="button"
          key={item.id}
          className={classes.row}
          data-selected={selectedIds.includes(item.id) || undefined}
          data-testid="track"
          aria-label={`Select ${trackLabel(item)}`}
          onClick={() => builderEditor.select([item.id])}
        >
          <span className={classes.label} title={trackLabel(item)}>
            {trackLabel(item)}
          </span>
          <div className={classes.lane}>
            <div
              className={classes.bar}
              data-type={item.type}
              style={{
                left: percent(item.timing.start),
                width: `calc(${percent(item.timing.stop)} - ${percent(item.timing.start)})`,
              }}
            />
          </div>
        </button>
      ))}
      <div className={classes.lane} style={{ pointerEvents: 'none' }}>
        <div className={classes.playhead} style={{ left: percent(playhead) }} />
      </div>
    </div>
  );
}
