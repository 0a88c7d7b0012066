import type { ProjectPatchInput, ProjectSaveInput, ProjectSaveResponse } from '@reelwright/core';
import { call } from '../../lib/api';

/** Which project to load at start (spec 000 §4). */
export type LoadTarget = { kind: 'reserved' } | { kind: 'id'; id: number } | { kind: 'empty' };

/** The calls that store a project; an interface so the save logic can be tested with a fake. */
export type ProjectSaveApi = {
  save(input: ProjectSaveInput): Promise<ProjectSaveResponse>;
  patch(input: ProjectPatchInput): Promise<ProjectSaveResponse>;
};

/** The project calls of spec 000 §7. */
export const projectApi = {
  load(target: Exclude<LoadTarget, { kind: 'empty' }>) {
    return call('projectLoad', target.kind === 'reserved' ? { reserved: '1' } : { id: target.id });
  },
  save: (input: ProjectSaveInput) => call('projectSave', input),
  patch: (input: ProjectPatchInput) => call('projectPatch', input),
  list: () => call('projectList'),
  rename: (input: { id: number; title: string }) => call('projectRename', input),
  remove: (input: { id: number }) => call('projectRemove', input),
} satisfies ProjectSaveApi & Record<string, unknown>;
