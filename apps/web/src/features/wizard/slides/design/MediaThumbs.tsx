import { ActionIcon, Badge, Text, Tooltip } from '@mantine/core';
import type { SlideMedia } from '@reelwright/core';
import { IconPencil, IconPhoto, IconScissors, IconTrash } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import classes from './DesignPanel.module.css';
import { THUMB_DRAG_TYPE, type ThumbDragData } from './drop-rules';

type Props = {
  slideId: string;
  textId: string;
  media: SlideMedia[];
  /** Something was dropped on a thumbnail (`targetId`) or beside them (null). */
  onDrop(event: DragEvent, targetId: string | null): void;
  onMove(mediaId: string, beforeId: string | null): void;
  onRemove(mediaId: string): void;
  onEdit(media: SlideMedia): void;
};

/**
 * The line's media as thumbnails, sortable by native drag and drop (and by Alt+arrow keys), each
 * with edit (trim a clip, replace a picture) and remove. The strip is also the drop zone for
 * files, thumbnails of other lines and search results.
 */
export function MediaThumbs({ slideId, textId, media, onDrop, onMove, onRemove, onEdit }: Props) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | 'zone' | null>(null);

  const accepts = (event: DragEvent) =>
    event.dataTransfer.types.includes('Files') || event.dataTransfer.types.includes(THUMB_DRAG_TYPE);

  const dragOver = (event: DragEvent, target: string | 'zone') => {
    if (!accepts(event)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = dragging ? 'move' : 'copy';
    if (over !== target) setOver(target);
  };

  const drop = (event: DragEvent, targetId: string | null) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(null);
    setDragging(null);
    onDrop(event, targetId);
  };

  const keyMove = (event: KeyboardEvent, index: number, item: SlideMedia) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(item.id);
      return;
    }
    if (!event.altKey) return;
    if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      onMove(item.id, media[index - 1]!.id);
    } else if (event.key === 'ArrowRight' && index < media.length - 1) {
      event.preventDefault();
      onMove(item.id, media[index + 2]?.id ?? null);
    }
  };

  return (
    <ul
      className={classes.thumbs}
      data-over={over === 'zone' || undefined}
      onDragOver={(e) => dragOver(e, 'zone')}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(null);
      }}
      onDrop={(e) => drop(e, null)}
      aria-label="Media of this line"
      data-testid="media-thumbs"
    >
      {media.length === 0 && (
        <Text component="li" size="xs" c="dimmed" m="auto" ta="center">
          No media yet: search below, upload, or drop a file here.
        </Text>
      )}
      {media.map((item, index) => {
        const drag: ThumbDragData = { slideId, textId, mediaId: item.id, type: item.type, media: item };
        const kind = item.type === 'video' ? 'Video' : 'Image';
        return (
          <li
            key={item.id}
            className={classes.thumb}
            data-over={over === item.id || undefined}
            data-dragging={dragging === item.id || undefined}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'copyMove';
              event.dataTransfer.setData(THUMB_DRAG_TYPE, JSON.stringify(drag));
              event.dataTransfer.setData('text/uri-list', item.url);
              setDragging(item.id);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDragOver={(e) => dragOver(e, item.id)}
            onDrop={(e) => drop(e, item.id)}
            data-testid="media-thumb"
            data-media-id={item.id}
            data-media-type={item.type}
          >
            <button
              type="button"
              className={classes.thumbFace}
              aria-label={`${kind} ${index + 1} of ${media.length}. Alt+arrow keys reorder, Delete removes.`}
              aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight Delete"
              onKeyDown={(e) => keyMove(e, index, item)}
              onClick={() => onEdit(item)}
            >
              {item.thumbnail || item.type === 'image' ? (
                <img src={item.thumbnail || item.url} alt="" draggable={false} />
              ) : (
                <IconPhoto size={24} color="var(--mantine-color-gray-5)" />
              )}
            </button>
            {item.type === 'video' && (
              <Badge size="xs" variant="filled" color="dark" className={classes.thumbBadge}>
                {item.startTime !== undefined && item.stopTime !== undefined
                  ? `${(item.stopTime - item.startTime).toFixed(1)} s`
                  : 'Video'}
              </Badge>
            )}
            <div className={classes.thumbActions}>
              <Tooltip label={item.type === 'video' ? 'Trim video' : 'Replace picture'}>
                <ActionIcon
                  size="sm"
                  variant="filled"
                  color="dark"
                  aria-label={item.type === 'video' ? `Trim video ${index + 1}` : `Replace image ${index + 1}`}
                  onClick={() => onEdit(item)}
                  data-testid="media-thumb-edit"
                >
                  {item.type === 'video' ? <IconScissors size={12} /> : <IconPencil size={12} />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Remove">
                <ActionIcon
                  size="sm"
                  variant="filled"
                  color="red"
                  aria-label={`Remove ${kind.toLowerCase()} ${index + 1}`}
                  onClick={() => onRemove(item.id)}
                  data-testid="media-thumb-remove"
                >
                  <IconTrash size={12} />
                </ActionIcon>
              </Tooltip>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
