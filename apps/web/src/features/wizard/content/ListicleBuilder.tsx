import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Listicle, mainKeyword, validateListicle } from '@reelwright/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useStepHooks } from '../step-hooks';
import { updateWizard, useWizard } from '../use-wizard';
import { blankListicleItem, moveEntry, newListicle } from './content-drafts';
import { finishContent } from './finish-content';
import { ListicleIdeas } from './ListicleIdeas';
import { StepErrorAlert } from './StepErrorAlert';

/**
 * The listicle builder (source 'listicle', spec 001 §2, §5): an idea (title) from the suggestions
 * or typed, the items with their trivia, countdown and numbering. Next Step builds the article
 * and opens the editor; the step stays.
 */
export function ListicleBuilder() {
  const wizard = useWizard();
  // A project without a listicle shows a fresh one; it is written on the first edit only.
  const [seed] = useState(() => newListicle());
  const listicle = wizard.listicle ?? seed;
  const keyword = mainKeyword(wizard.keyword);
  const [error, setError] = useState<string | null>(null);

  const edit = (mutate: (draft: Listicle) => void) => {
    if (error) setError(null);
    updateWizard((draft) => {
      draft.listicle ??= structuredClone(seed);
      mutate(draft.listicle);
    });
  };

  const setField = <K extends 'idea' | 'reverse' | 'numitem'>(key: K, value: Listicle[K]) =>
    edit((l) => {
      l[key] = value;
    });
  const setItem = (index: number, key: 'name' | 'trivia', value: string) =>
    edit((l) => {
      l.list[index]![key] = value;
    });
  const setList = (list: (items: Listicle['list']) => Listicle['list']) =>
    edit((l) => {
      l.list = list(l.list);
    });

  useStepHooks({
    validate: () => {
      const result = validateListicle(listicle, wizard.keyword);
      if (!result.ok) {
        setError(result.error);
        return false;
      }
      finishContent(result.article);
      return false;
    },
  });

  const count = listicle.list.length;
  return (
    <Stack gap="lg" data-testid="listicle-builder">
      <StepErrorAlert message={error} onClose={() => setError(null)} />
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
        <ListicleIdeas keyword={keyword} selected={listicle.idea} onPick={(idea) => setField('idea', idea)} />
      </Paper>
      <TextInput
        label="Listicle title"
        description="Pick an idea above or write your own. Empty: “Top N …” from your keyword."
        placeholder={`Top ${Math.max(count, 2)} ${keyword || 'things'}`}
        size="md"
        value={listicle.idea}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setField('idea', value);
        }}
        data-testid="listicle-idea-input"
      />
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Items</Text>
          <Text size="xs" c="dimmed">
            At least 2 items with a name
          </Text>
        </Group>
        {listicle.list.map((item, index) => (
          <Paper key={item.id} withBorder radius="md" p="sm" data-testid="listicle-item">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Badge variant="light" size="lg" radius="sm" mt={4} w={40}>
                {index + 1}
              </Badge>
              <Stack gap={6} style={{ flex: 1 }}>
                <TextInput
                  aria-label={`Item ${index + 1} name`}
                  placeholder="Name, e.g. Kyoto"
                  value={item.name}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setItem(index, 'name', value);
                  }}
                  data-testid="listicle-item-name"
                />
                <Textarea
                  aria-label={`Item ${index + 1} trivia`}
                  placeholder="Trivia: a fact or two about it (optional)"
                  autosize
                  minRows={1}
                  maxRows={6}
                  value={item.trivia}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setItem(index, 'trivia', value);
                  }}
                  data-testid="listicle-item-trivia"
                />
              </Stack>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move item ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => setList((list) => moveEntry(list, index, -1))}
                  data-testid="listicle-item-up"
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move item ${index + 1} down`}
                  disabled={index === count - 1}
                  onClick={() => setList((list) => moveEntry(list, index, 1))}
                  data-testid="listicle-item-down"
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove item ${index + 1}`}
                  disabled={count <= 1}
                  onClick={() => setList((list) => list.filter((_, i) => i !== index))}
                  data-testid="listicle-item-remove"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setList((list) => [...list, blankListicleItem()])}
            data-testid="listicle-add-item"
          >
            Add item
          </Button>
        </Group>
      </Stack>
      <Group gap="xl">
        <Checkbox
          label="Reverse order (countdown)"
          description="The first item is shown last, as #1."
          checked={listicle.reverse}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setField('reverse', checked);
          }}
          data-testid="listicle-reverse"
        />
        <Checkbox
          label="Number the items"
          description="Each item starts with its rank, like #3."
          checked={listicle.numitem}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setField('numitem', checked);
          }}
          data-testid="listicle-numitem"
        />
      </Group>
    </Stack>
  );
}
