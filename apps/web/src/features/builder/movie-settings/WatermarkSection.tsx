import {
  Alert,
  Anchor,
  FileButton,
  Group,
  Image,
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { RANGES, type Watermark, wizardWatermark } from '@reelwright/core';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { setWatermark, type WatermarkPatch, watermarkChangeProblem } from '../../../builder/commands/movie-commands';
import { abilitiesOf, useUser } from '../../account/use-user';
import { WATERMARK_TEXT_MAX } from '../../wizard/customize/watermark';
import { uploadMedia } from '../../wizard/slides/design/design-api';
import { NinePositions } from '../controls/NinePositions';
import { percent, SettingSlider } from '../controls/SettingSlider';
import { builderEditor, useEditor } from '../editor-store';
import classes from './MovieSettings.module.css';
import { WATERMARK_POSITIONS, WATERMARK_TYPES } from './settings-rules';
import { WatermarkFont } from './WatermarkFont';

/**
 * 'Watermark' (spec 002 §2, §4, §5, §9): none, text or image; the text or image is required for
 * its type (the model's messages show, and nothing changes while one is missing); opacity 0–1,
 * margin and position. Where the member's abilities force the product's watermark (free plans),
 * as in the wizard, there is nothing to set.
 */
export function WatermarkSection() {
  return abilitiesOf(useUser().data).watermarkForced ? <FreeWatermark /> : <WatermarkForm />;
}

function FreeWatermark() {
  const fixed = wizardWatermark(true);
  return (
    <Alert color="blue" icon={<IconInfoCircle />} p="xs" data-testid="movie-watermark-free">
      <Text size="xs">
        Free accounts get a fixed watermark{fixed.type === 'text' && fixed.text ? ` ("${fixed.text}")` : ''}, which
        cannot be changed.{' '}
        <Anchor component={Link} to="/pricing" size="xs">
          Upgrade
        </Anchor>{' '}
        to set your own or remove it.
      </Text>
    </Alert>
  );
}

function WatermarkForm() {
  const watermark = useEditor((s) => s.data.video.watermark);
  // What the author is typing or has chosen but the model refuses yet (a type without its text
  // or image); the document keeps its last valid watermark meanwhile.
  const [pendingType, setPendingType] = useState<Watermark['type'] | null>(null);
  const [text, setText] = useState(watermark.text ?? '');
  const [image, setImage] = useState(watermark.image ?? '');
  // The document changed (an edit, undo, redo): the fields follow it.
  const [shown, setShown] = useState(watermark);
  if (shown !== watermark) {
    setShown(watermark);
    if (shown.type !== watermark.type) setPendingType(null);
    if (shown.text !== watermark.text) setText(watermark.text ?? '');
    if (shown.image !== watermark.image) setImage(watermark.image ?? '');
  }
  const type = pendingType ?? watermark.type;

  /** Applies the change, or keeps it pending when the model refuses it. */
  const change = (patch: WatermarkPatch) => {
    if (watermarkChangeProblem(watermark, patch) === null) {
      builderEditor.run(setWatermark, patch);
      setPendingType(null);
    } else if (patch.type) setPendingType(patch.type);
  };
  const chooseType = (next: Watermark['type']) =>
    change(next === 'text' ? { type: next, text } : next === 'image' ? { type: next, image } : { type: next });
  const problem =
    type === 'text'
      ? watermarkChangeProblem(watermark, { type, text })
      : type === 'image'
        ? watermarkChangeProblem(watermark, { type, image })
        : null;

  return (
    <Stack gap="sm" data-testid="movie-watermark">
      <SegmentedControl
        size="xs"
        fullWidth
        value={type}
        onChange={(value) => chooseType(value as Watermark['type'])}
        data={WATERMARK_TYPES}
        data-testid="movie-watermark-type"
      />
      {type === 'none' && (
        <Text size="xs" c="dimmed">
          No watermark on the video. Choose text or an image to brand it.
        </Text>
      )}
      {type === 'text' && (
        <TextInput
          size="xs"
          label="Watermark text"
          placeholder="Your brand"
          value={text}
          maxLength={WATERMARK_TEXT_MAX}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            change({ type: 'text', text: next });
          }}
          onBlur={() => builderEditor.document.sealHistory()}
          error={problem}
          data-testid="movie-watermark-text"
        />
      )}
      {type === 'text' && watermark.type === 'text' && (
        <WatermarkFont family={watermark.fontFamily} onChange={(fontFamily) => change({ fontFamily })} />
      )}
      {type === 'image' && (
        <WatermarkImage
          image={image}
          problem={problem}
          onChange={(next) => {
            setImage(next);
            change({ type: 'image', image: next });
          }}
        />
      )}
      {type !== 'none' && problem === null && <WatermarkPlacement watermark={watermark} />}
    </Stack>
  );
}

