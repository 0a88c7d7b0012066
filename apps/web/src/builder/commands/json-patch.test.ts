import { createFrame, emptyProjectData, type ProjectData } from '@reelwright/core';
import { produceWithPatches } from 'immer';
import { applyPatch } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import { compactOps, toJsonPatch } from './json-patch';
import './project-document'; // enables immer's patches

function edit(data: ProjectData, recipe: (draft: ProjectData) => void) {
  const [next, patches] = produceWithPatches(data, recipe);
  return { next, ops: toJsonPatch(patches) };
}

function project(): ProjectData {
  const data = emptyProjectData();
  data.video.frames = [createFrame('frame-1'), createFrame('frame-2')];
  return data;
}

describe('the editor’s patches as RFC 6902', () => {
  it('turn the saved document into the edited one', () => {
    const base = project();
    const { next, ops } = edit(base, (draft) => {
      draft.video.frames.unshift(createFrame('frame-0'));
      draft.video.frames.pop();
      draft.wizard.keyword = 'a/b~c';
      draft.video.audio.url = undefined;
    });
    const server = structuredClone(base);
    expect(applyPatch(server, ops).every((error) => error === null)).toBe(true);
    expect(server).toEqual(JSON.parse(JSON.stringify(next)));
  });

  it('escape ~ and / in keys, and send a value set to undefined as a removal', () => {
    const base = project();
    base.video.audio.url = '/music.mp3';
    const { ops } = edit(base, (draft) => {
      (draft.wizard as Record<string, unknown>)['a/b~c'] = 1;
      draft.video.audio.url = undefined;
    });
    expect(ops).toContainEqual({ op: 'add', path: '/wizard/a~1b~0c', value: 1 });
    expect(ops).toContainEqual({ op: 'remove', path: '/video/audio/url' });
  });

  it('compacts a drag to its last position, but not across an insertion', () => {
    const ops = compactOps([
      { op: 'replace', path: '/video/frames/0/duration', value: 1 },
      { op: 'replace', path: '/video/frames/0/duration', value: 2 },
      { op: 'replace', path: '/video/frames/1', value: { id: 'x' } },
      { op: 'add', path: '/video/frames/0', value: { id: 'y' } },
      { op: 'replace', path: '/video/frames/1/duration', value: 3 },
      { op: 'replace', path: '/video/frames/1/duration', value: 4 },
      { op: 'replace', path: '/video/frames/1', value: { id: 'z' } },
    ]);
    expect(ops).toEqual([
      { op: 'replace', path: '/video/frames/0/duration', value: 2 },
      { op: 'replace', path: '/video/frames/1', value: { id: 'x' } },
      { op: 'add', path: '/video/frames/0', value: { id: 'y' } },
      { op: 'replace', path: '/video/frames/1', value: { id: 'z' } },
    ]);
  });

  it('compacted, still turn the base into the result', () => {
    const base = project();
    let data = base;
    const all = [];
    for (let step = 1; step <= 30; step++) {
      const { next, ops } = edit(data, (draft) => {
        draft.video.frames[1]!.duration = step;
        if (step === 10) draft.video.frames.unshift(createFrame(`frame-new`));
      });
      data = next;
      all.push(...ops);
    }
    const compact = compactOps(all);
    expect(compact.length).toBeLessThan(all.length / 5);
    const server = structuredClone(base);
    applyPatch(server, compact);
    expect(server).toEqual(JSON.parse(JSON.stringify(data)));
  });
});
