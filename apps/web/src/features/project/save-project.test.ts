import {
  createFrame,
  emptyProjectData,
  hashDocument,
  type ProjectData,
  type ProjectPatchInput,
  type ProjectSaveInput,
} from '@reelwright/core';
import { applyPatch, createPatch } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import type { ProjectSaveApi } from './project-api';
import { normalise, saveProjectDocument } from './save-project';

/** A loopback stand-in for the server: stores documents, applies patches, checks hashes. */
class FakeServer implements ProjectSaveApi {
  docs = new Map<number, unknown>();
  calls: string[] = [];
  nextId = 1;

  async save(input: ProjectSaveInput) {
    this.calls.push('save');
    const id = input.id ?? this.nextId++;
    const doc = JSON.parse(input.data_json);
    this.docs.set(id, doc);
    return { id, name: input.name ?? '', hash: await hashDocument(doc) };
  }

  async patch(input: ProjectPatchInput) {
    this.calls.push('patch');
    const doc = structuredClone(this.docs.get(input.id));
    const errors = applyPatch(doc, JSON.parse(input.diff));
    if (errors.some((e) => e !== null)) throw new Error('patch_failed');
    const hash = await hashDocument(doc);
    if (hash !== input.hash) throw new Error('hash_mismatch');
    this.docs.set(input.id, doc);
    return { id: input.id, name: 'n', hash };
  }
}

const withFrames = (count: number): ProjectData => {
  const data = emptyProjectData();
  data.video.frames = Array.from({ length: count }, (_, i) => createFrame(`frame-${i + 1}`));
  return data;
};

/** What the editor records when a second frame is added to a one-frame project. */
const oneMoreFrame = createPatch(normalise(withFrames(1)), normalise(withFrames(2)));

describe('saveProjectDocument', () => {
  it('makes a new project with a full save', async () => {
    const server = new FakeServer();
    const outcome = await saveProjectDocument(
      { id: null, name: 'Cats', category: 'project', data: withFrames(1), base: null, patchMode: true, changes: null },
      server,
    );
    expect(outcome.mode).toBe('full');
    expect(outcome.response.id).toBe(1);
    expect(outcome.base?.hash).toBe(outcome.response.hash);
  });

  it('sends a diff once the server holds a known base, and the server ends with the same document', async () => {
    const server = new FakeServer();
    const first = await saveProjectDocument(
      { id: null, name: 'Cats', category: 'project', data: withFrames(1), base: null, patchMode: true, changes: null },
      server,
    );
    const second = await saveProjectDocument(
      {
        id: 1,
        name: 'Cats',
        category: 'project',
        data: withFrames(2),
        base: first.base,
        patchMode: true,
        changes: oneMoreFrame,
      },
      server,
    );
    expect(second.mode).toBe('patch');
    expect(server.calls).toEqual(['save', 'patch']);
    expect(server.docs.get(1)).toEqual(normalise(withFrames(2)));
  });

  it('falls back to a full save when the server copy differs from the base (409)', async () => {
    const server = new FakeServer();
    const first = await saveProjectDocument(
      { id: null, name: 'Cats', category: 'project', data: withFrames(1), base: null, patchMode: true, changes: null },
      server,
    );
    server.docs.set(1, normalise(withFrames(5))); // edited elsewhere
    const second = await saveProjectDocument(
      {
        id: 1,
        name: 'Cats',
        category: 'project',
        data: withFrames(2),
        base: first.base,
        patchMode: true,
        changes: oneMoreFrame,
      },
      server,
    );
    expect(second.mode).toBe('full');
    expect(server.calls).toEqual(['save', 'patch', 'save']);
    expect(server.docs.get(1)).toEqual(normalise(withFrames(2)));
  });

  it('sends nothing when the document equals the saved base', async () => {
    const server = new FakeServer();
    const first = await saveProjectDocument(
      { id: null, name: 'Cats', category: 'project', data: withFrames(1), base: null, patchMode: true, changes: null },
      server,
    );
    const again = await saveProjectDocument(
      { id: 1, name: 'Cats', category: 'project', data: withFrames(1), base: first.base, patchMode: true, changes: [] },
      server,
    );
    expect(again.mode).toBe('unchanged');
    expect(server.calls).toEqual(['save']);
  });

  it('makes a full save when the changes since the base are not known', async () => {
    const server = new FakeServer();
    const first = await saveProjectDocument(
      { id: null, name: 'Cats', category: 'project', data: withFrames(1), base: null, patchMode: true, changes: null },
      server,
    );
    const second = await saveProjectDocument(
      {
        id: 1,
        name: 'Cats',
        category: 'project',
        data: withFrames(2),
        base: first.base,
        patchMode: true,
        changes: null,
      },
      server,
    );
    expect(second.mode).toBe('full');
    expect(server.calls).toEqual(['save', 'save']);
  });

  it('uses full saves when patch mode is off', async () => {
    const server = new FakeServer();
    const first = await saveProjectDocument(
      { id: null, name: 'Cats', category: 'project', data: withFrames(1), base: null, patchMode: false, changes: null },
      server,
    );
    await saveProjectDocument(
      {
        id: 1,
        name: 'Cats',
        category: 'project',
        data: withFrames(2),
        base: first.base,
        patchMode: false,
        changes: oneMoreFrame,
      },
      server,
    );
    expect(server.calls).toEqual(['save', 'save']);
  });

  it('forgets the base when the server stored something other than what was sent', async () => {
    const server = new FakeServer();
    server.save = async (input) => ({ id: 9, name: input.name ?? '', hash: 'f'.repeat(64) });
    const outcome = await saveProjectDocument(
      { id: null, name: 'Cats', category: 'project', data: withFrames(1), base: null, patchMode: true, changes: null },
      server,
    );
    expect(outcome.base).toBeNull();
  });
});
