import { create } from 'zustand';
import { indexedDbStorage } from './indexed-db-storage';
import { type DraftContent, DraftKeeper, type DraftState, readDraft } from './visitor-draft';

/**
 * A visitor's open project kept in this browser (D96): written a second after each change,
 * restored when the visitor comes back to a new-video address, deleted once it is saved to an
 * account or the visitor starts a new video. The menu bar shows `state` to visitors.
 */
export const useVisitorDraft = create<{ state: DraftState }>(() => ({ state: 'idle' }));

const storage = indexedDbStorage();
const keeper = new DraftKeeper(storage, (state) => useVisitorDraft.setState({ state }));
/** The open project is the kept draft (restored from it, or kept since it opened). */
let holding = false;

/** Keeps the open project a second after this change; `read` answers null once it is no visitor's. */
export function keepVisitorDraft(read: () => DraftContent | null): void {
  holding = true;
  keeper.changed(read);
}

/** The kept draft, checked by the model; null when there is none or it could not be read. */
export function restoreVisitorDraft(): Promise<DraftContent | null> {
  return readDraft(storage);
}

/** A project was opened: the kept draft (`fromDraft`), or another one, which is not kept yet. */
export function visitorDraftOpened(fromDraft: boolean): void {
  holding = fromDraft;
  useVisitorDraft.setState({ state: fromDraft ? 'saved' : 'idle' });
}

/**
 * The open project was saved to the member's account: when it is the kept draft, the browser
 * copy is deleted, so it never comes back over the member's work.
 */
export function handOverVisitorDraft(): void {
  if (!holding) return;
  holding = false;
  void keeper.clear();
}

/** How long a new video waits for the draft to be deleted before it goes on anyway. */
const DISCARD_WAIT_MS = 2000;

/** A new video replaces the kept draft: deletes it (after a write under way) before the page changes. */
export function discardVisitorDraft(): Promise<void> {
  holding = false;
  return Promise.race([keeper.clear(), new Promise<void>((resolve) => setTimeout(resolve, DISCARD_WAIT_MS))]);
}

// A change still waiting when the page is left (reload, closed tab) is written at once.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void keeper.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void keeper.flush();
  });
}
