import type { Seconds } from '@reelwright/core';
import { mediaTypeOfName } from './drop';
import type { Editor } from './editor';
import type { NewItemSource } from './new-items';
import type { StagePoint } from './tools/geometry';

/** What a file dropped from the computer becomes, from its type, else its name; null: not media. */
export function kindOfFile(file: { type: string; name: string }): 'image' | 'video' | 'audio' | null {
  const major = file.type.split('/')[0];
  if (major === 'image' || major === 'video' || major === 'audio') return major;
  return mediaTypeOfName(file.name);
}

/** Whether a drag carries files from the computer (the browser would open them if not stopped). */
export function carriesFiles(data: Pick<DataTransfer, 'types'> | null): boolean {
  return Boolean(data && Array.from(data.types).includes('Files'));
}

/** Stage px between the centres of files dropped together, down and right, so none hides another. */
export const DROPPED_FILES_OFFSET = 24;

/** What the server made of an uploaded file. */
export type StoredFile = { type: 'image' | 'video' | 'audio'; url: string; duration?: number | null };

/** Sends a file to the server, reporting the share of it sent (0–1). */
export type FileUploader = (file: File, onProgress: (share: number) => void) => Promise<StoredFile>;

/** A dropped file on its way to the server, as the stage shows it. */
export type FileInFlight = {
  id: number;
  name: string;
  /** Share sent, 0–1. */
  progress: number;
  /** Where it was dropped: its slide, the playhead then, and the stage point (stage px). */
  frameId: string;
  /**
   * Added as a new item, never asked about the item under it: one of several files dropped
   * together, or a file dropped on the timeline (its stage point is only the stage's centre).
   */
  asNew: boolean;
  playhead: Seconds;
  at: StagePoint;
};

/** What a drop of files did at once: the files not taken (not media), for the message. */
export type FileDropResult = { refused: string[] };

/**
 * Files dropped from the computer onto the stage or the timeline (issue 32): each image, video or
 * audio file is uploaded with its progress shown where it was dropped, then dropped there as the
 * panel's media is (a new item, or the 'Replace' / 'Attach' question over an item; files dropped
 * together, or on the timeline, are each added, a little apart, without questions). The slide
 * and playhead of the drop are kept: a member who moved on meanwhile is brought back to them.
 * Uploads are session state, never in the document or its history.
 */
export class FileDrops {
  private inFlight: readonly FileInFlight[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly editor: Editor,
    private readonly upload: FileUploader,
    private readonly onError: (message: string) => void,
  ) {}

  get uploads(): readonly FileInFlight[] {
    return this.inFlight;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly FileInFlight[] => this.inFlight;

  /**
   * Takes the files of one drop at `at` (stage px). Dropped on the timeline, `playhead` is the
   * time under the pointer and `at` the stage's centre, and each file is added as a new item.
   */
  drop(files: readonly File[], at: StagePoint, playhead?: Seconds): FileDropResult {
    const frameId = this.editor.currentFrame()?.id;
    const refused: string[] = [];
    if (!frameId) return { refused: files.map((file) => file.name) };
    let placed = 0;
    const asNew = playhead !== undefined || files.filter((file) => kindOfFile(file)).length > 1;
    for (const file of files) {
      if (!kindOfFile(file)) {
        refused.push(file.name);
        continue;
      }
      const offset = placed++ * DROPPED_FILES_OFFSET;
      const entry: FileInFlight = {
        id: this.nextId++,
        name: file.name,
        progress: 0,
        frameId,
        asNew,
        playhead: playhead ?? this.editor.playhead,
        at: { x: at.x + offset, y: at.y + offset },
      };
      this.set([...this.inFlight, entry]);
      void this.send(file, entry);
    }
    if (refused.length > 0) {
      const verb = refused.length === 1 ? 'was' : 'were';
      this.onError(`Only pictures, videos and sounds can be dropped here: ${refused.join(', ')} ${verb} not added.`);
    }
    return { refused };
  }

  private async send(file: File, entry: FileInFlight): Promise<void> {
    try {
      const stored = await this.upload(file, (progress) => this.update(entry.id, { progress }));
      this.land(entry, stored);
    } catch (error) {
      this.onError(`${file.name} could not be uploaded: ${(error as Error).message}`);
    } finally {
      this.set(this.inFlight.filter((candidate) => candidate.id !== entry.id));
    }
  }

  /** The stored file goes where it was dropped; a slide removed meanwhile takes nothing. */
  private land(entry: FileInFlight, stored: StoredFile): void {
    if (!this.editor.data.video.frames.some((frame) => frame.id === entry.frameId)) {
      this.onError(`${entry.name} was uploaded, but its slide was removed: add it from 'My library'.`);
      return;
    }
    if (this.editor.currentFrame()?.id !== entry.frameId) this.editor.openSlide(entry.frameId);
    this.editor.setPlayhead(entry.playhead);
    const source = sourceOfStoredFile(stored, entry.name);
    if (entry.asNew) this.editor.addItem(source, entry.at);
    else this.editor.drop(source, entry.at);
  }

  private update(id: number, patch: Partial<FileInFlight>): void {
    this.set(this.inFlight.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
  }

  private set(next: readonly FileInFlight[]): void {
    this.inFlight = next;
    for (const listener of this.listeners) listener();
  }
}

/** The new item a stored file becomes; named on the timeline by its file's name. */
export function sourceOfStoredFile(stored: StoredFile, name: string): NewItemSource {
  const label = name.replace(/\.[^.]+$/, '') || undefined;
  if (stored.type === 'audio') return { type: 'audio', url: stored.url, duration: stored.duration ?? undefined, label };
  // A clip just uploaded plays its first 10 s (spec 002 §2, D97).
  if (stored.type === 'video')
    return { type: 'video', url: stored.url, label, uploaded: true, duration: stored.duration ?? undefined };
  return { type: stored.type, url: stored.url, label };
}
