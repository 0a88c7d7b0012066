import { Button, Popover, ScrollArea, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './AnimationSection.module.css';
import { EffectPreview } from './EffectPreview';
import { choiceLabel, choicesFor, chosenName, type FxSlot } from './fx-rules';

type Props = {
  item: Item;
  slot: FxSlot;
  /** The picker's name, beside its button. */
  label: string;
  /** Runs the choice (null = none) as one undo step. */
  onChoose(name: string | null): void;
};

/**
 * A picker over one part of the catalogue: a button naming the current choice opens a grid of
 * live previews beside the panel, 'None' first. The previews exist only while it is open.
 */
export function EffectPicker({ item, slot, label, onChoose }: Props) {
  const [opened, setOpened] = useState(false);
  const chosen = chosenName(item, slot);
  const choose = (name: string | null) => {
    setOpened(false);
    if (name !== chosen) onChoose(name);
  };

  return (
    <div className={classes.row}>
      <Text size="xs" fw={500} component="label" htmlFor={`fx-${slot}`}>
        {label}
      </Text>
      <Popover opened={opened} onChange={setOpened} position="left-start" width={344} shadow="md" withArrow trapFocus>
        <Popover.Target>
          <Button
            id={`fx-${slot}`}
            size="compact-sm"
            variant="default"
            fullWidth
            justify="space-between"
            rightSection={<IconChevronDown size={14} />}
            onClick={() => setOpened((open) => !open)}
            aria-label={`${label}: ${choiceLabel(slot, chosen)}`}
            data-testid={`fx-picker-${slot}`}
            fw={400}
          >
            <Text span size="xs" truncate="end">
              {choiceLabel(slot, chosen)}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown p={6} data-testid={`fx-choices-${slot}`}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" px={4} pb={4}>
            {label}
          </Text>
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            <SimpleGrid cols={3} spacing={2} verticalSpacing={2}>
              <Choice selected={chosen === null} label="None" onClick={() => choose(null)}>
                <div className={classes.choiceNone}>
                  <Text size="xs" c="dimmed">
                    None
                  </Text>
                </div>
              </Choice>
              {choicesFor(slot).map((choice) => (
                <Choice
                  key={choice.name}
                  selected={chosen === choice.name}
                  label={choice.label}
                  onClick={() => choose(choice.name)}
                >
                  <EffectPreview item={item} slot={slot} name={choice.name} />
                </Choice>
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}

function Choice(props: { selected: boolean; label: string; onClick(): void; children: React.ReactNode }) {
  return (
    <UnstyledButton
      className={classes.choice}
      aria-pressed={props.selected}
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      data-testid="fx-choice"
    >
      {props.children}
      <Text size="xs" truncate="end" maw={96}>
        {props.label}
      </Text>
    </UnstyledButton>
  );
}
