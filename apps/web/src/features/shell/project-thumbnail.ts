import type { ProjectListItem } from '@reelwright/core';

/**
 * How long after a save a project without a poster is shown as being drawn: the server draws it
 * seconds after the save (D69); older projects without one (empty, or saved before posters
 * existed) get theirs at their next save or render.
 */
export const POSTER_PENDING_MS = 2 * 60_000;

/** What a row shows in its picture box: the poster, a poster being drawn, or none yet. */
export type PosterState = { kind: 'image'; src: string } | { kind: 'drawing' } | { kind: 'none' };

type PosterFields = Pick<ProjectListItem, 'thumbnailUrl' | 'thumbnail' | 'updated_at'>;

/** The poster drawn by the server first, else a thumbnail the client stored (spec 000 §7). */
export function posterOf(project: PosterFields, now = Date.now()): PosterState {
  const src = project.thumbnailUrl || project.thumbnail;
  if (src) return { kind: 'image', src };
  const age = now - new Date(project.updated_at).getTime();
  return age < POSTER_PENDING_MS ? { kind: 'drawing' } : { kind: 'none' };
}

/** Whether the list should ask again soon: a poster is being drawn for one of its rows. */
export function awaitsPoster(projects: readonly PosterFields[], now = Date.now()): boolean {
  return projects.some((project) => posterOf(project, now).kind === 'drawing');
}
