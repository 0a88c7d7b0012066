import { Badge, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import type { ContentSource } from '@reelwright/core';
import {
  IconBrandBlogger,
  IconClipboardText,
  IconLink,
  IconListNumbers,
  IconNews,
  IconPencil,
  IconQuestionMark,
  IconWorldSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SOURCE_CHOICES } from './sources';

const ICONS: Record<ContentSource, ReactNode> = {
  ezine: <IconWorldSearch size={20} />,
  news: <IconNews size={20} />,
  blog: <IconBrandBlogger size={20} />,
  url: <IconLink size={20} />,
  paste: <IconClipboardText size={20} />,
  listicle: <IconListNumbers size={20} />,
  quiz: <IconQuestionMark size={20} />,
  edit: <IconPencil size={20} />,
};

/** Where the article comes from (spec 001 §2 keyword step). */
export function SourcePicker({ value, onChange }: { value: ContentSource; onChange(source: ContentSource): void }) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as ContentSource)}
      label="Where should the text come from?"
      size="md"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="xs">
        {SOURCE_CHOICES.map((choice) => (
          <Radio.Card
            key={choice.value}
            value={choice.value}
            radius="md"
            p="sm"
            data-testid={`source-${choice.value}`}
            style={(theme) => ({
              borderColor: value === choice.value ? theme.colors.blue[6] : undefined,
              background: value === choice.value ? theme.colors.blue[0] : undefined,
            })}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Radio.Indicator mt={2} />
              <div>
                <Group gap={6}>
                  {ICONS[choice.value]}
                  <Text fw={600} size="sm">
                    {choice.label}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mt={2}>
                  {choice.about}
                </Text>
                {choice.recommended && (
                  <Badge size="xs" color="green" variant="light" mt={4}>
                    Recommended
                  </Badge>
                )}
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
