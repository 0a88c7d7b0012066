import { ActionIcon, FileButton, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IMAGE_FITS, plainText, type Slide, type SlideMedia, SlideTextSchema, slideMessages } from '@reelwright/core';
import { IconAdjustmentsHorizontal, IconCheck, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { TrimVideoDialog } from '../../../media-edit/TrimVideoDialog';
import { updateSlide, updateText } from '../slide-edits';
import { type UploadedMedia, uploadMedia } from './design-api';
import { type DropTarget, decideDrop, fileKind, parseThumbDrag, THUMB_DRAG_TYPE, thumbSource } from './drop-rules';
import { MediaSearch } from './MediaSearch';
import { MediaThumbs } from './MediaThumbs';
import { askAttachOrTimeline, askReplaceOrAdd } from './media-dialogs';
import { addMedia, addMediaAsNew, dropBeforeId, mediaFrom, moveMedia, removeMedia, replaceMedia } from './media-edits';
import { useMemberGate } from './use-design-helpers';

const newId = () => crypto.randomUUID();

const FIT_LABELS: Record<(typeof IMAGE_FITS)[number], string> = {
  cover: 'Cover (fill, crop edges)',
  contain: 'Contain (whole picture)',
  fill: 'Fill (stretch)',
  'scale-down': 'Scale down',
  none: 'Original size',
};

/** Uploads a file with a progress toast; null (after an error toast) when it fails. */
async function uploadWithToast(file: File): Promise<UploadedMedia | null> {
  const id = notifications.show({ loading: true, message: `Uploading ${file.name}…`, autoClose: false });
  try {
    const uploaded = await uploadMedia(file);
    notifications.hide(id);
    return uploaded;
  } catch (error) {
    notifications.update({ id, loading: false, color: 'red', message: (error as Error).message, autoClose: 6000 });
    return null;
  }
}

/** The line's first keyword, else its first words: what the search starts with. */
const searchWords = (keyword: string, text: string) =>
  keyword.split(',')[0]?.trim() || plainText(text).split(/\s+/).slice(0, 5).join(' ').trim();

/**
 * The active line's media (spec 001 §2 design panel): sortable thumbnails with remove and edit,
 * the options menu, upload, drops (spec 001 §4), and the media search. Nothing can be added to
 * a line without text (spec 001 §5 hint).
 */
export function MediaSection({ slide, activeTextId }: { slide: Slide; activeTextId: string | undefined }) {
  const text = slide.texts.find((t) => t.id === activeTextId);
  const { member, guard } = useMemberGate();
  const [trim, setTrim] = useState<{ slideId: string; textId: string; media: SlideMedia } | null>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  const searchBox = useRef<HTMLDivElement>(null);

  if (!text) {
    return (
      <Text size="sm" c="dimmed" data-testid="media-no-text">
        Choose a text line to see its media.
      </Text>
    );
  }
  const textId = text.id;
  const empty = plainText(text.text).trim() === '';
  const edit = (mutate: Parameters<typeof updateText>[2]) => updateText(slide.id, textId, mutate);

  const addUploaded = async (file: File, apply: (media: SlideMedia) => void) => {
    const uploaded = await uploadWithToast(file);
    if (!uploaded) return;
    if (uploaded.type === 'audio') return;
    apply(mediaFrom(uploaded, uploaded.type, newId()));
  };

  const attachAudio = async (file: File) => {
    if (!guard('Log in to upload audio')) return;
    const choice = await askAttachOrTimeline();
    if (!choice) return;
    const uploaded = await uploadWithToast(file);
    if (!uploaded) return;
    const audio = { url: uploaded.url, type: 'upload' as const, duration: uploaded.duration ?? undefined };
    if (choice === 'Attach') {
      edit((t) => {
        t.audio = audio;
      });
      return;
    }
    updateSlide(slide.id, (s) => {
      const index = s.texts.findIndex((t) => t.id === textId);
      s.texts.splice(index + 1, 0, SlideTextSchema.parse({ id: newId(), audio }));
    });
  };

  /** `many`: one of several dropped files, each kept (the line then allows multiple media). */
  const dropFile = async (file: File, target: DropTarget, many: boolean) => {
    const kind = fileKind(file.type, file.name);
    const decision = decideDrop({ from: 'file', kind }, target, { slideId: slide.id, textId });
    if (decision.action === 'ignore') {
      notifications.show({ color: 'yellow', message: `${file.name} is not a picture, a clip or an audio file.` });
      return;
    }
    if (decision.action === 'ask-audio') return attachAudio(file);
    if (!guard('Log in to upload media')) return;
    if (decision.action === 'ask-replace') {
      const choice = await askReplaceOrAdd();
      if (!choice) return;
      return addUploaded(file, (media) =>
        edit((t) => (choice === 'Replace' ? replaceMedia(t, decision.targetId, media) : addMediaAsNew(t, media))),
      );
    }
    return addUploaded(file, (media) => edit((t) => (many ? addMediaAsNew(t, media) : addMedia(t, media))));
  };

  const onDrop = async (event: DragEvent, targetId: string | null) => {
    if (empty) {
      notifications.show({ color: 'yellow', message: slideMessages.addTextFirst });
      return;
    }
    const item = targetId ? text.media.find((m) => m.id === targetId) : undefined;
    const target: DropTarget = item ? { kind: item.type, mediaId: item.id } : null;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) {
      for (const [index, file] of files.entries()) {
        await dropFile(file, index === 0 ? target : null, files.length > 1);
      }
      return;
    }
    const data = parseThumbDrag(event.dataTransfer.getData(THUMB_DRAG_TYPE));
    if (!data) return;
    const decision = decideDrop(thumbSource(data), target, { slideId: slide.id, textId });
    const copy = (): SlideMedia =>
      data.media ? { ...data.media, id: newId() } : mediaFrom(data.found!, data.type, newId());
    if (decision.action === 'reorder') {
      const before = dropBeforeId(
        text.media.map((m) => m.id),
        decision.mediaId,
        decision.toMediaId,
      );
      edit((t) => moveMedia(t, decision.mediaId, before));
    } else if (decision.action === 'ask-replace') {
      const choice = await askReplaceOrAdd();
      if (choice === 'Replace') edit((t) => replaceMedia(t, decision.targetId, copy()));
      else if (choice === 'Add as new') edit((t) => addMediaAsNew(t, copy()));
    } else if (decision.action === 'add') {
      edit((t) => addMedia(t, copy()));
    }
  };

  const onEdit = (media: SlideMedia) => {
    if (media.type === 'video') {
      setTrim({ slideId: slide.id, textId, media });
      return;
    }
    setReplacing(media.id);
    searchBox.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    searchBox.current?.querySelector('input')?.focus();
  };

  return (
    <Stack gap="xs" data-testid="media-section">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Media
        </Text>
        <Group gap={4}>
          <FileButton
            accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm,video/quicktime"
            onChange={(file) => {
              if (!file || !guard('Log in to upload media')) return;
              void addUploaded(file, (media) => edit((t) => addMedia(t, media)));
            }}
            disabled={empty}
          >
            {(props) => (
              <Tooltip label="Upload a picture or a clip">
                <ActionIcon {...props} variant="default" aria-label="Upload media" data-testid="media-upload">
                  <IconUpload size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <MediaOptions
            allowMultiple={text.allowMultipleMedia}
            collage={text.collage}
            fit={text.imageFit}
            onChange={(change) => edit((t) => Object.assign(t, change))}
          />
        </Group>
      </Group>

      {empty ? (
        <Group gap={6} wrap="nowrap" c="dimmed" data-testid="media-add-text-first">
          <IconInfoCircle size={16} />
          <Text size="sm">{slideMessages.addTextFirst}</Text>
        </Group>
      ) : (
        <>
          <MediaThumbs
            slideId={slide.id}
            textId={textId}
            media={text.media}
            onDrop={(event, targetId) => void onDrop(event, targetId)}
            onMove={(mediaId, beforeId) => edit((t) => moveMedia(t, mediaId, beforeId))}
            onRemove={(mediaId) => {
              if (replacing === mediaId) setReplacing(null);
              edit((t) => removeMedia(t, mediaId));
            }}
            onEdit={onEdit}
          />
          <div ref={searchBox}>
            <MediaSearch
              key={textId}
              initialKeyword={searchWords(text.keyword, text.text)}
              member={member}
              replacing={replacing !== null}
              onCancelReplace={() => setReplacing(null)}
              onPick={(found, type) => {
                const media = mediaFrom(found, type, newId());
                const target = replacing;
                setReplacing(null);
                edit((t) => (target ? replaceMedia(t, target, media) : addMedia(t, media)));
              }}
            />
          </div>
        </>
      )}
      <TrimVideoDialog
        clip={trim?.media ?? null}
        onSave={(range, duration) => {
          if (!trim) return;
          updateText(trim.slideId, trim.textId, (line) => {
            const item = line.media.find((m) => m.id === trim.media.id);
            if (!item) return;
            item.startTime = range.start;
            item.stopTime = range.stop;
            if (!item.duration && duration > 0) item.duration = duration;
          });
        }}
        onClose={() => setTrim(null)}
      />
    </Stack>
  );
}

type MediaOptionsValue = {
  allowMultipleMedia?: boolean;
  collage?: boolean;
  imageFit?: (typeof IMAGE_FITS)[number];
};

/** The options menu (spec 001 §2): allow multiple media, image fit, collage. */
function MediaOptions(props: {
  allowMultiple: boolean;
  collage: boolean;
  fit: (typeof IMAGE_FITS)[number];
  onChange(change: MediaOptionsValue): void;
}) {
  const check = (on: boolean) => (on ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);
  return (
    <Menu position="bottom-end" closeOnItemClick={false} shadow="md" width={230}>
      <Menu.Target>
        <Tooltip label="Media options">
          <ActionIcon variant="default" aria-label="Media options" data-testid="media-options">
            <IconAdjustmentsHorizontal size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid="media-options-dropdown">
        <Menu.Item
          role="menuitemcheckbox"
          aria-checked={props.allowMultiple}
          leftSection={check(props.allowMultiple)}
          onClick={() => props.onChange({ allowMultipleMedia: !props.allowMultiple })}
          data-testid="media-option-multiple"
        >
          Allow multiple media
        </Menu.Item>
        <Menu.Item
          role="menuitemcheckbox"
          aria-checked={props.collage}
          leftSection={check(props.collage)}
          onClick={() => props.onChange({ collage: !props.collage })}
          data-testid="media-option-collage"
        >
          Collage
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Image fit</Menu.Label>
        {IMAGE_FITS.map((fit) => (
          <Menu.Item
            key={fit}
            role="menuitemradio"
            aria-checked={props.fit === fit}
            leftSection={check(props.fit === fit)}
            onClick={() => props.onChange({ imageFit: fit })}
            data-testid={`media-option-fit-${fit}`}
          >
            {FIT_LABELS[fit]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
