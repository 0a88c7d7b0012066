import { Anchor, Badge, Group, Text } from '@mantine/core';
import { exampleKeywords } from '@reelwright/core';
import { useMemo, useState } from 'react';

const FIRST_SHOWN = 10;

/** Example keywords for a first-time author (spec 001 §2): 10 at first, the rest behind 'more'. */
export function ExampleKeywords({ onPick }: { onPick(keyword: string): void }) {
  const examples = useMemo(() => exampleKeywords(new Date().getFullYear()), []);
  const [all, setAll] = useState(false);
  const shown = all ? examples : examples.slice(0, FIRST_SHOWN);
  return (
    <div data-testid="example-keywords">
      <Text size="sm" fw={500} mb={6}>
        Need an idea? Try one of these
      </Text>
      <Group gap={6}>
        {shown.map((example) => (
          <Badge
            key={example}
            component="button"
            type="button"
            variant="outline"
            color="gray"
            size="lg"
            tt="none"
            fw={500}
            style={{ cursor: 'pointer' }}
            onClick={() => onPick(example)}
          >
            {example}
          </Badge>
        ))}
        {!all && examples.length > FIRST_SHOWN && (
          <Anchor component="button" type="button" size="sm" onClick={() => setAll(true)}>
            more
          </Anchor>
        )}
      </Group>
    </div>
  );
}
