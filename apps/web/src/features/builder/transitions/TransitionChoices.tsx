import type { TransitionSlot } from '../../../builder/commands/transition-commands';
import { ChoiceGrid } from '../inspector/animation/ChoiceGrid';
import { TransitionPreview } from './TransitionPreview';
import { transitionChoices } from './transition-preview';

type Props = {
  slot: TransitionSlot;
  /** The effect chosen now, or null for none. */
  chosen: string | null;
  /** Runs the choice (null = none) as one undo step. */
  onChoose(name: string | null): void;
};

/**
 * 'None', then every show (or hide) effect of the catalogue as a live preview of two slides: the
 * grid of the inspector's transition pickers and of the slide bar's markers.
 */
export function TransitionChoices({ slot, chosen, onChoose }: Props) {
  return (
    <ChoiceGrid
      choices={transitionChoices(slot)}
      chosen={chosen}
      onChoose={onChoose}
      preview={(name) => <TransitionPreview slot={slot} name={name} />}
      choiceTestId="transition-choice"
      gridTestId={`transition-choices-${slot}`}
    />
  );
}
