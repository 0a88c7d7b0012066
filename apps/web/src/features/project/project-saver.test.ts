import { createFrame, emptyProjectData, hashDocument, type ProjectSaveInput } from '@reelwright/core';
import { applyPatch, type Operation } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import { ProjectDocument } from '../../builder/commands/project-document';
import { ApiRequestError } from '../../lib/api';
import { FakeClock } from './fake-clock';
import type { ProjectSaveApi } from './project-api';
import { ProjectSaver, type SaverView } from './project-saver';
import { normalise } from './save-project';

function setup(save: ProjectSaveApi['save']) {
  const clock = new FakeClock();
  const data = emptyProjectData();
  data.video.frames = [createFrame('frame-1')];
  let view: SaverView = {
    id: null,
    name: '',
    category: 'project',
    data,
    autoPrompt: true,
    namePromptOpen: false,
    saveState: 'idle',
  };
  const store = {
    read: () => view,
    write: (patch: Partial<SaverView>) => {
      view = { ...view, ...patch };
    },
  };
  const api: ProjectSaveApi = { save, patch: () => Promise.reject(new Error('unused')) };
  return { clock, saver: new ProjectSaver(store, api, clock), view: () => view, store };
}

describe('ProjectSaver', () => {
  it('asks for a name instead of saving a nameless project', async () => {
    const sent: ProjectSaveInput[] = [];
    const { saver, view } = setup(async (input) => {
      sent.push(input);
      return { id: 1, name: 'x', hash: 'h' };
    });
    await saver.save();
    expect(view().namePromptOpen).toBe(true);
    expect(sent).toEqual([]);
  });

  it('saves once named and takes the id and name the server gives', async () => {
    const { saver, view, store } = setup(async (input) => ({ id: 12, name: `${input.name} (2)`, hash: 'h' }));
    store.write({ name: 'Cats' });
    await saver.save();
    expect(view()).toMatchObject({ id: 12, name: 'Cats (2)', saveState: 'saved' });
  });

  it('does not prompt when auto-prompt is off (the reserved project)', async () => {
    const { saver, view, store } = setup(async () => ({ id: 3, name: '', hash: 'h' }));
    store.write({ autoPrompt: false, category: 'reserved' });
    await saver.save();
    expect(view()).toMatchObject({ id: 3, saveState: 'saved', namePromptOpen: false });
  });

  it('retries a failed save after 5 s, then 10 s', async () => {
    let attempts = 0;
    const { saver, view, store, clock } = setup(async () => {
      attempts++;
      if (attempts < 3) throw new ApiRequestError(0, 'network', 'offline');
      return { id: 1, name: 'Cats', hash: 'h' };
    });
    store.write({ name: 'Cats' });
    await saver.save();
    expect(view().saveState).toBe('retrying');
    await clock.advance(5000);
    expect(attempts).toBe(2);
    await clock.advance(9999);
    expect(attempts).toBe(2);
    await clock.advance(1);
    expect(attempts).toBe(3);
    expect(view().saveState).toBe('saved');
  });

  it('stops when the session is gone (401)', async () => {
    let attempts = 0;
    const { saver, view, store, clock } = setup(async () => {
      attempts++;
      throw new ApiRequestError(401, 'unauthorized', 'Please log in.');
    });
    store.write({ name: 'Cats' });
    await saver.save();
    await clock.advance(120_000);
    expect(attempts).toBe(1);
    expect(view().saveState).toBe('failed');
  });
});

describe('ProjectSaver patches', () => {
  it('sends the editor’s own changes since the last save, compacted, and keeps later ones for the next', async () => {
    const clock = new FakeClock();
    const document = new ProjectDocument(emptyProjectData());
    let view: SaverView = {
      id: null,
      name: 'Cats',
      category: 'project',
      data: document.data,
      autoPrompt: true,
      namePromptOpen: false,
      saveState: 'idle',
    };
    const diffs: Operation[][] = [];
    let serverDoc: unknown = null;
    const api: ProjectSaveApi = {
      save: async (input) => {
        serverDoc = JSON.parse(input.data_json);
        return { id: 1, name: 'Cats', hash: await hashDocument(serverDoc) };
      },
      patch: async (input) => {
        const ops = JSON.parse(input.diff) as Operation[];
        diffs.push(ops);
        applyPatch(serverDoc, ops);
        return { id: 1, name: 'Cats', hash: await hashDocument(serverDoc) };
      },
    };
    const saver = new ProjectSaver({ read: () => view, write: (patch) => (view = { ...view, ...patch }) }, api, clock);
    document.subscribe((change) => {
      saver.record(change.patches);
      view = { ...view, data: change.data };
    });

    await saver.save(); // the first save is whole: it makes the project
    document.beginGesture('drag');
    for (let step = 1; step <= 20; step++) {
      document.apply('setDuration', (draft) => {
        draft.video.frames = [createFrame('frame-1', { duration: step })];
      });
    }
    document.commitGesture();
    await saver.save();
    expect(diffs).toHaveLength(1);
    expect(diffs[0]!.length).toBeLessThanOrEqual(2);
    expect(serverDoc).toEqual(normalise(document.data));

    document.undo();
    await saver.save();
    expect(diffs).toHaveLength(2);
    expect(serverDoc).toEqual(normalise(document.data));
  });
});
