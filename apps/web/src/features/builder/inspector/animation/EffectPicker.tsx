import type { Item } from '@reelwright/core';
import { useState } from 'react';
import { ChoiceGrid } from './ChoiceGrid';
import { EffectPreview } from './EffectPreview';
import { choiceLabel, choicesFor, chosenName, type FxSlot } from './fx-rules';
import { PreviewPicker } from './PreviewPicker';

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
    <PreviewPicker
      id={`fx-${slot}`}
      label={label}
      current={choiceLabel(slot, chosen)}
      heading={label}
      opened={opened}
      setOpened={setOpened}
      buttonTestId={`fx-picker-${slot}`}
      dropdownTestId={`fx-choices-${slot}`}
    >
      <ChoiceGrid
        choices={choicesFor(slot)}
        chosen={chosen}
        onChoose={choose}
        preview={(name) => <EffectPreview item={item} slot={slot} name={name} />}
        choiceTestId="fx-choice"
      />
    </PreviewPicker>
  );
}
