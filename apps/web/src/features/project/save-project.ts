import { hashDocument, type ProjectData, type ProjectSaveResponse, upgradeProjectData } from '@reelwright/core';
import type { Operation } from 'rfc6902';
import type { ProjectSaveApi } from './project-api';

/** The document the server is known to hold, and its canonical hash: the base of the next patch. */
export type SavedBase = { data: ProjectData; hash: string };

export type SaveRequest = {
  id: number | null;
  name: string;
  category: 'project' | 'reserved';
  data: ProjectData;
  /** What the server holds, when we know it exactly; null forces a full save. */
  base: SavedBase | null;
  /** Send RFC 6902 diffs instead of the whole document when possible. */
  patchMode: boolean;
  /**
   * The operations that turn `base` into `data`, from the editor's own patches; null when they
   * are not known, which makes a full save (diffing whole documents took 1.4 s on 100 slides).
   */
  changes: readonly Operation[] | null;
};

export type SaveOutcome = {
  response: ProjectSaveResponse;
  /** The new base: null when the server's hash shows it stored something else than we sent. */
  base: SavedBase | null;
  mode: 'patch' | 'full' | 'unchanged';
};

/**
 * Saves a project (spec 000 §4, DESIGN §5): with an id, a known base and the editor's changes
 * since it, those changes plus the hash of the result; any patch failure (409 hash mismatch, bad
 * patch, network) falls back to a full save.
 */
export async function saveProjectDocument(request: SaveRequest, api: ProjectSaveApi): Promise<SaveOutcome> {
  const document = normalise(request.data);
  const hash = await hashDocument(document);
  const nextBase = (response: ProjectSaveResponse) => (response.hash === hash ? { data: document, hash } : null);

  if (request.patchMode && request.id !== null && request.base) {
    if (request.base.hash === hash) {
      return { response: { id: request.id, name: request.name, hash }, base: request.base, mode: 'unchanged' };
    }
  }
  if (request.patchMode && request.id !== null && request.base && request.changes) {
    try {
      const response = await api.patch({ id: request.id, diff: JSON.stringify(request.changes), hash });
      return { response, base: nextBase(response), mode: 'patch' };
    } catch {
      // The server's copy is not the base we diffed against: send everything instead.
    }
  }

  const response = await api.save({
    ...(request.id !== null ? { id: request.id } : {}),
    ...(request.name ? { name: request.name } : {}),
    category: request.category,
    data_json: JSON.stringify(document),
    data: null,
  });
  return { response, base: nextBase(response), mode: 'full' };
}

/**
 * The plain-JSON form the server stores: validated through the model (defaults filled in) and
 * without `undefined`, so both sides hash the same document.
 */
export function normalise(data: ProjectData): ProjectData {
  const upgraded = upgradeProjectData(JSON.parse(JSON.stringify(data)));
  return JSON.parse(JSON.stringify(upgraded.ok ? upgraded.data : data));
}
