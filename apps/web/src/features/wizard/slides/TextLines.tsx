import { ActionIcon, Badge, Button, Group, Stack, Textarea, Tooltip } from '@mantine/core';
import type { Slide } from '@reelwright/core';
import { IconMicrophone, IconMicrophoneOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { newTextLine } from './new-slides';
import { updateSlide } from './slide-edits';

/**
 * A slide's text lines (spec 001 §2 "a text-line list"): each shows and narrates in turn; the
 * active one is the line the design panel's media and audio belong to. Changing a line's words
 * drops its narration, which is made again when the author moves on.
 */
export function TextLines({ slide }: { slide: Slide }) {
  const activeId = slide.activeTextId ?? slide.texts[0]?.id;
  const setActive = (textId: string) =>
    slide.activeTextId !== textId &&
    updateSlide(slide.id, (draft) => {
      draft.activeTextId = textId;
    });

  return (
    <Stack gap={6} data-testid="text-lines">
      {slide.texts.map((text, i) => {
        const active = text.id === activeId;
        return (
          <Group key={text.id} gap={6} wrap="nowrap" align="flex-start">
            <Textarea
              aria-label={`Line ${i + 1}`}
              value={text.text}
              onFocus={() => setActive(text.id)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                updateSlide(slide.id, (draft) => {
                  const line = draft.texts.find((t) => t.id === text.id);
                  if (!line || line.text === value) return;
                  line.text = value;
                  line.audio = { ...line.audio, url: '', duration: undefined };
                });
              }}
              autosize
              minRows={1}
              maxRows={4}
              style={{ flex: 1 }}
              styles={{ input: { borderColor: active ? 'var(--mantine-color-blue-5)' : undefined } }}
              placeholder={i === 0 ? 'Type the words of this slide' : 'Another line'}
              data-testid="text-line"
            />
            <Tooltip
              label={text.audio.url ? `Narrated (${(text.audio.duration ?? 0).toFixed(1)} s)` : 'Not narrated yet'}
            >
              <Badge
                variant="light"
                color={text.audio.url ? 'teal' : 'gray'}
                size="lg"
                mt={4}
                px={6}
                data-testid="text-line-audio"
                data-narrated={text.audio.url ? 'yes' : 'no'}
              >
                {text.audio.url ? <IconMicrophone size={14} /> : <IconMicrophoneOff size={14} />}
              </Badge>
            </Tooltip>
            <Tooltip label="Remove line">
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                disabled={slide.texts.length <= 1}
                aria-label={`Remove line ${i + 1}`}
                onClick={() =>
                  updateSlide(slide.id, (draft) => {
                    draft.texts = draft.texts.filter((t) => t.id !== text.id);
                    if (draft.activeTextId === text.id) draft.activeTextId = draft.texts[0]?.id;
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            updateSlide(slide.id, (draft) => {
              const line = newTextLine();
              draft.texts.push(line);
              draft.activeTextId = line.id;
            })
          }
        >
          Add line
        </Button>
      </Group>
    </Stack>
  );
}
