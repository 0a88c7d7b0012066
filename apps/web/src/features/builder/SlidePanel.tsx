import { ActionIcon, Button, Divider, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import type { AudioItem, Item } from '@reelwright/core';
import { IconCopy, IconExternalLink, IconMicrophone, IconTrash, IconWaveSine } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useEditAudio } from '../speech/audio-editor/edit-audio-store';
import { AudioPlayer } from '../widgets/audio-player/AudioPlayer';
import { builderEditor, useEditor } from './editor-store';
import { Inspector } from './inspector/Inspector';
import { ItemCogMenu } from './inspector/layers/ItemCogMenu';
import { SlideSettings } from './inspector/SlideSettings';
import { MovieSettings } from './movie-settings/MovieSettings';
import classes from './SlidePanel.module.css';
import { useOpenRecorder } from './use-open-recorder';

const TYPE_NAMES: Record<Item['type'], string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  gallery: 'Gallery',
  audio: 'Audio',
  slide: 'Panel',
};

/**
 * Beside the stage: the selected item with Duplicate, Delete, its position and timing; with nothing
 * selected, the movie-level settings; and the slide's sounds with 'Edit audio' and recording.
 */
export const SlidePanel = memo(function SlidePanel() {
  const frame = useEditor((s) => s.data.video.frames.find((f) => f.id === s.session.frameId) ?? null);
  const index = useEditor((s) => s.data.video.frames.findIndex((f) => f.id === s.session.frameId));
  const selectedIds = useEditor((s) => s.session.selectedIds);
  if (!frame) return <div className={classes.panel} />;
  const selected = frame.items.filter((item) => selectedIds.includes(item.id));
  return (
    <ScrollArea className={classes.panel} data-testid="slide-panel">
      <Stack gap="sm" p="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Movie &gt; Slide{selected.length === 1 ? ` > ${TYPE_NAMES[selected[0]!.type]}` : ''}
        </Text>
        {selected.length > 0 ? (
          <>
            <Selection items={selected} frameId={frame.id} />
            {selected.length === 1 && <Inspector item={selected[0]!} frameId={frame.id} />}
          </>
        ) : (
          <>
            <Text size="sm">{describe(frame.items, frame.duration)}</Text>
            <SlideSettings frameId={frame.id} />
            <MovieSettings />
          </>
        )}
        <Divider />
        <SlideAudio items={frame.items} frameId={frame.id} index={index} />
      </Stack>
    </ScrollArea>
  );
});

function describe(items: readonly Item[], duration: number): string {
  const visual = items.filter((item) => item.type !== 'audio').length;
  return `${visual} item${visual === 1 ? '' : 's'} on this slide, ${duration.toFixed(1)} s. Click an item on the stage to select it.`;
}

function Selection({ items, frameId }: { items: Item[]; frameId: string }) {
  const label = items.length === 1 ? (items[0]!.label ?? TYPE_NAMES[items[0]!.type]) : `${items.length} items`;
  const timing = items.length === 1 ? items[0]!.timing : null;
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {timing && (
          <Text size="xs" c="dimmed">
            {timing.start.toFixed(2)} s – {timing.stop.toFixed(2)} s
          </Text>
        )}
      </div>
      {items.length === 1 ? (
        <ItemCogMenu item={items[0]!} frameId={frameId} />
      ) : (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Duplicate (Ctrl+D)">
            <ActionIcon variant="subtle" aria-label="Duplicate" onClick={() => builderEditor.duplicateSelection()}>
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete (Delete)">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Delete"
              onClick={() => builderEditor.deleteSelection()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}

/**
 * The slide's audio items, each with play/pause and 'Edit audio', and a button to record the
 * slide's voice-over.
 */
function SlideAudio({ items, frameId, index }: { items: readonly Item[]; frameId: string; index: number }) {
  const audio = items.filter((item): item is AudioItem => item.type === 'audio');
  const editAudio = useEditAudio((state) => state.open);
  const record = useOpenRecorder();
  return (
    <Stack gap={4} data-testid="slide-audio">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Audio
      </Text>
      {audio.length === 0 && (
        <Text size="sm" c="dimmed">
          No voice-over or sound on this slide yet.
        </Text>
      )}
      {audio.map((item) => (
        <Group key={item.id} gap={6} wrap="nowrap" data-testid="audio-item">
          <AudioPlayer url={item.url} label={item.ttsText ?? item.label ?? 'the audio'} />
          <Text size="xs" truncate="end" style={{ flex: 1 }} title={item.ttsText ?? item.label ?? item.url}>
            {item.ttsText ?? item.label ?? 'Audio'}
            {item.duration ? ` · ${item.duration.toFixed(1)} s` : ''}
          </Text>
          <Tooltip label="Edit audio">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Edit audio ${item.id}`}
              onClick={() => editAudio({ frameId, itemId: item.id })}
            >
              <IconWaveSine size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Open in the audio editor">
            <ActionIcon
              component={Link}
              to={`/audio-editor/${encodeURIComponent(frameId)}/${encodeURIComponent(item.id)}`}
              variant="subtle"
              size="sm"
              aria-label={`Open ${item.id} in the audio editor`}
            >
              <IconExternalLink size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconMicrophone size={12} />}
        onClick={record}
        aria-label={`Record voice-over for slide ${index + 1}`}
        style={{ alignSelf: 'flex-start' }}
      >
        Record
      </Button>
    </Stack>
  );
}
