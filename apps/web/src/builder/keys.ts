/** A key press as the editor needs it: the key, its modifiers, and where focus was. */
export type KeyInput = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
  /** The focused element; keys typed into a field belong to the field. */
  target?: { tagName?: string; isContentEditable?: boolean } | null;
};

/** The editor's keyboard actions, each with the keys that run it. */
export type ShortcutAction =
  | 'delete'
  | 'undo'
  | 'redo'
  | 'duplicate'
  | 'nudge-left'
  | 'nudge-right'
  | 'nudge-up'
  | 'nudge-down'
  | 'cancel'
  | EditingAction
  | 'play-pause'
  | 'shuttle-back'
  | 'shuttle-stop'
  | 'shuttle-forward'
  | 'frame-back'
  | 'frame-forward';

/** The editing keys of issue 32 (D91): clipboard, select all, split, timeline zoom, layers. */
export type EditingAction =
  | 'copy'
  | 'cut'
  | 'paste'
  | 'select-all'
  | 'split'
  | 'zoom-in'
  | 'zoom-out'
  | 'zoom-fit'
  | 'layer-forward'
  | 'layer-backward'
  | 'layer-front'
  | 'layer-back';

/** Copy, cut and paste: the page lets the browser turn these keys into clipboard events. */
export const CLIPBOARD_ACTIONS: readonly ShortcutAction[] = ['copy', 'cut', 'paste'];

/** The shortcuts the help popover lists, in its order and wording. */
export const SHORTCUTS: readonly { action: ShortcutAction | 'nudge' | 'nudge-far'; keys: string; label: string }[] = [
  { action: 'delete', keys: 'Delete', label: 'Delete the selected item' },
  { action: 'undo', keys: 'Ctrl/Cmd + Z', label: 'Undo' },
  { action: 'redo', keys: 'Ctrl/Cmd + Shift + Z, Ctrl + Y', label: 'Redo' },
  { action: 'duplicate', keys: 'Ctrl/Cmd + D', label: 'Duplicate the selected item' },
  { action: 'nudge', keys: 'Arrow keys', label: 'Move the selected item by 1 px' },
  { action: 'nudge-far', keys: 'Shift + arrow keys', label: 'Move the selected item by 10 px' },
  { action: 'cancel', keys: 'Escape', label: 'Cancel a drag, stop editing text, or clear the selection' },
  { action: 'copy', keys: 'Ctrl/Cmd + C', label: 'Copy the selected items' },
  { action: 'cut', keys: 'Ctrl/Cmd + X', label: 'Cut the selected items' },
  { action: 'paste', keys: 'Ctrl/Cmd + V', label: 'Paste items or a picture' },
  { action: 'select-all', keys: 'Ctrl/Cmd + A', label: "Select all of the slide's items" },
  { action: 'split', keys: 'S, Ctrl/Cmd + K', label: 'Split the selected items at the playhead' },
  { action: 'zoom-in', keys: '+', label: 'Zoom the timeline in' },
  { action: 'zoom-out', keys: '-', label: 'Zoom the timeline out' },
  { action: 'zoom-fit', keys: '\\', label: 'Fit the slide in the timeline' },
  { action: 'layer-forward', keys: 'Ctrl/Cmd + ]', label: 'Bring forward (one row up)' },
  { action: 'layer-backward', keys: 'Ctrl/Cmd + [', label: 'Send backward (one row down)' },
  { action: 'layer-front', keys: 'Ctrl/Cmd + Shift + ]', label: 'Bring to front' },
  { action: 'layer-back', keys: 'Ctrl/Cmd + Shift + [', label: 'Send to back' },
  { action: 'play-pause', keys: 'Space', label: 'Play or pause' },
  { action: 'shuttle-back', keys: 'J', label: 'Play backwards (again: faster)' },
  { action: 'shuttle-stop', keys: 'K', label: 'Pause' },
  { action: 'shuttle-forward', keys: 'L', label: 'Play forwards (again: faster)' },
  { action: 'frame-back', keys: ', (comma)', label: 'One frame back' },
  { action: 'frame-forward', keys: '. (period)', label: 'One frame forward' },
];

/** Nudge distances in stage px (arrows; with Shift). */
export const NUDGE_PX = 1;
export const NUDGE_FAR_PX = 10;

/** Focus is in an input, textarea, select or editable area (spec 002 §2: Delete is theirs then). */
export function isEditableTarget(target: KeyInput['target']): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** The action a key press asks for, or null. Keys typed into a field never run editor actions. */
export function shortcutFor(input: KeyInput): ShortcutAction | null {
  if (input.key === 'Escape') return 'cancel';
  if (isEditableTarget(input.target)) return null;
  const mod = Boolean(input.ctrlKey || input.metaKey);
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  if (mod && key === 'z') return input.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y' && input.ctrlKey) return 'redo';
  if (mod && key === 'd') return 'duplicate';
  if (mod && !input.altKey) {
    const editing = modifiedEditingKey(key, Boolean(input.shiftKey));
    if (editing) return editing;
  }
  if (mod || input.altKey) return null;
  switch (key) {
    case 's':
      return 'split';
    case '=':
    case '+':
      return 'zoom-in';
    case '-':
      return 'zoom-out';
    case '\\':
      return 'zoom-fit';
    case 'Delete':
    case 'Backspace':
      return 'delete';
    case 'ArrowLeft':
      return 'nudge-left';
    case 'ArrowRight':
      return 'nudge-right';
    case 'ArrowUp':
      return 'nudge-up';
    case 'ArrowDown':
      return 'nudge-down';
    case ' ':
      return 'play-pause';
    case 'j':
      return input.shiftKey ? null : 'shuttle-back';
    case 'k':
      return input.shiftKey ? null : 'shuttle-stop';
    case 'l':
      return input.shiftKey ? null : 'shuttle-forward';
    case ',':
      return 'frame-back';
    case '.':
      return 'frame-forward';
    default:
      return null;
  }
}

/** Ctrl/Cmd with a letter or bracket (Shift gives '{' and '}' on most layouts). */
function modifiedEditingKey(key: string, shift: boolean): EditingAction | null {
  switch (key) {
    case 'c':
      return shift ? null : 'copy';
    case 'x':
      return shift ? null : 'cut';
    case 'v':
      return shift ? null : 'paste';
    case 'a':
      return shift ? null : 'select-all';
    case 'k':
      return shift ? null : 'split';
    case ']':
    case '}':
      return shift ? 'layer-front' : 'layer-forward';
    case '[':
    case '{':
      return shift ? 'layer-back' : 'layer-backward';
    default:
      return null;
  }
}
