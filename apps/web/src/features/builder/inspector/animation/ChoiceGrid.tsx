import { type ReactNode, useEffect, useState } from 'react';
import classes from './AnimationSection.module.css';

/**
 * The choices in the first rows, what a picker's dropdown shows when it opens ('None' and 14
 * previews in 360 px): they are drawn in the opening's first frame, the rest a frame later, so a
 * picker of 49 effects shows as soon as one of 14 would (docs/benchmarks.md, "Animation/FX picker").
 */
const FIRST_CHOICES = 14;

type Props = {
  choices: readonly { name: string; label: string }[];
  /** The choice now, or null for none. */
  chosen: string | null;
  onChoose(name: string | null): void;
  /** The live preview of a choice. */
  preview(name: string): ReactNode;
  /** Test ids: of each choice's button, and of the grid. */
  choiceTestId: string;
  gridTestId?: string;
};

/**
 * 'None', then every choice as a live preview over its name, the chosen one outlined: the grid of
 * the Animation/FX pickers and of the slide transition pickers.
 */
export function ChoiceGrid({ choices, chosen, onChoose, preview, choiceTestId, gridTestId }: Props) {
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
    <div className={classes.grid} data-testid={gridTestId}>
      <Choice selected={chosen === null} label="None" onClick={() => onChoose(null)} testId={choiceTestId}>
        <span className={classes.choiceNone}>None</span>
      </Choice>
      {choices.slice(0, mounted).map((choice) => (
        <Choice
          key={choice.name}
          selected={chosen === choice.name}
          label={choice.label}
          onClick={() => onChoose(choice.name)}
          testId={choiceTestId}
        >
          {preview(choice.name)}
        </Choice>
      ))}
    </div>
  );
}

/**
 * One choice: its preview over its name. Plain elements styled by the module (a picker mounts
 * dozens at once, and each Mantine component costs a theme and style-props pass).
 */
function Choice(props: { selected: boolean; label: string; onClick(): void; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={classes.choice}
      aria-pressed={props.selected}
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.children}
      <span className={classes.choiceLabel}>{props.label}</span>
    </button>
  );
}
