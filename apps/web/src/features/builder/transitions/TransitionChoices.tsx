import { useEffect, useState } from 'react';
import type { TransitionSlot } from '../../../builder/commands/transition-commands';
import classes from '../inspector/animation/AnimationSection.module.css';
import { TransitionPreview } from './TransitionPreview';
import { transitionChoices } from './transition-preview';

/** Choices drawn in the opening's first frame ('None' and 14 previews fill 360 px); the rest a frame later. */
const FIRST_CHOICES = 14;

type Props = {
  slot: TransitionSlot;
  /** The effect chosen now, or null for none. */
  chosen: string | null;
  /** Runs the choice (null = none) as one undo step. */
  onChoose(name: string | null): void;
};

/**
 * 'None', then every show (or hide) effect of the catalogue as a live preview of two slides, the
 * chosen one outlined: the grid of the inspector's transition pickers and of the slide bar's
 * markers. Plain elements, like the Animation/FX pickers' grid (dozens mount at once).
 */
export function TransitionChoices({ slot, chosen, onChoose }: Props) {
  const choices = transitionChoices(slot);
  const [mounted, setMounted] = useState(FIRST_CHOICES);
  useEffect(() => {
    if (mounted >= choices.length) return;
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
    <div className={classes.grid} data-testid={`transition-choices-${slot}`}>
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
          <TransitionPreview slot={slot} name={choice.name} />
        </Choice>
      ))}
    </div>
  );
}

function Choice(props: { selected: boolean; label: string; onClick(): void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className={classes.choice}
      aria-pressed={props.selected}
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      data-testid="transition-choice"
    >
      {props.children}
      <span className={classes.choiceLabel}>{props.label}</span>
    </button>
  );
}
