import { canonicalJson, hashDocument, type ProjectData, sha256Hex, upgradeProjectData } from '@reelwright/core';
import { createPatch, type Operation } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import wizardProject from '../../../../packages/core/src/project/fixtures/v2-wizard-project.json';
import { applyProjectPatch, documentHash, documentText, framesChanged, patchProjectDocument } from './document';

/** The wizard's three-slide project (text, picture, sound), as this server stores it now. */
function storedDocument(): ProjectData {
  const upgraded = upgradeProjectData(structuredClone(wizardProject));
  if (!upgraded.ok) throw new Error('the fixture does not upgrade');
  return upgraded.data;
}

/** The operations the editor sends for a change made to a copy of `base`. */
function diffOf(base: ProjectData, change: (draft: ProjectData) => void): Operation[] {
  const next = structuredClone(base);
  change(next);
  return createPatch(base, next);
}

/** What a call throws, as the client would see it: status and message. */
function refusal(run: () => unknown): { statusCode: number; message: string } {
  try {
    run();
  } catch (error) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return { statusCode, message };
  }
  throw new Error('expected a refusal');
}

const textRun = (d: ProjectData, frame: number) => {
  const item = d.video.frames[frame]?.items[0];
  if (item?.type !== 'text') throw new Error('the fixture changed');
  return item.paragraphs[0]?.runs[0] as { text: string };
};

describe('applyProjectPatch', () => {
  it('changes a copy that shares every part the patch leaves alone, never the document', () => {
    const stored = storedDocument();
    const before = structuredClone(stored);
    const operations: Operation[] = [
      ...diffOf(stored, (d) => {
        textRun(d, 1).text = 'Bees sing ';
        d.video.frames[2]?.items.pop();
      }),
      { op: 'move', from: '/video/frames/1/items/0', path: '/video/frames/2/items/0' },
      { op: 'copy', from: '/video/frames/2/items/0', path: '/video/frames/2/items/-' },
      { op: 'test', path: '/video/frames/0/id', value: stored.video.frames[0]?.id },
    ];
    const patched = applyProjectPatch(stored, operations) as ProjectData;
    expect(stored).toEqual(before);
    expect(patched.video.frames[0]).toBe(stored.video.frames[0]);
    expect(patched.wizard).toBe(stored.wizard);
    expect(patched.video.frames[1]).not.toBe(stored.video.frames[1]);
    expect(patched.video.frames[2]?.items[0]).toEqual({
      ...before.video.frames[1]?.items[0],
      paragraphs: expect.any(Array),
    });
    expect(textRun(patched, 2).text).toBe('Bees sing ');
    expect(patched.video.frames[1]?.items).toHaveLength((before.video.frames[1]?.items.length ?? 0) - 1);
  });

  it('names the first operation that does not apply, with a 409, and leaves the document as it was', () => {
    const stored = storedDocument();
    const before = structuredClone(stored);
    const operations: Operation[] = [
      { op: 'replace', path: '/video/frames/0/duration', value: 9 },
      { op: 'test', path: '/video/frames/0/id', value: 'another' },
    ];
    expect(refusal(() => applyProjectPatch(stored, operations))).toEqual({
      statusCode: 409,
      message: expect.stringMatching(/^Patch operation 1 \(test \/video\/frames\/0\/id\) does not apply/),
    });
    expect(stored).toEqual(before);
  });
});

