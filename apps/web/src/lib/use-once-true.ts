import { useState } from 'react';

/**
 * True from the first render in which `value` is true, and ever after. A popup whose code loads
 * lazily mounts when it is first opened and then stays mounted, so its closing transition plays
 * and a second opening needs no load.
 */
export function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}
