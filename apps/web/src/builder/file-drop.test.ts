import { createFrame, type Item, ItemSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { carriesFiles, DROPPED_FILES_OFFSET, FileDrops, kindOfFile, type StoredFile } from './file-drop';
import { TestEditor } from './test/test-editor';

/** An upload the test answers by hand, as the server would, after reporting progress. */
type Pending = {
  file: File;
  progress(share: number): void;
  answer(stored: StoredFile): void;
  fail(error: Error): void;
};

function harness(items: Item[] = []) {
  const editor = TestEditor.create([createFrame('one', { duration: 6, items }), createFrame('two', { duration: 4 })]);
  const pending: Pending[] = [];
  const errors: string[] = [];
  const drops = new FileDrops(
    editor,
    (file, onProgress) =>
      new Promise<StoredFile>((resolve, reject) => {
        pending.push({ file, progress: onProgress, answer: resolve, fail: reject });
      }),
    (message) => errors.push(message),
  );
  return { editor, drops, pending, errors };
}

const file = (name: string, type: string) => new File([new Uint8Array(8)], name, { type });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('files dropped from the computer (issue 32)', () => {
  it('knows media by type, else by name, and refuses the rest', () => {
    expect(kindOfFile({ type: 'image/png', name: 'a' })).toBe('image');
    expect(kindOfFile({ type: 'video/quicktime', name: 'a' })).toBe('video');
    expect(kindOfFile({ type: 'audio/mpeg', name: 'a' })).toBe('audio');
    expect(kindOfFile({ type: '', name: 'Clip.MOV' })).toBe('video');
    expect(kindOfFile({ type: '', name: 'song.flac' })).toBe('audio');
    expect(kindOfFile({ type: 'text/plain', name: 'notes.txt' })).toBeNull();
    expect(kindOfFile({ type: 'application/pdf', name: 'deck.pdf' })).toBeNull();
    expect(carriesFiles({ types: ['Files'] })).toBe(true);
    expect(carriesFiles({ types: ['text/plain'] })).toBe(false);
  });

  it('shows the upload where it was dropped, then adds the item there in one undo step', async () => {
    const { editor, drops, pending } = harness();
    editor.setPlayhead(1.5);
    drops.drop([file('beach.png', 'image/png')], { x: 300, y: 200 });
    expect(drops.uploads).toMatchObject([{ name: 'beach.png', progress: 0, frameId: 'one', at: { x: 300, y: 200 } }]);
    pending[0]!.progress(0.4);
    expect(drops.uploads[0]!.progress).toBe(0.4);
    expect(editor.currentFrame()!.items).toHaveLength(0);

    pending[0]!.answer({ type: 'image', url: '/media/uploads/beach.png' });
    await settle();
    expect(drops.uploads).toEqual([]);
    const [item] = editor.currentFrame()!.items;
    expect(item).toMatchObject({ type: 'image', url: '/media/uploads/beach.png', label: 'beach' });
    expect(item!.timing.start).toBe(1.5);
    const { width, height } = editor.stage;
    expect((item!.box.left + item!.box.width / 2) * width).toBeCloseTo(300);
    expect((item!.box.top + item!.box.height / 2) * height).toBeCloseTo(200);
    expect(editor.selectedIds).toEqual([item!.id]);

    editor.undo();
    expect(editor.currentFrame()!.items).toHaveLength(0);
    editor.redo();
    expect(editor.currentFrame()!.items).toHaveLength(1);
  });

  it('puts files dropped together side by side, and refuses what is not media with a message', async () => {
    const { editor, drops, pending, errors } = harness();
    const result = drops.drop(
      [file('a.jpg', 'image/jpeg'), file('notes.txt', 'text/plain'), file('b.mp3', 'audio/mpeg')],
      { x: 200, y: 150 },
    );
    expect(result.refused).toEqual(['notes.txt']);
    expect(errors).toEqual(['Only pictures, videos and sounds can be dropped here: notes.txt was not added.']);
    expect(pending.map((upload) => upload.file.name)).toEqual(['a.jpg', 'b.mp3']);
    expect(drops.uploads.map((upload) => upload.at)).toEqual([
      { x: 200, y: 150 },
      { x: 200 + DROPPED_FILES_OFFSET, y: 150 + DROPPED_FILES_OFFSET },
    ]);
    pending[0]!.answer({ type: 'image', url: '/media/uploads/a.jpg' });
    pending[1]!.answer({ type: 'audio', url: '/media/uploads/b.mp3', duration: 2.5 });
    await settle();
    // Files dropped together are each added: the sound is not asked about the picture beside it.
    expect(editor.snapshot.session.pendingDrop).toBeNull();
    expect(
      editor
        .currentFrame()!
        .items.map((item) => item.type)
        .sort(),
    ).toEqual(['audio', 'image']);
  });

  it('brings a member who moved to another slide back to where the file was dropped', async () => {
    const { editor, drops, pending } = harness();
    editor.setPlayhead(2);
    drops.drop([file('clip.mp4', 'video/mp4')], { x: 512, y: 288 });
    editor.openSlide('two');
    pending[0]!.answer({ type: 'video', url: '/media/uploads/clip.mp4' });
    await settle();
    expect(editor.snapshot.session.frameId).toBe('one');
    expect(editor.data.video.frames[0]!.items).toMatchObject([{ type: 'video', timing: { start: 2 } }]);
    expect(editor.data.video.frames[1]!.items).toEqual([]);
  });

  it('asks Replace or Add as new when a picture lands on a picture', async () => {
    const photo = ItemSchema.parse({
      type: 'image',
      id: 'photo',
      url: '/old.jpg',
      timing: { start: 0, stop: 6 },
      box: { left: 0, top: 0, width: 1, height: 1 },
    });
    const { editor, drops, pending } = harness([photo]);
    drops.drop([file('new.jpg', 'image/jpeg')], { x: 100, y: 100 });
    pending[0]!.answer({ type: 'image', url: '/media/uploads/new.jpg' });
    await settle();
    expect(editor.snapshot.session.pendingDrop?.question.answers).toEqual(['Replace', 'Add as new']);
    editor.answerDrop('Replace');
    expect(editor.currentFrame()!.items).toMatchObject([{ id: 'photo', url: '/media/uploads/new.jpg' }]);
  });

  it('adds a file dropped on the timeline at its time, without asking about the picture at the centre', async () => {
    const photo = ItemSchema.parse({
      type: 'image',
      id: 'photo',
      url: '/old.jpg',
      timing: { start: 0, stop: 6 },
      box: { left: 0, top: 0, width: 1, height: 1 },
    });
    const { editor, drops, pending } = harness([photo]);
    const { width, height } = editor.stage;
    drops.drop([file('chime.wav', 'audio/wav')], { x: width / 2, y: height / 2 }, 3);
    pending[0]!.answer({ type: 'audio', url: '/media/uploads/chime.wav', duration: 1 });
    await settle();
    expect(editor.snapshot.session.pendingDrop).toBeNull();
    expect(editor.currentFrame()!.items.find((item) => item.type === 'audio')).toMatchObject({
      label: 'chime',
      timing: { start: 3 },
    });
  });

  it('says why when an upload fails, and adds nothing', async () => {
    const { editor, drops, pending, errors } = harness();
    drops.drop([file('huge.mov', 'video/quicktime')], { x: 100, y: 100 });
    pending[0]!.fail(new Error('The file is larger than 200 MB.'));
    await settle();
    expect(errors).toEqual(['huge.mov could not be uploaded: The file is larger than 200 MB.']);
    expect(drops.uploads).toEqual([]);
    expect(editor.currentFrame()!.items).toEqual([]);
  });
});
