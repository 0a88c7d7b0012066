import { UnstyledButton } from '@mantine/core';
import classes from './NinePositions.module.css';

/** One of the nine places a picture or a mark can sit. */
export type PositionOption = { key: string; label: string; checked: boolean; testId: string; onSelect(): void };

/** The nine positions (spec 002 §9) as a 3×3 grid of radio buttons, left to right, top to bottom. */
export function NinePositions({ label, options }: { label: string; options: readonly PositionOption[] }) {
  return (
    <div className={classes.positions} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <UnstyledButton
          key={option.key}
          role="radio"
          aria-checked={option.checked}
          aria-label={option.label}
          title={option.label}
          className={classes.position}
          data-checked={option.checked || undefined}
          onClick={option.onSelect}
          data-testid={option.testId}
        >
          <span className={classes.dot} />
        </UnstyledButton>
      ))}
    </div>
  );
}
