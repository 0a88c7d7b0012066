import { type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is at least as wide as the theme's breakpoint `breakpoint`: the same test as
 * Mantine's `visibleFrom`, read on the first render (no flash of the wide layout on a narrow screen).
 */
export function useWiderThan(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints[breakpoint]})`, true, { getInitialValueInEffect: false });
}
