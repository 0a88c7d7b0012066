import { useEffect } from 'react';
import { CLIPBOARD_ACTIONS, isEditableTarget, type KeyInput, shortcutFor } from '../../builder/keys';
import { builderEditor } from './editor-store';
import { useBuilderClipboard } from './use-builder-clipboard';

/** Keys pressed in these belong to them (a slider's arrows, a menu's, a dialog's). */
const OWN_KEYS = '[role="slider"], [role="menu"], [role="listbox"], [role="dialog"]';

/** Popups: menus, dialogs and dropdowns (some stay mounted, hidden, while closed). */
const POPUPS = '[role="menu"], [role="dialog"], .mantine-Popover-dropdown, .mantine-Combobox-dropdown';

/** Whether a popup shows on the page: Escape is its own then. */
const popupOpen = () =>
  Array.from(document.querySelectorAll(POPUPS)).some((popup) => popup.getClientRects().length > 0);

/** A key press as the editor reads it, with the focused element. */
export function keyInputOf(event: KeyboardEvent): KeyInput & { target: HTMLElement | null } {
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    target: event.target instanceof HTMLElement ? event.target : null,
  };
}

/** The builder's keyboard shortcuts (see `SHORTCUTS`), on the whole page while the builder shows. */
export function useBuilderKeys(): void {
  useBuilderClipboard();
  useEffect(() => {
    // Whether a popup showed as Escape went down, before its own handler closed it.
    let popupAtEscape = false;
    const onKeyDownFirst = (event: KeyboardEvent) => {
      if (event.key === 'Escape') popupAtEscape = popupOpen();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // A key a widget has used already (a sortable picked up with Space) is not the builder's.
      if (event.defaultPrevented) return;
      const input = keyInputOf(event);
      const { target } = input;
      if (target?.closest(OWN_KEYS)) return;
      // Escape closes an open picker, menu, dropdown or dialog, wherever the focus is; it is
      // theirs then, not a reason to clear the selection as well.
      if (event.key === 'Escape' && (popupAtEscape || popupOpen())) return;
      // Copy, cut and paste come back as the browser's clipboard events (use-builder-clipboard).
      const action = shortcutFor(input);
      if (action && CLIPBOARD_ACTIONS.includes(action)) return;
      if (builderEditor.keyDown(input)) event.preventDefault();
      // Escape in a field leaves it (D93): the field has taken back what was typed, and the
      // next Escape is the page's.
      else if (event.key === 'Escape' && target && isEditableTarget(target)) target.blur();
    };
    window.addEventListener('keydown', onKeyDownFirst, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDownFirst, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