describe('framesChanged', () => {
  const cases: [string, Operation[], number[] | null][] = [
    ['a line typed', [{ op: 'replace', path: '/video/frames/1/items/0/paragraphs/0/runs/0/text', value: 'x' }], [1]],
    [
      'an item moved to another slide',
      [{ op: 'move', from: '/video/frames/0/items/0', path: '/video/frames/2/items/-' }],
      [0, 2],
    ],
    ['a whole frame replaced', [{ op: 'replace', path: '/video/frames/2', value: {} }], [2]],
    ['only tests', [{ op: 'test', path: '/video/size/width', value: 1 }], []],
    ['a frame added', [{ op: 'add', path: '/video/frames/1', value: {} }], null],
    ['a frame removed', [{ op: 'remove', path: '/video/frames/1' }], null],
    ['a frame past the end', [{ op: 'add', path: '/video/frames/3/items/-', value: {} }], null],
    ['an index that is not one', [{ op: 'replace', path: '/video/frames/01/duration', value: 2 }], null],
    ['the movie size', [{ op: 'replace', path: '/video/size/width', value: 720 }], null],
    ['the wizard', [{ op: 'replace', path: '/wizard/keyword', value: 'x' }], null],
  ];
  it.each(cases)('%s', (_name, operations, expected) => {
    const changed = framesChanged(operations, 3);
    expect(changed && [...changed].sort()).toEqual(expected);
  });
});

describe('patchProjectDocument: a kept document validated by its changed frames only', () => {
  const edits: [string, (d: ProjectData) => void][] = [
    [
      'a line typed',
      (d) => {
        textRun(d, 1).text = 'Bees hum ';
      },
    ],
    [
      'an item moved on the stage',
      (d) => void Object.assign(d.video.frames[1]?.items[2]?.box ?? {}, { left: 0.2, top: 0.3 }),
    ],
    ['an item removed', (d) => void d.video.frames[2]?.items.splice(1, 1)],
    ['a slide made longer', (d) => void Object.assign(d.video.frames[0] ?? {}, { duration: 8 })],
    [
      'an item moved to another slide',
      (d) => void d.video.frames[0]?.items.push(...(d.video.frames[2]?.items.splice(0, 1) ?? [])),
    ],
    [
      'the keyword (not a frame)',
      (d) => {
        d.wizard.keyword = 'wasps';
      },
    ],
    ['a slide added (the list changes)', (d) => void d.video.frames.push(structuredClone(d.video.frames[0]!))],
  ];
  it.each(edits)('gives what validating the whole document gives: %s', (_name, change) => {
    const stored = storedDocument();
    const operations = diffOf(stored, change);
    const kept = patchProjectDocument({ data: stored, valid: true }, operations);
    const read = patchProjectDocument({ data: structuredClone(stored), valid: false }, operations);
    expect(kept.data).toEqual(read.data);
    expect(kept.text).toBe(read.text);
    expect(kept.text).toBe(canonicalJson(read.data));
  });

  const refused: [string, Operation[]][] = [
    ['a negative duration', [{ op: 'replace', path: '/video/frames/1/duration', value: -1 }]],
    ['an unknown item type', [{ op: 'replace', path: '/video/frames/2/items/0/type', value: 'hologram' }]],
    [
      'a NUL character',
      [{ op: 'replace', path: '/video/frames/1/items/0/paragraphs/0/runs/0/text', value: 'a\u0000b' }],
    ],
    ['a frame replaced by nothing useful', [{ op: 'replace', path: '/video/frames/0', value: { items: 3 } }]],
  ];
  it.each(refused)('refuses as validating the whole document does: %s', (_name, operations) => {
    const stored = storedDocument();
    const before = structuredClone(stored);
    const kept = refusal(() => patchProjectDocument({ data: stored, valid: true }, operations));
    const read = refusal(() => patchProjectDocument({ data: structuredClone(stored), valid: false }, operations));
    expect(kept).toEqual(read);
    expect(kept.statusCode).toBe(400);
    expect(stored).toEqual(before);
  });
});

describe('documentText and documentHash', () => {
  it("give the client's canonical text and hash (core's canonicalJson and hashDocument)", async () => {
    const stored = storedDocument();
    expect(documentText(stored)).toBe(canonicalJson(stored));
    // Twice: the second time the frames' texts are the kept ones.
    expect(documentText(stored)).toBe(canonicalJson(stored));
    expect(documentHash(documentText(stored))).toBe(await hashDocument(stored));
    expect(documentHash('Reelwright ✓ — 動画')).toBe(await sha256Hex('Reelwright ✓ — 動画'));
  });
});
