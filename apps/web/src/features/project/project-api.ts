import type {
  ProjectLoadResponse,
  ProjectPatchInput,
  ProjectRemoveResponse,
  ProjectRenameResponse,
  ProjectSaveInput,
  ProjectSaveResponse,
  ProjectSummary,
} from '@reelwright/core';
import { api } from '../../lib/api';

/** Which project to load at start (spec 000 §4). */
export type LoadTarget = { kind: 'reserved' } | { kind: 'id'; id: number } | { kind: 'empty' };

/** The calls that store a project; an interface so the save logic can be tested with a fake. */
export type ProjectSaveApi = {
  save(input: ProjectSaveInput): Promise<ProjectSaveResponse>;
  patch(input: ProjectPatchInput): Promise<ProjectSaveResponse>;
};

const base = '/api/members/projects';

/** The project calls of spec 000 §7. */
export const projectApi = {
  load(target: Exclude<LoadTarget, { kind: 'empty' }>) {
    return api.get<ProjectLoadResponse>(
      `${base}/load`,
      target.kind === 'reserved' ? { reserved: 1 } : { id: target.id },
    );
  },
  save: (input: ProjectSaveInput) => api.post<ProjectSaveResponse>(`${base}/save`, input),
  patch: (input: ProjectPatchInput) => api.post<ProjectSaveResponse>(`${base}/patch`, input),
  list: () => api.get<ProjectSummary[]>(`${base}/all`),
  rename: (input: { id: number; title: string }) => api.post<ProjectRenameResponse>(`${base}/rename`, input),
  remove: (input: { id: number }) => api.post<ProjectRemoveResponse>(`${base}/remove`, input),
} satisfies ProjectSaveApi & Record<string, unknown>;
