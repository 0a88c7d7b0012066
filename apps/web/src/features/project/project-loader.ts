import {
  emptyProjectData,
  hashDocument,
  type ProjectData,
  type ProjectLoadResponse,
  upgradeProjectData,
} from '@reelwright/core';
import { ApiRequestError } from '../../lib/api';
import { type LoadTarget, projectApi } from './project-api';
import { normalise, type SavedBase } from './save-project';

/** A project as the store holds it after loading. */
export type LoadedProject = {
  id: number | null;
  name: string;
  title: string;
  category: 'project' | 'reserved';
  tutorial: boolean;
  data: ProjectData;
  /** What the server holds, when known exactly (the base of the first patch). */
  base: SavedBase | null;
};

/** The project loaded at start, plus the reason when loading a named project failed. */
export type LoadResult = { project: LoadedProject; error: string | null };

/** A new project that exists only in the browser until it is saved. */
export function emptyProject(category: LoadedProject['category'] = 'project'): LoadedProject {
  return { id: null, name: '', title: '', category, tutorial: false, data: emptyProjectData(), base: null };
}

/**
 * Loads the start project (spec 000 §4, §8): a failed reserved load falls back silently to an
 * empty reserved project; any other failure gives an empty project and the reason to show.
 */
export async function loadProject(
  target: LoadTarget,
  load: (target: Exclude<LoadTarget, { kind: 'empty' }>) => Promise<ProjectLoadResponse> = projectApi.load,
): Promise<LoadResult> {
  if (target.kind === 'empty') return { project: emptyProject(), error: null };
  try {
    return { project: await fromResponse(await load(target)), error: null };
  } catch (error) {
    if (target.kind === 'reserved') return { project: emptyProject('reserved'), error: null };
    return { project: emptyProject(), error: reasonOf(error) };
  }
}

async function fromResponse(response: ProjectLoadResponse): Promise<LoadedProject> {
  const data = normaliseLoaded(response.data_json);
  const hash = await hashDocument(data);
  return {
    id: response.id,
    name: response.name,
    title: response.title,
    category: response.category === 'reserved' ? 'reserved' : 'project',
    tutorial: response.tutorial,
    data,
    // Only a document we can reproduce byte for byte is a safe base for a patch.
    base: hash === response.hash ? { data, hash } : null,
  };
}

function normaliseLoaded(dataJson: string): ProjectData {
  let raw: unknown;
  try {
    raw = JSON.parse(dataJson);
  } catch {
    throw new Error('the saved data is not valid JSON');
  }
  const upgraded = upgradeProjectData(raw);
  if (!upgraded.ok) throw new Error('the saved data could not be read');
  return normalise(upgraded.data);
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError || error instanceof Error) return error.message;
  return String(error);
}
