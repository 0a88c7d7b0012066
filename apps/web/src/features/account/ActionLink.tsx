import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

type ActionLinkProps = { onClick(): void; disabled?: boolean; children: ReactNode };

/** A link-styled button for the form's secondary actions ('Forgot password?', 'Cancel' …). */
export function ActionLink({ onClick, disabled, children }: ActionLinkProps) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={onClick}
      disabled={disabled}
      c={disabled ? 'dimmed' : undefined}
    >
      {children}
    </Anchor>
  );
}
