/** Editor routes: where edits are auto-saved (spec 000 §4 "Auto-save occurs when in the editor"). */
export function isEditorPath(pathname: string): boolean {
  return /^\/(wizard|builder|audio-editor)(\/|$)/.test(pathname);
}

/** The builder uses a wider container (spec 000 §2). */
export function isWidePath(pathname: string): boolean {
  return /^\/builder(\/|$)/.test(pathname);
}
