import { useEffect } from 'react';
import { builderEditor } from '../editor-store';
import { keyInputOf } from '../use-builder-keys';

/** Space, J/K/L, comma and period: the playback keys (D90). */
const PLAYBACK_KEYS = new Set([' ', 'j', 'k', 'l', 'J', 'K', 'L', ',', '.']);

/** Widgets whose keys are their own even for playback: menus and lists type ahead, dialogs are apart. */
const OWN_KEYS = '[role="menu"], [role="listbox"], [role="dialog"]';

/** A row or slide that moves with the keyboard: Space picks it up when it was reached by Tab. */
const SORTABLE = '[aria-roledescription="sortable"]';

/**
 * The playback keys on the whole builder (D90), heard before the page's widgets: Space plays and
 * pauses wherever focus is (a button just clicked, a slide card) except in text fields (the
 * editor's rule, D41), menus, lists, dialogs, and a sortable reached with the keyboard, whose Space
 * picks it up. A key the editor uses goes no further, so a focused button is not pressed too.
 */
export function usePlaybackKeys(): void {
  useEffect(() => {
    // Whether focus last moved by pointer (a click) or by the keyboard (Tab).
    let byKeyboard = false;
    const onPointerDown = () => {
      byKeyboard = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') byKeyboard = true;
      if (!PLAYBACK_KEYS.has(event.key) || event.defaultPrevented) return;
      const input = keyInputOf(event);
      if (input.target?.closest(OWN_KEYS)) return;
      if (event.key === ' ' && byKeyboard && input.target?.closest(SORTABLE)) return;
      const used = builderEditor.keyDown(input);
      if (!used) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);
}
