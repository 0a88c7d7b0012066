import { Button, Select, Stack } from '@mantine/core';
import type { ImageItem, VideoItem } from '@reelwright/core';
import { IconCrop } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { replaceMedia } from '../../../../builder/commands/item-commands';
import { setItemFields } from '../../../../builder/commands/style-commands';
import { useOnceTrue } from '../../../../lib/use-once-true';
import { isLoggedIn, useUser } from '../../../account/use-user';
import { RemoveBackgroundButton } from '../../../media-edit/RemoveBackgroundButton';
import { percent, SettingSlider } from '../../controls/SettingSlider';
import { builderEditor, useEditor } from '../../editor-store';

// The crop editor carries react-easy-crop: its code loads when a member first opens it.
const ImageEditorDialog = lazy(() =>
  import('../../../media-edit/ImageEditorDialog').then((m) => ({ default: m.ImageEditorDialog })),
);

type Fit = ImageItem['fit'];

/** The image fit options of spec 002 §9, in its order. */
export const FIT_OPTIONS: { value: Fit; label: string }[] = [
  { value: 'fill', label: 'Fill (stretch)' },
  { value: 'contain', label: 'Contain' },
  { value: 'cover', label: 'Cover' },
  { value: 'scale-down', label: 'Scale down' },
  { value: 'none', label: 'None (natural size)' },
];

/** How an image or a clip fills its box (spec 002 §3 imageOptions): fit, and the focus 0–1 across and down. */
export function MediaFit({ item, frameId }: { item: ImageItem | VideoItem; frameId: string }) {
  const set = (props: Partial<Pick<ImageItem, 'fit' | 'position'>>) =>
    builderEditor.run(setItemFields, { frameId, id: item.id, props });
  const stretched = item.fit === 'fill';
  return (
    <>
      <Select
        size="xs"
        label="Fit"
        data={FIT_OPTIONS}
        value={item.fit}
        allowDeselect={false}
        onChange={(fit) => fit && set({ fit: fit as Fit })}
        data-testid="media-fit"
      />
      <SettingSlider
        label="Position across"
        value={item.position.x}
        min={0}
        max={1}
        step={0.01}
        format={percent}
        gesture={setItemFields.name}
        apply={(x) => set({ position: { ...item.position, x } })}
        disabled={stretched}
        testId="media-position-x"
      />
      <SettingSlider
        label="Position down"
        description={stretched ? 'A stretched picture has no position.' : undefined}
        value={item.position.y}
        min={0}
        max={1}
        step={0.01}
        format={percent}
        gesture={setItemFields.name}
        apply={(y) => set({ position: { ...item.position, y } })}
        disabled={stretched}
        testId="media-position-y"
      />
    </>
  );
}

/** The image section (spec 002 §2, §3, §9): fit (fill, contain, cover, scale-down, none) and position 0–1. */
export function ImageSection({ item, frameId }: { item: ImageItem; frameId: string }) {
  const { data: user } = useUser();
  const [editing, setEditing] = useState(false);
  const editorMounted = useOnceTrue(editing);
  const size = useEditor((s) => s.data.video.size);
  // The item may have gone while the server worked: then there is nothing to change.
  const replace = (url: string) => {
    const frame = builderEditor.data.video.frames.find((f) => f.id === frameId);
    if (frame?.items.some((other) => other.id === item.id))
      builderEditor.run(replaceMedia, { frameId, id: item.id, url });
  };
  return (
    <Stack gap="sm" data-testid="image-section">
      <MediaFit item={item} frameId={frameId} />
      {isLoggedIn(user) && (
        <Stack gap={6}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCrop size={14} />}
            onClick={() => setEditing(true)}
            data-testid="image-edit-open"
          >
            Edit image…
          </Button>
          <RemoveBackgroundButton url={item.url} onDone={replace} />
        </Stack>
      )}
      {editorMounted && (
        <Suspense fallback={null}>
          <ImageEditorDialog
            image={
              editing
                ? { url: item.url, boxAspect: (item.box.width * size.width) / (item.box.height * size.height) }
                : null
            }
            onSave={replace}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
