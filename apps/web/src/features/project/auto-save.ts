/** What decides whether an update is saved (spec 000 §4, §6). */
export type AutoSaveContext = {
  /** The member's 'Auto-save' setting (on unless switched off). */
  autoSave: boolean;
  loggedIn: boolean;
  /** Tutorial projects are shown, never saved over. */
  tutorial: boolean;
  /** On an editor route (wizard or builder), not on pricing, preview or the test page. */
  inEditor: boolean;
  frames: number;
  /** The project already exists on the server. */
  hasId: boolean;
};

/** An edit is saved when auto-save is on, a member is logged in, it is no tutorial, and we are in the editor with frames. */
export function shouldAutoSave(context: AutoSaveContext): boolean {
  return context.autoSave && context.loggedIn && !context.tutorial && context.inEditor && context.frames > 0;
}

/**
 * Undo and redo re-save the restored data. A stored project is re-saved even when the undo
 * removed its last frame, so the server never keeps a state the author undid.
 */
export function shouldResaveAfterHistoryMove(context: AutoSaveContext): boolean {
  if (!context.autoSave || !context.loggedIn || context.tutorial) return false;
  return context.hasId || (context.inEditor && context.frames > 0);
}
