import { Text } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import type { NewItemSource } from '../../../builder/new-items';
import { AudioPlayer } from '../../widgets/audio-player/AudioPlayer';
import { formatShort } from '../../widgets/audio-player/audio-player-rules';
import { ITEM_DRAG_TYPE } from '../stage/drop-data';
import classes from './AddPanel.module.css';
import { type FoundMedia, thumbnailCandidates, usableThumbnail } from './add-rules';

type Props = {
  results: readonly FoundMedia[];
  /** Small square tiles (emojis, icons, shapes), wide ones (photos, clips), or rows (sounds). */
  layout: 'squares' | 'wide' | 'rows';
  /** Tiles on a dark ground (light drawings). */
  dark?: boolean;
  /** What a result adds to the stage. */
  sourceOf(result: FoundMedia): NewItemSource;
  /** A result was clicked: add it at the playhead. */
  onAdd(source: NewItemSource): void;
};

/**
 * The results of a search (spec 002 §2): each tile adds its result at the playhead when clicked,
 * and can be dragged onto the stage (part 1's drop rules). A tile tries its thumbnail, then the
 * full url, and leaves the grid when neither loads at 10×10 px or more.
 */
export function ResultGrid({ results, layout, dark, sourceOf, onAdd }: Props) {
  const unique = [...new Map(results.map((result) => [result.url, result])).values()];
  return (
    <div className={`${classes[layout]} ${dark ? classes.dark : ''}`} data-testid="add-results">
      {unique.map((result) => (
        <ResultTile key={result.url} result={result} layout={layout} source={sourceOf(result)} onAdd={onAdd} />
      ))}
    </div>
  );
}

function ResultTile(props: {
  result: FoundMedia;
  layout: Props['layout'];
  source: NewItemSource;
  onAdd: Props['onAdd'];
}) {
  const { result, layout, source, onAdd } = props;
  const candidates = thumbnailCandidates(result);
  const [tried, setTried] = useState(0);
  const name = result.name?.trim() || 'Untitled';
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(ITEM_DRAG_TYPE, JSON.stringify(source));
    event.dataTransfer.effectAllowed = 'copy';
  };
  const tile = {
    type: 'button' as const,
    draggable: true,
    onDragStart,
    onClick: () => onAdd(source),
    title: name,
    'aria-label': `Add ${name}`,
    'data-testid': 'add-result',
  };

  if (layout === 'rows') {
    // A sound can be heard before it is added: the player sits beside the row's add button.
    return (
      <div className={classes.soundRow}>
        <AudioPlayer url={result.url} label={name} preload="none" testId="add-result-player" />
        <button {...tile} className={classes.row}>
          <IconMusic size={16} />
          <Text span size="xs" truncate="end" flex={1}>
            {name}
          </Text>
          {result.duration ? (
            <Text span size="xs" c="dimmed">
              {result.duration.toFixed(1)} s
            </Text>
          ) : null}
        </button>
      </div>
    );
  }
  const src = candidates[tried];
  if (!src) return null;
  return (
    <button {...tile} className={classes.tile}>
      <img
        src={src}
        alt=""
        loading="lazy"
        draggable={false}
        onLoad={(event) => {
          const { naturalWidth, naturalHeight } = event.currentTarget;
          if (!usableThumbnail(naturalWidth, naturalHeight)) setTried((n) => n + 1);
        }}
        onError={() => setTried((n) => n + 1)}
      />
      {result.duration ? <span className={classes.duration}>{formatShort(result.duration)}</span> : null}
    </button>
  );
}
