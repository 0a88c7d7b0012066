import type { ProjectListItem, ProjectLoadResponse, ProjectSaveResponse, ProjectSummary } from '@reelwright/core';
import type { projects } from './tables';

export type ProjectRow = typeof projects.$inferSelect;
/** A row without its document, as the list reads it. */
export type ProjectSummaryRow = Omit<ProjectRow, 'data'>;
/** A list row: the summary and the storage key of the project's poster, if drawn. */
export type ProjectListRow = ProjectSummaryRow & { thumbnailKey: string | null };

/** A project as the list shows it (spec 000 §7: id, title, name, created_at, thumbnail). */
export function presentProjectSummary(row: ProjectSummaryRow): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    category: row.category,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    thumbnail: row.thumbnail,
  };
}

/** A row of the list: the summary and, once drawn, the address of the poster frame (D69). */
export function presentProjectListItem(row: ProjectListRow): ProjectListItem {
  return {
    ...presentProjectSummary(row),
    ...(row.thumbnailKey !== null && { thumbnailUrl: `/media/${row.thumbnailKey}` }),
  };
}

/** A loaded project: the document as the JSON string the client reads, and its hash. */
export function presentProjectLoad(row: ProjectRow): ProjectLoadResponse {
  return {
    ...presentProjectSummary(row),
    tutorial: row.tutorial,
    data_json: JSON.stringify(row.data),
    hash: row.dataHash,
  };
}

/** The answer of save and patch: the hash is the base for the client's next patch. */
export function presentProjectSaved(row: Pick<ProjectRow, 'id' | 'name' | 'dataHash'>): ProjectSaveResponse {
  return { id: row.id, name: row.name, hash: row.dataHash };
}
