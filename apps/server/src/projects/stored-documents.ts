import type { ProjectData } from '@reelwright/core';
import { LRUCache } from 'lru-cache';

/**
 * The last document this process stored for each project, validated, with its hash (issue 31,
 * D100). An autosave is a small patch of the document its author's last save stored, most often
 * through this same process: with the document kept, a save reads only the stored hash, and when
 * it is the kept one's, patches the kept document instead of reading, parsing and validating all
 * of it again. A hash names one content, so a kept document is right whichever process or
 * database wrote the stored one; another hash means another save landed, and the document is
 * read. Kept documents are never changed (the patch copies what it changes).
 */
export type StoredDocument = { hash: string; data: ProjectData };

/** JSON bytes of kept documents; a document in memory is a few times that. */
const KEPT_BYTES = 32 * 1024 * 1024;

const kept = new LRUCache<number, StoredDocument & { bytes: number }>({
  maxSize: KEPT_BYTES,
  sizeCalculation: (entry) => entry.bytes,
});

/** The document stored for a project, when this process kept it. */
export function keptDocument(projectId: number): StoredDocument | undefined {
  return kept.get(projectId);
}

/** Keeps the document just stored for a project; `bytes` is the size of its JSON. */
export function keepDocument(projectId: number, document: StoredDocument, bytes: number): void {
  if (bytes > KEPT_BYTES / 8) {
    kept.delete(projectId);
    return;
  }
  kept.set(projectId, { ...document, bytes });
}
