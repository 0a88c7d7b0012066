import { Button, Group, NumberInput, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { countSentences, summariseArticle } from '@reelwright/core';
import { IconScissors } from '@tabler/icons-react';
import { useState } from 'react';
import { updateWizard } from '../use-wizard';

/** The fewest slides a shortened article may aim for. */
const MIN_SLIDES = 2;
const UNDO_NOTIFICATION = 'article-shortened';

/** About half the sentences, at least {@link MIN_SLIDES}. */
const suggestedSlides = (sentences: number) => Math.max(MIN_SLIDES, Math.round(sentences / 2));

/**
 * 'Shorten to about N slides' (beyond spec 001): keeps the article's most telling sentences with
 * `summariseArticle`. The project history can undo it; the notification also offers Undo.
 */
export function ShortenPopover({ body }: { body: string }) {
  const sentences = countSentences(body);
  const [opened, setOpened] = useState(false);
  const [slides, setSlides] = useState<number | string>(suggestedSlides(sentences));
  const tooShort = sentences <= MIN_SLIDES;
  const target = typeof slides === 'number' ? slides : Number.parseInt(slides, 10);
  const valid = Number.isInteger(target) && target >= MIN_SLIDES && target < sentences;

  const open = () => {
    setSlides(suggestedSlides(sentences));
    setOpened(true);
  };

  const shorten = () => {
    if (!valid) return;
    const previous = body;
    updateWizard((wizard) => {
      wizard.body = summariseArticle(previous, target);
    });
    setOpened(false);
    notifications.show({
      id: UNDO_NOTIFICATION,
      color: 'teal',
      title: `Shortened to about ${target} slides`,
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">The article keeps its {target} most telling sentences.</Text>
          <Button
            size="compact-xs"
            variant="light"
            data-testid="shorten-undo"
            onClick={() => {
              updateWizard((wizard) => {
                wizard.body = previous;
              });
              notifications.hide(UNDO_NOTIFICATION);
            }}
          >
            Undo
          </Button>
        </Group>
      ),
      autoClose: 10_000,
    });
  };

  const trigger = (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconScissors size={14} />}
      disabled={tooShort}
      onClick={() => (opened ? setOpened(false) : open())}
      data-testid="shorten-open"
    >
      Shorten
    </Button>
  );

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        {tooShort ? (
          <Tooltip label="The article is already short">
            <span>{trigger}</span>
          </Tooltip>
        ) : (
          trigger
        )}
      </Popover.Target>
      <Popover.Dropdown data-testid="shorten-popover">
        <Stack gap="xs" w={240}>
          <Text size="sm" fw={600}>
            Shorten to about {valid ? target : 'N'} slides
          </Text>
          <Text size="xs" c="dimmed">
            The article has {sentences} sentences. The most telling ones are kept, in their order.
          </Text>
          <NumberInput
            label="Slides"
            min={MIN_SLIDES}
            max={Math.max(MIN_SLIDES, sentences - 1)}
            allowDecimal={false}
            allowNegative={false}
            value={slides}
            onChange={setSlides}
            error={valid ? undefined : `Between ${MIN_SLIDES} and ${Math.max(MIN_SLIDES, sentences - 1)}`}
            data-testid="shorten-slides"
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={shorten} disabled={!valid} data-testid="shorten-apply">
              Shorten
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
