import { createFrame, emptyProjectData, hashDocument, type ProjectLoadResponse } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { loadProject } from './project-loader';
import { normalise } from './save-project';

async function response(overrides: Partial<ProjectLoadResponse> = {}): Promise<ProjectLoadResponse> {
  const data = normalise(emptyProjectData());
  data.video.frames = [createFrame('frame-1')];
  return {
    id: 4,
    name: 'Cats',
    title: '',
    category: 'project',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    thumbnail: null,
    tutorial: false,
    data_json: JSON.stringify(data),
    hash: await hashDocument(data),
    ...overrides,
  };
}

const notFound = () => Promise.reject(new ApiRequestError(404, 'not_found', 'Project not found'));

describe('loadProject', () => {
  it('starts an empty project without asking the server', async () => {
    const result = await loadProject({ kind: 'empty' }, () => Promise.reject(new Error('not called')));
    expect(result.error).toBeNull();
    expect(result.project.id).toBeNull();
    expect(result.project.data.video.frames).toEqual([]);
  });

  it('loads a project by id and keeps the server hash as the patch base', async () => {
    const answer = await response();
    const result = await loadProject({ kind: 'id', id: 4 }, async () => answer);
    expect(result.project.id).toBe(4);
    expect(result.project.data.video.frames).toHaveLength(1);
    expect(result.project.base?.hash).toBe(answer.hash);
  });

  it('drops the base when the hash does not match the document', async () => {
    const answer = await response({ hash: '0'.repeat(64) });
    const result = await loadProject({ kind: 'id', id: 4 }, async () => answer);
    expect(result.project.base).toBeNull();
  });

  it('falls back silently to an empty reserved project', async () => {
    const result = await loadProject({ kind: 'reserved' }, notFound);
    expect(result.error).toBeNull();
    expect(result.project.category).toBe('reserved');
  });

  it('reports why a named project failed to load', async () => {
    const result = await loadProject({ kind: 'id', id: 9 }, notFound);
    expect(result.error).toBe('Project not found');
    expect(result.project.id).toBeNull();
  });

  it('reports unreadable saved data', async () => {
    const answer = await response({ data_json: '{"schemaVersion": 99}' });
    const result = await loadProject({ kind: 'id', id: 4 }, async () => answer);
    expect(result.error).toBe('the saved data could not be read');
  });
});
