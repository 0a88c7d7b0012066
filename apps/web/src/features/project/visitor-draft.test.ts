import {
  CURRENT_SCHEMA_VERSION,
  createFrame,
  createTextItem,
  emptyProjectData,
  type ProjectData,
} from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock';
import { indexedDbStorage } from './indexed-db-storage';
import {
  DRAFT_KEY,
  type DraftContent,
  DraftKeeper,
  type DraftState,
  type DraftStorage,
  parseDraft,
  readDraft,
  serialiseDraft,
} from './visitor-draft';

/** Storage as a Map, counting writes; `failing` makes every call reject, as blocked storage does. */
function mapStorage() {
  const map = new Map<string, string>();
  const log: string[] = [];
  let failing = false;
  const storage: DraftStorage = {
    get: async (key) => {
      if (failing) throw new Error('blocked');
      return map.get(key);
    },
    set: async (key, value) => {
      if (failing) throw new Error('blocked');
      log.push('set');
      map.set(key, value);
    },
    delete: async (key) => {
      if (failing) throw new Error('blocked');
      log.push('delete');
      map.delete(key);
    },
  };
  return { storage, map, log, fail: () => (failing = true) };
}

function documentWith(words: string): ProjectData {
  const data = emptyProjectData();
  data.wizard.keyword = 'lighthouses';
  data.video.frames = [createFrame('frame-1', { items: [createTextItem('text-1', words)] })];
  return data;
}

function setup() {
  const clock = new FakeClock();
  const store = mapStorage();
  const states: DraftState[] = [];
  const keeper = new DraftKeeper(store.storage, (state) => states.push(state), clock, 1000);
  return { clock, keeper, states, ...store };
}

/** The words of the first slide's text item. */
function wordsOf(draft: DraftContent | null): string | undefined {
  const item = draft?.data.video.frames[0]?.items[0];
  return item?.type === 'text' ? item.paragraphs[0]?.runs[0]?.text : undefined;
}

describe('a visitor draft', () => {
  it('comes back as it was kept: name, wizard state and video', async () => {
    const { clock, keeper, storage } = setup();
    const data = documentWith('Lighthouses guide ships home');
    keeper.changed(() => ({ name: 'Lights', data }));
    await clock.advance(1000);
    const draft = await readDraft(storage);
    expect(draft?.name).toBe('Lights');
    expect(draft?.data.wizard.keyword).toBe('lighthouses');
    expect(draft?.data).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it('is written once, a second after the last of a quick run of changes, with the newest document', async () => {
    const { clock, keeper, storage, log, states } = setup();
    let words = 'one';
    const read = () => ({ name: '', data: documentWith(words) });
    keeper.changed(read);
    await clock.advance(600);
    words = 'two';
    keeper.changed(read);
    await clock.advance(600);
    words = 'three';
    keeper.changed(read);
    await clock.advance(999);
    expect(log).toEqual([]);
    expect(keeper.hasPending).toBe(true);
    await clock.advance(1);
    expect(log).toEqual(['set']);
    expect(states).toEqual(['saving', 'saved']);
    expect(wordsOf(await readDraft(storage))).toBe('three');
  });

  it('writes a waiting change at once when flushed (the page is being left)', async () => {
    const { keeper, storage, log } = setup();
    keeper.changed(() => ({ name: '', data: documentWith('flushed') }));
    await keeper.flush();
    expect(log).toEqual(['set']);
    expect(keeper.hasPending).toBe(false);
    expect(wordsOf(await readDraft(storage))).toBe('flushed');
    await keeper.flush(); // nothing waits: nothing is written again
    expect(log).toEqual(['set']);
  });

  it('keeps nothing when the project is no visitor draft by the time the write runs', async () => {
    const { clock, keeper, log, states } = setup();
    keeper.changed(() => null);
    await clock.advance(1000);
    expect(log).toEqual([]);
    expect(states).toEqual([]);
  });

  it('is deleted after a write under way, and a waiting change is dropped', async () => {
    const { clock, keeper, map, log, states } = setup();
    keeper.changed(() => ({ name: '', data: documentWith('kept') }));
    await keeper.flush();
    keeper.changed(() => ({ name: '', data: documentWith('never kept') }));
    await keeper.clear();
    await clock.advance(5000);
    expect(log).toEqual(['set', 'delete']);
    expect(map.has(DRAFT_KEY)).toBe(false);
    expect(states.at(-1)).toBe('idle');
  });

  it("says 'failed' when the browser refuses to keep it, and restores nothing", async () => {
    const { clock, keeper, storage, states, fail } = setup();
    fail();
    keeper.changed(() => ({ name: '', data: documentWith('lost') }));
    await clock.advance(1000);
    expect(states).toEqual(['saving', 'failed']);
    expect(await readDraft(storage)).toBeNull();
  });

  it('drops a broken draft, and deletes it so it is not tried again', async () => {
    const broken = [
      'not json {',
      'null',
      JSON.stringify({ format: 1, name: 'x', data: { schemaVersion: CURRENT_SCHEMA_VERSION, video: { frames: 7 } } }),
      JSON.stringify({ format: 1, name: 'x', data: 'a string' }),
      JSON.stringify({ format: 99, name: 'x', data: emptyProjectData() }),
      JSON.stringify({ format: 1, data: emptyProjectData() }),
    ];
    for (const text of broken) {
      const { storage, map } = setup();
      map.set(DRAFT_KEY, text);
      expect(await readDraft(storage), text).toBeNull();
      expect(map.has(DRAFT_KEY), text).toBe(false);
    }
  });

  it('drops a document from a newer version of the app', async () => {
    const { storage, map } = setup();
    const newer = { ...documentWith('from the future'), schemaVersion: CURRENT_SCHEMA_VERSION + 1 };
    map.set(DRAFT_KEY, serialiseDraft({ name: '', data: newer as unknown as ProjectData }, 0));
    expect(await readDraft(storage)).toBeNull();
    expect(map.has(DRAFT_KEY)).toBe(false);
  });

  it('upgrades a document kept by an older version through the model', () => {
    const old = { wizard: { keyword: 'bees' } }; // version 0: no schemaVersion, no video
    const draft = parseDraft(JSON.stringify({ format: 1, savedAt: 0, name: '', data: old }));
    expect(draft?.data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(draft?.data.wizard.keyword).toBe('bees');
    expect(draft?.data.video.frames).toEqual([]);
  });

  it('restores nothing when no draft was kept', async () => {
    const { storage } = setup();
    expect(await readDraft(storage)).toBeNull();
  });
});

describe('the IndexedDB storage', () => {
  it('rejects every call where the browser has no IndexedDB, so nothing is claimed kept', async () => {
    const storage = indexedDbStorage(undefined);
    await expect(storage.set(DRAFT_KEY, 'x')).rejects.toThrow(/IndexedDB/);
    await expect(storage.get(DRAFT_KEY)).rejects.toThrow(/IndexedDB/);
    await expect(storage.delete(DRAFT_KEY)).rejects.toThrow(/IndexedDB/);
  });
});
