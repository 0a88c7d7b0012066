import { createFrame, type Item } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { sourceOfResult } from '../features/builder/add-panel/add-rules';
import { initialTrim } from '../features/media-edit/trim-rules';
import { FileDrops, type StoredFile, sourceOfStoredFile } from './file-drop';
import { STATIC_VIDEO_SECONDS, UPLOADED_CLIP_SECONDS } from './new-items';
import { TestEditor } from './test/test-editor';

/** The part of the clip an item plays. */
const trim = (item: Item) => (item.type === 'video' ? { start: item.startTime, stop: item.stopTime } : null);

const editorWithSlide = () => TestEditor.create([createFrame('frame-1', { duration: 10 })]);

describe("a new clip's default part (spec 002 §2 'Trim video', D97)", () => {
  it('a clip put on a slide from a search plays 0 to 5 seconds: the static video slide default', () => {
    expect(STATIC_VIDEO_SECONDS).toBe(5);
    const editor = editorWithSlide();
    const found = editor.addItem(sourceOfResult('video', 'pixabay', { url: '/media/sea.mp4', duration: 42 }))!;
    expect(trim(found)).toEqual({ start: 0, stop: 5 });
    // The engine gave no length: still 0 to 5.
    const unknown = editor.addItem(sourceOfResult('video', 'library', { url: '/media/uploads/old.mp4' }))!;
    expect(trim(unknown)).toEqual({ start: 0, stop: 5 });
    // A giphy loop shorter than that plays whole.
    const gif = editor.addItem(sourceOfResult('giphy', 'giphy', { url: '/media/dance.mp4', duration: 2.4 }))!;
    expect(trim(gif)).toEqual({ start: 0, stop: 2.4 });
  });

  it('a freshly uploaded clip plays 0 to 10 seconds, shorter when the clip is', () => {
    expect(UPLOADED_CLIP_SECONDS).toBe(10);
    const editor = editorWithSlide();
    const long = editor.addItem(sourceOfStoredFile({ type: 'video', url: '/media/uploads/a.mp4', duration: 60 }, 'a'))!;
    expect(trim(long)).toEqual({ start: 0, stop: 10 });
    const short = editor.addItem(
      sourceOfStoredFile({ type: 'video', url: '/media/uploads/b.mp4', duration: 7.456 }, 'b'),
    )!;
    expect(trim(short)).toEqual({ start: 0, stop: 7.46 });
  });

  it('a video-site clip has no stop: its site player shows it from its start (D55)', () => {
    const editor = editorWithSlide();
    const watch = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const site = editor.addItem(sourceOfResult('video', 'youtube', { url: watch, duration: 212 }))!;
    expect(trim(site)).toEqual({ start: 0, stop: 0 });
  });

  it("the 'Trim video' popup opens on that part", () => {
    const editor = editorWithSlide();
    const found = editor.addItem(sourceOfResult('video', 'pexel', { url: '/media/sea.mp4', duration: 42 }))!;
    if (found.type !== 'video') throw new Error('not a clip');
    expect(initialTrim({ startTime: found.startTime, stopTime: found.stopTime, duration: 42 })).toEqual({
      start: 0,
      stop: 5,
    });
  });

  it('is part of the addition: one undo step takes the clip away, redo brings it back with its part', () => {
    const editor = editorWithSlide();
    const found = editor.addItem(sourceOfResult('video', 'pixabay', { url: '/media/sea.mp4' }))!;
    expect(editor.document.undoNames).toEqual(['insertItem']);
    editor.undo();
    expect(editor.currentFrame()!.items).toEqual([]);
    editor.redo();
    expect(trim(editor.item(found.id))).toEqual({ start: 0, stop: 5 });
    // Escape only clears the selection; the clip keeps its part.
    editor.key('Escape');
    expect(editor.selectedIds).toEqual([]);
    expect(trim(editor.item(found.id))).toEqual({ start: 0, stop: 5 });
  });

  it('a clip file dropped from the computer is an upload: 0 to 10 seconds', async () => {
    const editor = editorWithSlide();
    let answer: (stored: StoredFile) => void = () => {};
    const drops = new FileDrops(
      editor,
      () =>
        new Promise<StoredFile>((resolve) => {
          answer = resolve;
        }),
      () => {},
    );
    drops.drop([new File([new Uint8Array(8)], 'waves.mp4', { type: 'video/mp4' })], { x: 512, y: 288 });
    answer({ type: 'video', url: '/media/uploads/waves.mp4', duration: 31 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [clip] = editor.currentFrame()!.items;
    expect(clip).toMatchObject({ type: 'video', label: 'waves' });
    expect(trim(clip!)).toEqual({ start: 0, stop: 10 });
  });
});
