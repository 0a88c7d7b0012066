import { useEffect } from 'react';
import { builderEditor } from './editor-store';

/** Keys pressed in these belong to them (a slider's arrows, a menu's, a dialog's). */
const OWN_KEYS = '[role="slider"], [role="menu"], [role="listbox"], [role="dialog"]';

/** Popups: menus, dialogs and dropdowns (some stay mounted, hidden, while closed). */
const POPUPS = '[role="menu"], [role="dialog"], .mantine-Popover-dropdown, .mantine-Combobox-dropdown';

/** Whether a popup shows on the page: Escape is its own then. */
const popupOpen = () =>
  Array.from(document.querySelectorAll(POPUPS)).some((popup) => popup.getClientRects().length > 0);

/** The builder's keyboard shortcuts (see `SHORTCUTS`), on the whole page while the builder shows. */
export function useBuilderKeys(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A key a widget has used already (a sortable picked up with Space) is not the builder's.
      if (event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest(OWN_KEYS)) return;
      // Escape closes an open picker, menu or dialog, wherever the focus is; it is theirs then,
      // not a reason to clear the selection as well.
      if (event.key === 'Escape' && popupOpen()) return;
      const used = builderEditor.keyDown({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        target,
      });
      if (used) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