/** The image of an image watermark: a link, or an upload (the media library's call). */
function WatermarkImage(props: { image: string; problem: string | null; onChange(url: string): void }) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const media = await uploadMedia(file);
      if (media.type === 'image') props.onChange(media.url);
      else setUploadError('Choose an image file (PNG with transparency works best).');
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : 'The upload failed. Try again.');
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={6}>
      <TextInput
        size="xs"
        label="Image link"
        placeholder="https://…/logo.png"
        value={props.image}
        onChange={(event) => props.onChange(event.currentTarget.value.trim())}
        onBlur={() => builderEditor.document.sealHistory()}
        error={uploadError ?? props.problem}
        data-testid="movie-watermark-image"
      />
      <Group gap="xs" wrap="nowrap" align="center">
        <FileButton onChange={upload} accept="image/*">
          {(buttonProps) => (
            <UnstyledButton {...buttonProps} className={classes.link} disabled={uploading}>
              <Group gap={4} wrap="nowrap">
                <IconUpload size={14} />
                <Text size="xs">{uploading ? 'Uploading…' : 'Upload an image'}</Text>
              </Group>
            </UnstyledButton>
          )}
        </FileButton>
        {props.image && props.problem === null && (
          <Image src={props.image} alt="Watermark preview" h={32} w="auto" fit="contain" className={classes.preview} />
        )}
      </Group>
    </Stack>
  );
}

/** Opacity, margin and the nine positions of a text or image watermark. */
function WatermarkPlacement({ watermark }: { watermark: Watermark }) {
  return (
    <>
      <SettingSlider
        label="Opacity"
        value={watermark.opacity}
        min={RANGES.watermarkOpacity.min}
        max={RANGES.watermarkOpacity.max}
        step={0.05}
        format={percent}
        gesture="setWatermark"
        apply={(opacity) => builderEditor.run(setWatermark, { opacity })}
        testId="movie-watermark-opacity"
      />
      <SettingSlider
        label="Margin"
        description="Distance from the edges, in px of a 576 px high stage."
        value={watermark.margin}
        min={RANGES.padding.min}
        max={RANGES.padding.max}
        step={1}
        format={(value) => `${value} px`}
        gesture="setWatermark"
        apply={(margin) => builderEditor.run(setWatermark, { margin })}
        testId="movie-watermark-margin"
      />
      <Input.Wrapper label="Position" size="xs">
        <Group gap="sm" wrap="nowrap" align="center">
          <NinePositions
            label="Watermark position"
            options={WATERMARK_POSITIONS.map((position) => ({
              key: position.label,
              label: position.label,
              checked: watermark.positionX === position.x && watermark.positionY === position.y,
              testId: `movie-watermark-${position.y}-${position.x}`,
              onSelect: () => builderEditor.run(setWatermark, { positionX: position.x, positionY: position.y }),
            }))}
          />
          <Text size="xs" c="dimmed" data-testid="movie-watermark-position">
            {WATERMARK_POSITIONS.find((p) => p.x === watermark.positionX && p.y === watermark.positionY)?.label}
          </Text>
        </Group>
      </Input.Wrapper>
    </>
  );
}
