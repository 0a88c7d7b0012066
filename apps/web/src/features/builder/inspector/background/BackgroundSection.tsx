import { Input, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Background, type Item, NO_BACKGROUND } from '@reelwright/core';
import { useCallback } from 'react';
import {
  type BackgroundPatch,
  isValidImageUrl,
  setItemBackground,
  setSlideBackground,
} from '../../../../builder/commands/style-commands';
import { NinePositions } from '../../controls/NinePositions';
import { builderEditor, useEditor } from '../../editor-store';
import { ColorButton } from '../style/ColorButton';
import { CommitText, SettingSwitch } from '../style/InspectorParts';
import { BackgroundFilters, WrapperSettings } from './BackgroundFilters';
import {
  type BackgroundTargetProps,
  backgroundTabs,
  POSITION_OPTIONS,
  REPEAT_OPTIONS,
  SIZE_OPTIONS,
} from './background-rules';
import { GradientEditor } from './GradientEditor';

/**
 * The Background section (spec 002 §2, §3 background settings, §5): for an item, its own
 * background; for `item` null, the slide's. Type tabs in the spec's order (none, color, gradient,
 * image, blob; video for the slide only), then what the type needs, the filters (opacity and
 * blur applied only above 0, tint with its color, a backdrop filter 1–100) and, for the slide,
 * the wrapper. Audio items have no background.
 */
export function BackgroundSection({ item, frameId }: { item: Item | null; frameId: string }) {
  const slideBackground = useEditor((s) => s.data.video.frames.find((f) => f.id === frameId)?.background);
  const itemId = item?.id ?? null;
  const set = useCallback(
    (patch: BackgroundPatch) =>
      itemId === null
        ? builderEditor.run(setSlideBackground, { frameId, patch })
        : builderEditor.run(setItemBackground, { frameId, id: itemId, patch }),
    [frameId, itemId],
  );
  if (item?.type === 'audio') return null;
  const background = (item ? item.background : slideBackground) ?? NO_BACKGROUND;
  const forSlide = item === null;
  const target: BackgroundTargetProps = {
    background,
    set,
    gesture: forSlide ? setSlideBackground.name : setItemBackground.name,
  };
  const { type } = background;

  return (
    <Stack gap="sm" data-testid="background-section">
      <SimpleGrid cols={3} spacing={4} role="tablist" aria-label="Background type">
        {backgroundTabs(forSlide).map((tab) => (
          <UnstyledButton
            key={tab.value}
            role="tab"
            aria-selected={type === tab.value}
            onClick={() => set({ type: tab.value })}
            data-testid={`background-type-${tab.value}`}
            style={{
              textAlign: 'center',
              padding: '4px 0',
              fontSize: 'var(--mantine-font-size-xs)',
              fontWeight: 500,
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-default-border)',
              background: type === tab.value ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default)',
              color: type === tab.value ? 'var(--mantine-primary-color-light-color)' : undefined,
            }}
          >
            {tab.label}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {type === 'none' && (
        <Text size="xs" c="dimmed">
          {forSlide ? "No background: the movie's background shows." : 'No background behind this item.'}
        </Text>
      )}
      {type === 'color' && <ColorSetting {...target} />}
      {type === 'gradient' && <GradientEditor {...target} />}
      {type === 'image' && <ImageSettings {...target} />}
      {type === 'blob' && <BlobSettings {...target} />}
      {type === 'video' && (
        <CommitText
          label="Video link"
          placeholder="https://…/clip.mp4"
          value={background.url ?? ''}
          problem={(url) => (isValidImageUrl(url) ? null : 'Enter a web address (https://…) or a path on this site.')}
          onCommit={(url) => set({ url })}
          testId="background-video-url"
        />
      )}
      {type !== 'none' && <BackgroundFilters {...target} />}
      {forSlide && <WrapperSettings {...target} />}
    </Stack>
  );
}

function ColorSetting({ background, set, gesture }: BackgroundTargetProps) {
  return (
    <ColorButton
      label="Color"
      value={background.color ?? null}
      apply={(color) => set({ color })}
      clear={() => set({ type: 'none' })}
      gesture={gesture}
      testId="background-color"
    />
  );
}

/** A blob takes the gradient when it has one, else its color (D37). */
function BlobSettings(props: BackgroundTargetProps) {
  const { background, set } = props;
  const gradient = background.gradient !== undefined;
  return (
    <>
      <Text size="xs" c="dimmed">
        A soft organic shape over a see-through base; its shape follows from the item.
      </Text>
      <SettingSwitch
        label="Fill with a gradient"
        checked={gradient}
        onChange={(on) => set({ gradient: on ? {} : null })}
        testId="background-blob-gradient"
      />
      {gradient ? <GradientEditor {...props} /> : <ColorSetting {...props} />}
    </>
  );
}

function ImageSettings({ background, set }: BackgroundTargetProps) {
  return (
    <>
      <CommitText
        label="Image link"
        placeholder="https://…/picture.jpg"
        value={background.url ?? ''}
        problem={(url) => (isValidImageUrl(url) ? null : 'Enter a web address (https://…) or a path on this site.')}
        onCommit={(url) => set({ url })}
        testId="background-image-url"
      />
      <Select
        size="xs"
        label="Size"
        data={SIZE_OPTIONS}
        value={background.size}
        allowDeselect={false}
        onChange={(size) => size && set({ size: size as Background['size'] })}
        comboboxProps={{ withinPortal: true }}
        data-testid="background-size"
      />
      <Input.Wrapper label="Position" size="xs">
        <PositionPicker value={background.position} onChange={(position) => set({ position })} />
      </Input.Wrapper>
      <Select
        size="xs"
        label="Repeat"
        data={REPEAT_OPTIONS}
        value={background.repeat}
        allowDeselect={false}
        onChange={(repeat) => repeat && set({ repeat: repeat as Background['repeat'] })}
        data-testid="background-repeat"
      />
    </>
  );
}

/** The nine positions (002 §9) as a 3×3 grid of radio buttons, with the chosen one named beside it. */
function PositionPicker(props: { value: Background['position']; onChange(value: Background['position']): void }) {
  return (
    <Stack gap={4} mt={2}>
      <NinePositions
        label="Background position"
        options={POSITION_OPTIONS.map((option) => ({
          key: option.value,
          label: option.label,
          checked: props.value === option.value,
          testId: `background-position-${option.value.replace(' ', '-')}`,
          onSelect: () => props.onChange(option.value),
        }))}
      />
      <Text size="xs" c="dimmed">
        {POSITION_OPTIONS.find((option) => option.value === props.value)?.label}
      </Text>
    </Stack>
  );
}
