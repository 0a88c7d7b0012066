import { Button, type ButtonProps, Text } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';

/** How a save state reads in the menu bar: its words, their colour and the icon before them. */
export type SaveStatusLabel = { text: string; color: string; icon: ReactNode };

export type SaveStatusButtonProps = Omit<ButtonProps, 'leftSection' | 'children'> &
  Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style' | 'children'> & {
    label: SaveStatusLabel;
    /** The state shown, for `data-state`. */
    state: string;
  };

/**
 * The save status in the menu bar, a member's (SaveStatus) or a visitor's (VisitorSaveStatus): a
 * small subtle button, icon and coloured words, named 'Save status: …'. It opens the caller's
 * popover: a ref component that spreads its props (the ref, the onClick and the aria attributes
 * Popover.Target gives its child) onto the button.
 */
export const SaveStatusButton = forwardRef<HTMLButtonElement, SaveStatusButtonProps>(function SaveStatusButton(
  { label, state, ...others },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={label.icon}
      aria-label={`Save status: ${label.text}`}
      data-state={state}
      style={{ flexShrink: 0 }}
      {...others}
    >
      <Text span size="xs" c={label.color}>
        {label.text}
      </Text>
    </Button>
  );
});
