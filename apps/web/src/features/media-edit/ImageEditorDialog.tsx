import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconDeviceFloppy,
  IconFlipHorizontal,
  IconFlipVertical,
  IconRotate2,
  IconRotateClockwise2,
} from '@tabler/icons-react';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { uploadMedia } from '../wizard/slides/design/design-api';
import {
  changesPicture,
  filterCss,
  type ImageEdit,
  type ImageFilters,
  NEUTRAL_IMAGE_FILTERS,
  renderEdit,
} from './image-edit';

export const EDIT_IMAGE_TITLE = 'Edit image';

type Props = {
  /** The picture to edit, and the shape of the box it fills (width / height). */
  image: { url: string; boxAspect: number } | null;
  /** The edited picture, stored: its url. */
  onSave(url: string): void;
  onClose(): void;
};

/**
 * The image editor popup (spec 002 §2; issue 19 part 5): crop (react-easy-crop), zoom, turn,
 * flip and basic filters; Save draws the result (`renderEdit`), uploads it as a new picture of
 * the member's library, showing 'Saving…' meanwhile, and hands its url to the owner.
 */
export function ImageEditorDialog({ image, onSave, onClose }: Props) {
  return (
    <Modal opened={image !== null} onClose={onClose} title={EDIT_IMAGE_TITLE} size="xl" centered>
      {image && <ImageEditorBody key={image.url} image={image} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

const ASPECTS = [
  { value: 'box', label: 'Fit the box' },
  { value: '1', label: 'Square' },
  { value: '1.7778', label: '16:9' },
  { value: '0.5625', label: '9:16' },
];

function ImageEditorBody({ image, onSave, onClose }: Props & { image: NonNullable<Props['image']> }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [flip, setFlip] = useState({ h: false, v: false });
  const [filters, setFilters] = useState<ImageFilters>(NEUTRAL_IMAGE_FILTERS);
  const [aspect, setAspect] = useState('box');
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const filter = (key: keyof ImageFilters, label: string, max: number) => (
    <Stack gap={2}>
      <Text size="xs" fw={500}>
        {label}{' '}
        <Text span size="xs" c="dimmed">
          {filters[key]} %
        </Text>
      </Text>
      <Slider
        size="sm"
        min={0}
        max={max}
        value={filters[key]}
        onChange={(value) => setFilters((f) => ({ ...f, [key]: value }))}
        label={null}
        aria-label={label}
        data-testid={`image-filter-${key}`}
      />
    </Stack>
  );

  const save = async () => {
    if (!area) return;
    setSaving(true);
    setProblem(null);
    try {
      const picture = new Image();
      picture.crossOrigin = 'anonymous';
      picture.src = image.url;
      await picture.decode();
      const edit: ImageEdit = { crop: area, rotation, flipH: flip.h, flipV: flip.v, filters };
      if (!changesPicture(edit, { width: picture.naturalWidth, height: picture.naturalHeight })) {
        onClose();
        return;
      }
      const canvas = renderEdit(picture, edit, (width, height) =>
        Object.assign(document.createElement('canvas'), { width, height }),
      );
      const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
      if (!blob) throw new Error('The edited picture could not be drawn.');
      const stored = await uploadMedia(new File([blob], 'edited.png', { type: 'image/png' }));
      onSave(stored.url);
      onClose();
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="image-editor">
      <div style={{ position: 'relative', height: 340, background: '#1a1b1e', borderRadius: 6, overflow: 'hidden' }}>
        <Cropper
          image={image.url}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={aspect === 'box' ? image.boxAspect : Number(aspect)}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onRotationChange={setRotation}
          onCropComplete={(_, pixels) => setArea(pixels)}
          transform={`translate(${crop.x}px, ${crop.y}px) rotate(${rotation}deg) scale(${zoom}) scaleX(${flip.h ? -1 : 1}) scaleY(${flip.v ? -1 : 1})`}
          style={{ mediaStyle: { filter: filterCss(filters) === 'none' ? undefined : filterCss(filters) } }}
        />
      </div>
      <Group justify="space-between" wrap="nowrap">
        <SegmentedControl size="xs" data={ASPECTS} value={aspect} onChange={setAspect} aria-label="Crop shape" />
        <Group gap={4}>
          <Tooltip label="Turn left">
            <ActionIcon variant="default" aria-label="Turn left" onClick={() => setRotation((r) => (r - 90) % 360)}>
              <IconRotate2 size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Turn right">
            <ActionIcon variant="default" aria-label="Turn right" onClick={() => setRotation((r) => (r + 90) % 360)}>
              <IconRotateClockwise2 size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Flip across">
            <ActionIcon
              variant={flip.h ? 'filled' : 'default'}
              aria-label="Flip across"
              aria-pressed={flip.h}
              onClick={() => setFlip((f) => ({ ...f, h: !f.h }))}
              data-testid="image-flip-h"
            >
              <IconFlipVertical size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Flip upside down">
            <ActionIcon
              variant={flip.v ? 'filled' : 'default'}
              aria-label="Flip upside down"
              aria-pressed={flip.v}
              onClick={() => setFlip((f) => ({ ...f, v: !f.v }))}
            >
              <IconFlipHorizontal size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="md" verticalSpacing="xs">
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            Zoom{' '}
            <Text span size="xs" c="dimmed">
              {zoom.toFixed(1)}×
            </Text>
          </Text>
          <Slider
            size="sm"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={null}
            aria-label="Zoom"
          />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            Turn{' '}
            <Text span size="xs" c="dimmed">
              {rotation}°
            </Text>
          </Text>
          <Slider
            size="sm"
            min={-180}
            max={180}
            value={rotation}
            onChange={setRotation}
            label={null}
            aria-label="Turn"
          />
        </Stack>
        {filter('brightness', 'Brightness', 200)}
        {filter('contrast', 'Contrast', 200)}
        {filter('saturation', 'Saturation', 200)}
        {filter('grayscale', 'Grayscale', 100)}
      </SimpleGrid>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            setZoom(1);
            setRotation(0);
            setFlip({ h: false, v: false });
            setFilters(NEUTRAL_IMAGE_FILTERS);
          }}
        >
          Reset
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            leftSection={saving ? <Loader size={14} /> : <IconDeviceFloppy size={16} />}
            onClick={() => void save()}
            disabled={saving || !area}
            data-testid="image-editor-save"
          >
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
