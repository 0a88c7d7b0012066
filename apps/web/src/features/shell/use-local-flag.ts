import { useCallback, useState } from 'react';

/** Reads localStorage without failing where storage is blocked (private modes, sandboxed frames). */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage is unavailable: the value lives for this page only.
  }
}

/** A value kept in localStorage as JSON text, parsed with `parse`. */
export function useLocalValue<T>(key: string, parse: (text: string | null) => T) {
  const [value, setValue] = useState<T>(() => parse(readLocal(key)));
  const update = useCallback(
    (next: T) => {
      writeLocal(key, JSON.stringify(next));
      setValue(next);
    },
    [key],
  );
  return [value, update] as const;
}
