import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import {
  CLIPBOARD_TYPE,
  type ClipboardPayload,
  clipboardText,
  parseClipboard,
} from '../../builder/commands/clipboard-commands';
import { isEditableTarget } from '../../builder/keys';
import { uploadMedia } from '../wizard/slides/design/design-api';
import { builderEditor } from './editor-store';

/** Where copy and paste belong to what has focus: dialogs, menus, sliders. */
const OWN_KEYS = '[role="slider"], [role="menu"], [role="listbox"], [role="dialog"]';
/** The longest text a paste turns into a text item. */
const MAX_PASTED_TEXT = 2000;

/**
 * Whether a clipboard event is the builder's: not in a field, a dialog or a menu, and no text of
 * the page selected (copying words from a panel stays the browser's).
 */
function isBuilders(event: ClipboardEvent): boolean {
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (isEditableTarget(target) || target?.closest(OWN_KEYS)) return false;
  const selection = window.getSelection();
  return !selection || selection.isCollapsed || selection.toString() === '';
}

/** Writes the items to the system clipboard: a custom type and a marked text/plain copy. */
function write(data: DataTransfer | null, payload: ClipboardPayload): void {
  if (!data) return;
  try {
    data.setData(CLIPBOARD_TYPE, JSON.stringify(payload));
  } catch {
    // A browser that refuses custom types still takes text/plain.
  }
  data.setData('text/plain', clipboardText(payload));
}

function read(data: DataTransfer | null, type: string): string {
  try {
    return data?.getData(type) ?? '';
  } catch {
    return '';
  }
}

/** A picture from the computer's clipboard: stored by the server (as the Upload button does), then added. */
async function pastePicture(file: File): Promise<void> {
  const id = notifications.show({ loading: true, message: 'Adding the pasted picture…', autoClose: false });
  try {
    const found = await uploadMedia(file);
    if (found.type !== 'image') throw new Error('The pasted file is not a picture.');
    builderEditor.addItem({ type: 'image', url: found.url, label: file.name || undefined });
    notifications.update({ id, loading: false, message: 'Picture added', autoClose: 2000 });
  } catch (failure) {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      message: `The picture could not be added: ${(failure as Error).message}`,
      autoClose: 6000,
    });
  }
}

/**
 * Copy, cut and paste of items through the system clipboard (D91). The keys reach the page as the
 * browser's clipboard events, which may read and write the clipboard without asking. A paste
 * takes, in order: a picture (uploaded, then an image item), the builder's items, other text (a
 * new text item), and with an empty clipboard the items last copied here.
 */
export function useBuilderClipboard(): void {
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (!isBuilders(event)) return;
      const payload = event.type === 'cut' ? builderEditor.cutSelection() : builderEditor.copySelection();
      if (!payload) return;
      event.preventDefault();
      write(event.clipboardData, payload);
    };
    const onPaste = (event: ClipboardEvent) => {
      if (!isBuilders(event)) return;
      const data = event.clipboardData;
      const picture = Array.from(data?.files ?? []).find((file) => file.type.startsWith('image/'));
      if (picture) {
        event.preventDefault();
        void pastePicture(picture);
        return;
      }
      const text = read(data, 'text/plain');
      const payload = parseClipboard(read(data, CLIPBOARD_TYPE)) ?? parseClipboard(text);
      if (payload) {
        event.preventDefault();
        builderEditor.paste(payload);
      } else if (text.trim() !== '') {
        event.preventDefault();
        builderEditor.addItem({ type: 'text', text: text.trim().slice(0, MAX_PASTED_TEXT) });
      } else if (builderEditor.paste()) {
        event.preventDefault();
      }
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, []);
}
