import { PROJECT_UPDATE_DEBOUNCE_MS, type ProjectData, upgradeProjectData } from '@reelwright/core';
import { type Clock, systemClock } from './clock';
import { normalise } from './save-project';

/** Where a draft is kept: text under a key (IndexedDB in the browser, a Map in tests). */
export type DraftStorage = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
};

/** What a visitor's draft holds: the whole document (wizard state and video) and its name, if any. */
export type DraftContent = { name: string; data: ProjectData };

/** 'idle': nothing kept yet; 'failed': the browser refused to keep it (storage off or full). */
export type DraftState = 'idle' | 'saving' | 'saved' | 'failed';

/** The one key a visitor's draft is kept under: a browser keeps one draft (D96). */
export const DRAFT_KEY = 'visitor-draft';
/** The record's own format, apart from the document's schema version (which the model checks). */
const DRAFT_FORMAT = 1;

type DraftRecord = { format: number; savedAt: number; name: string; data: unknown };

/** The text kept for `content`, written at `savedAt`. */
export function serialiseDraft(content: DraftContent, savedAt: number): string {
  const record: DraftRecord = { format: DRAFT_FORMAT, savedAt, name: content.name, data: content.data };
  return JSON.stringify(record);
}

/**
 * The draft in `text` checked by the model (`upgradeProjectData`, older schema versions upgraded),
 * or null when it is not JSON, not a draft record, of another record format, or a document the
 * model cannot read (broken, or from a newer version).
 */
export function parseDraft(text: string): DraftContent | null {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return null;
  }
  if (record === null || typeof record !== 'object') return null;
  const { format, name, data } = record as Partial<DraftRecord>;
  if (format !== DRAFT_FORMAT || typeof name !== 'string') return null;
  const upgraded = upgradeProjectData(data);
  if (!upgraded.ok) return null;
  return { name, data: normalise(upgraded.data) };
}

/** The kept draft, or null; a draft that cannot be read is deleted so it is not tried again. */
export async function readDraft(storage: DraftStorage): Promise<DraftContent | null> {
  let text: string | undefined;
  try {
    text = await storage.get(DRAFT_KEY);
  } catch {
    return null; // storage is off: there is nothing to restore
  }
  if (text === undefined) return null;
  const draft = parseDraft(text);
  if (draft === null) await storage.delete(DRAFT_KEY).catch(() => undefined);
  return draft;
}

/**
 * Keeps a visitor's open project in the browser: a change schedules a write after the same
 * quiet time as the member's auto-save (1000 ms), the newest document is written, writes and
 * deletes run one at a time in the order asked, and `flush` writes a waiting change at once (the
 * page is being left).
 */
export class DraftKeeper {
  private pending: unknown = null;
  private read: (() => DraftContent | null) | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: DraftStorage,
    private readonly onState: (state: DraftState) => void,
    private readonly clock: Clock = systemClock,
    private readonly debounceMs = PROJECT_UPDATE_DEBOUNCE_MS,
  ) {}

  /** The document changed; `read` gives what to keep when the write runs (null: keep nothing). */
  changed(read: () => DraftContent | null): void {
    this.read = read;
    this.cancel();
    this.pending = this.clock.setTimeout(() => {
      this.pending = null;
      void this.write();
    }, this.debounceMs);
  }

  /** Writes a waiting change now. */
  flush(): Promise<void> {
    if (this.pending === null) return this.queue;
    this.cancel();
    return this.write();
  }

  /** Forgets any waiting change and deletes the kept draft (after a write already running). */
  clear(): Promise<void> {
    this.cancel();
    this.read = null;
    return this.enqueue(async () => {
      await this.storage.delete(DRAFT_KEY).catch(() => undefined);
      this.onState('idle');
    });
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }

  private write(): Promise<void> {
    const read = this.read;
    return this.enqueue(async () => {
      // Read when the write runs, after any write before it: the newest document is kept.
      const content = read?.();
      if (!content) return;
      this.onState('saving');
      try {
        await this.storage.set(DRAFT_KEY, serialiseDraft(content, this.clock.now()));
        this.onState('saved');
      } catch {
        this.onState('failed');
      }
    });
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task, task);
    return this.queue;
  }

  private cancel(): void {
    if (this.pending !== null) this.clock.clearTimeout(this.pending);
    this.pending = null;
  }
}
