import { emptyProjectData, type ProjectData } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { type DocumentChange, ProjectDocument } from './project-document';

function setup() {
  let time = 0;
  const clock = { now: () => time, setTimeout: () => 0, clearTimeout: () => {}, sleep: async () => {} };
  const document = new ProjectDocument(emptyProjectData(), clock);
  const changes: DocumentChange['cause'][] = [];
  document.subscribe((change) => changes.push(change.cause));
  const wait = (ms: number) => {
    time += ms;
  };
  const setKeyword = (keyword: string, mergeKey?: string) =>
    document.apply(
      'setKeyword',
      (draft) => {
        draft.wizard.keyword = keyword;
      },
      { mergeKey },
    );
  return { document, changes, wait, setKeyword };
}

describe('ProjectDocument', () => {
  it('records each command as forward and inverse patches, undone and redone exactly', () => {
    const { document, setKeyword } = setup();
    const before = document.data;
    setKeyword('cats');
    setKeyword('dogs');
    expect(document.undoNames).toEqual(['setKeyword', 'setKeyword']);
    document.undo();
    expect(document.data.wizard.keyword).toBe('cats');
    document.undo();
    expect(document.data).toEqual(before);
    document.redo();
    document.redo();
    expect(document.data.wizard.keyword).toBe('dogs');
  });

  it('leaves the previous document untouched (structural sharing, no copies to clone)', () => {
    const { document, setKeyword } = setup();
    const before = document.data;
    setKeyword('cats');
    expect(before.wizard.keyword).not.toBe('cats');
    expect(document.data.video).toBe(before.video);
  });

  it('a recipe that changes nothing makes no step and no change', () => {
    const { document, changes } = setup();
    expect(document.apply('nothing', () => {})).toBe(false);
    expect(document.canUndo).toBe(false);
    expect(changes).toEqual([]);
  });

  it('merges a burst with the same key within 1000 ms into one step', () => {
    const { document, wait, setKeyword } = setup();
    for (const keyword of ['c', 'ca', 'cat']) {
      setKeyword(keyword, 'typing');
      wait(400);
    }
    wait(1200);
    setKeyword('cats', 'typing');
    expect(document.undoNames).toHaveLength(2);
    document.undo();
    expect(document.data.wizard.keyword).toBe('cat');
    document.undo();
    expect(document.data.wizard.keyword).toBe('');
  });

  it("'ignore' changes the document without an undo step", () => {
    const { document } = setup();
    document.apply(
      'settle',
      (draft) => {
        draft.wizard.keyword = 'default';
      },
      { history: 'ignore' },
    );
    expect(document.data.wizard.keyword).toBe('default');
    expect(document.canUndo).toBe(false);
  });

  it('a recipe may return a whole new document', () => {
    const { document } = setup();
    const replacement: ProjectData = {
      ...emptyProjectData(),
      wizard: { ...emptyProjectData().wizard, keyword: 'new' },
    };
    document.apply('replace', () => replacement);
    expect(document.data.wizard.keyword).toBe('new');
    document.undo();
    expect(document.data.wizard.keyword).toBe('');
  });

  it('a gesture is one step when committed and nothing when cancelled', () => {
    const { document, changes, setKeyword } = setup();
    document.beginGesture('typeKeyword');
    setKeyword('a');
    setKeyword('ab');
    document.commitGesture();
    expect(document.undoNames).toEqual(['typeKeyword']);
    document.beginGesture('typeKeyword');
    setKeyword('abc');
    document.cancelGesture();
    expect(document.data.wizard.keyword).toBe('ab');
    expect(document.undoNames).toEqual(['typeKeyword']);
    expect(changes).toEqual(['gesture', 'gesture', 'gesture', 'cancel']);
    document.undo();
    expect(document.data.wizard.keyword).toBe('');
  });

  it('reset opens another project with no history', () => {
    const { document, setKeyword } = setup();
    setKeyword('cats');
    document.reset(emptyProjectData());
    expect(document.canUndo).toBe(false);
    expect(document.data.wizard.keyword).toBe('');
  });
});
