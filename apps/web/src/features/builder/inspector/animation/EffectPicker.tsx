import { Button, Popover, ScrollArea, Text } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
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
            <ChoiceGrid item={item} slot={slot} chosen={chosen} onChoose={choose} />
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}

/**
 * The choices in the first rows, what the dropdown shows when it opens ('None' and 14 previews in
 * 360 px): they are drawn in the opening's first frame, the rest a frame later, so a picker of 49
 * effects shows as soon as one of 14 would (docs/benchmarks.md, "Animation/FX picker").
 */
const FIRST_CHOICES = 14;

/** 'None', then every choice of the slot as a live preview; one grid per open picker. */
function ChoiceGrid(props: { item: Item; slot: FxSlot; chosen: string | null; onChoose(name: string | null): void }) {
  const { item, slot, chosen, onChoose } = props;
  const choices = choicesFor(slot);
  const [mounted, setMounted] = useState(FIRST_CHOICES);
  useEffect(() => {
    if (mounted >= choices.length) return;
    // After the first rows are painted: a timer queued from the next animation frame runs after it.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setMounted(choices.length));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [mounted, choices.length]);

  return (
    <div className={classes.grid}>
      <Choice selected={chosen === null} label="None" onClick={() => onChoose(null)}>
        <span className={classes.choiceNone}>None</span>
      </Choice>
      {choices.slice(0, mounted).map((choice) => (
        <Choice
          key={choice.name}
          selected={chosen === choice.name}
          label={choice.label}
          onClick={() => onChoose(choice.name)}
        >
          <EffectPreview item={item} slot={slot} name={choice.name} />
        </Choice>
      ))}
    </div>
  );
}

/**
 * One choice: its preview over its name. Plain elements styled by the module (a picker mounts
 * dozens at once, and each Mantine component costs a theme and style-props pass).
 */
function Choice(props: { selected: boolean; label: string; onClick(): void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className={classes.choice}
      aria-pressed={props.selected}
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      data-testid="fx-choice"
    >
      {props.children}
      <span className={classes.choiceLabel}>{props.label}</span>
    </button>
  );
}
