import { buildVideo, emptyProjectData, type Frame, HISTORY_DEPTH, mergeBuiltFrames } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { moveItems, setItemProps } from './commands/item-commands';
import { updateProject } from './commands/slide-commands';
import { imageAt, slide, TestEditor, textAt } from './test/test-editor';

/** Two items on a 1024×576 stage: a title on top of a photo. */
function twoItems() {
  return TestEditor.create([
    slide('frame-1', [
      textAt('title', { left: 100, top: 100, width: 200, height: 100 }),
      imageAt('photo', { left: 50, top: 50, width: 600, height: 400 }),
    ]),
    slide('frame-2', [textAt('other', { left: 0, top: 0, width: 100, height: 100 }, { start: 2, stop: 4 })]),
  ]);
}

describe('selection on the stage', () => {
  it('selects the topmost item under the pointer and clears on the blank stage', () => {
    const editor = twoItems();
    editor.click(150, 150);
    expect(editor.selectedIds).toEqual(['title']);
    editor.click(500, 300);
    expect(editor.selectedIds).toEqual(['photo']);
    editor.click(900, 520);
    expect(editor.selectedIds).toEqual([]);
  });

  it('picks a rotated item by its drawn box', () => {
    const editor = TestEditor.create([
      slide('frame-1', [textAt('bar', { left: 412, top: 263, width: 200, height: 50 })]),
    ]);
    editor.run(moveItems, { frameId: 'frame-1', moves: [] });
    editor.select(['bar']);
    editor.drag([512, 288 - 28 - 25], [512 + 200, 288], { handle: 'rotate' });
    expect(editor.item('bar').box.rotate).toBe(90);
    editor.click(900, 520);
    // Turned upright, the bar covers x 487–537 and y 188–388.
    editor.click(512, 200);
    expect(editor.selectedIds).toEqual(['bar']);
    editor.click(600, 288);
    expect(editor.selectedIds).toEqual([]);
  });

  it('skips items hidden at the playhead and audio items', () => {
    const editor = TestEditor.create([
      slide('frame-1', [
        textAt('late', { left: 100, top: 100, width: 200, height: 100 }, { start: 3, stop: 5 }),
        imageAt('photo', { left: 50, top: 50, width: 600, height: 400 }),
      ]),
    ]);
    editor.click(150, 150);
    expect(editor.selectedIds).toEqual(['photo']);
  });

  it('Shift+click adds to and removes from the selection', () => {
    const editor = twoItems();
    editor.click(150, 150).click(500, 300, { shiftKey: true });
    expect(editor.selectedIds).toEqual(['title', 'photo']);
    editor.click(150, 150, { shiftKey: true });
    expect(editor.selectedIds).toEqual(['photo']);
  });

  it('keeps the selection and playhead out of the document and of history', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.setPlayhead(2);
    expect(editor.snapshot.canUndo).toBe(false);
    expect(JSON.stringify(editor.data)).not.toContain('selectedIds');
    expect(editor.data.video).not.toHaveProperty('frameId');
  });
});

describe('playhead rules (spec 002 §2)', () => {
  it('selecting an item whose timing leaves out the playhead moves the playhead to its start', () => {
    const editor = twoItems();
    editor.openSlide('frame-2');
    editor.select(['other']);
    expect(editor.playhead).toBe(2);
    editor.setPlayhead(3);
    editor.select(['other']);
    expect(editor.playhead).toBe(3);
  });

  it('changing slide resets the playhead to 0 and clears the selection', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.setPlayhead(1.5);
    editor.openSlide('frame-2');
    expect(editor.playhead).toBe(0);
    expect(editor.selectedIds).toEqual([]);
  });

  it('opens on the moment a faded-in slide has fully appeared, not on its black first frame', () => {
    const faded = slide('frame-1', [
      textAt('title', { left: 100, top: 100, width: 200, height: 100 }),
      textAt('later', { left: 100, top: 300, width: 200, height: 100 }, { start: 2, stop: 5 }),
    ]);
    faded.transition = { show: { name: 'fade', duration: 0.4 } };
    faded.items[0]!.fx = { show: { name: 'fadeIn', duration: 0.7 } };
    faded.items[1]!.fx = { show: { name: 'fadeIn', duration: 2 } };
    const editor = TestEditor.create([faded, slide('frame-2', [])]);
    expect(editor.playhead).toBe(0.7);
    editor.openSlide('frame-2');
    editor.openSlide('frame-1');
    expect(editor.playhead).toBe(0);
  });

  it('opens a wizard slide at a playhead where its text shows', () => {
    const wizard = emptyProjectData().wizard;
    wizard.slides = [
      {
        id: 'slide-1',
        texts: [{ id: 't1', text: 'Lighthouses guide ships home' }],
        settings: { animation: 'fadeIn', fx: { frame: { show: 'fade' } } },
      },
    ] as never;
    const editor = TestEditor.create(buildVideo(wizard).frames);
    const frame = editor.data.video.frames[0]!;
    expect(frame.transition.show).toBeDefined();
    expect(editor.playhead).toBe(0.5);
    expect(editor.playhead).toBeLessThan(frame.duration);
  });
});

describe('gestures: one undo step each', () => {
  it('a drag of many pointer moves is one undo step named moveItems', () => {
    const editor = twoItems();
    editor.drag([150, 150], [250, 210], { steps: 20 });
    expect(editor.pxBox('title')).toMatchObject({ left: 200, top: 160 });
    expect(editor.document.undoNames).toEqual(['moveItems']);
    editor.undo();
    expect(editor.pxBox('title')).toMatchObject({ left: 100, top: 100 });
    editor.redo();
    expect(editor.pxBox('title')).toMatchObject({ left: 200, top: 160 });
  });

  it('reports its state path while dragging', () => {
    const editor = twoItems();
    editor.down(150, 150);
    expect(editor.toolPath).toBe('select.pointing_item');
    editor.move(170, 170);
    expect(editor.toolPath).toBe('select.translating');
    editor.up();
    expect(editor.toolPath).toBe('select.idle');
  });

  it('a press without movement selects and changes nothing', () => {
    const editor = twoItems();
    editor.down(150, 150).move(151, 151).up();
    expect(editor.pxBox('title')).toMatchObject({ left: 100, top: 100 });
    expect(editor.snapshot.canUndo).toBe(false);
  });

  it('Escape during a drag puts the item back and leaves no step', () => {
    const editor = twoItems();
    editor.down(150, 150).move(200, 200).move(260, 230);
    expect(editor.pxBox('title').left).not.toBe(100);
    editor.key('Escape');
    expect(editor.pxBox('title')).toMatchObject({ left: 100, top: 100 });
    expect(editor.toolPath).toBe('select.idle');
    editor.up();
    expect(editor.snapshot.canUndo).toBe(false);
  });

  it('Shift while dragging keeps the move on one axis', () => {
    const editor = twoItems();
    editor.drag([150, 150], [230, 170], { shiftKey: true });
    expect(editor.pxBox('title')).toMatchObject({ left: 180, top: 100 });
  });

  it('moves every selected item together', () => {
    const editor = twoItems();
    editor.click(150, 150).click(500, 300, { shiftKey: true });
    editor.drag([500, 300], [520, 353]);
    expect(editor.pxBox('title')).toMatchObject({ left: 120, top: 153 });
    expect(editor.pxBox('photo')).toMatchObject({ left: 70, top: 103 });
  });
});

describe('snapping (spec 002 §2)', () => {
  it('snaps an edge to the stage edge within 5 screen px, and shows the guide', () => {
    const editor = twoItems();
    editor.down(150, 150).move(150 - 97, 150);
    expect(editor.pxBox('title').left).toBe(0);
    expect(editor.snapshot.session.guides).toContainEqual({ axis: 'x', at: 0 });
    editor.up();
    expect(editor.snapshot.session.guides).toEqual([]);
  });

  it('snaps the centre to the stage centre and other items’ edges', () => {
    const editor = twoItems();
    // Title centre x = 200 → 512 is a move of 312; land 3 px short.
    editor.drag([150, 150], [150 + 309, 150]);
    expect(editor.pxBox('title').left).toBe(412);
    // The photo's right edge is at 650: drop the title's left edge 4 px past it.
    editor.drag([450, 150], [450 + 242, 150]);
    expect(editor.pxBox('title').left).toBe(650);
  });

  it('does not snap further than the threshold, which is felt on screen', () => {
    const editor = twoItems();
    editor.drag([150, 150], [150 - 92, 150]);
    expect(editor.pxBox('title').left).toBe(8);
    editor.undo();
    editor.setViewScale(0.5); // 5 screen px are 10 stage px
    editor.drag([150, 150], [150 - 92, 150]);
    expect(editor.pxBox('title').left).toBe(0);
  });
});

describe('resize and rotate (spec 002 §5)', () => {
  it('pulls the bottom-right handle; the top-left corner stays', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.drag([300, 200], [357, 237]);
    expect(editor.pxBox('title')).toMatchObject({ left: 100, top: 100, width: 257, height: 137 });
    expect(editor.document.undoNames).toEqual(['resizeItem']);
  });

  it('keeps width and height at 30 px or more', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.drag([300, 200], [50, 20]);
    expect(editor.pxBox('title')).toMatchObject({ left: 100, top: 100, width: 30, height: 30 });
  });

  it('keeps left and top at 0 or more', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.drag([100, 100], [-80, -60]);
    expect(editor.pxBox('title')).toMatchObject({ left: 0, top: 0, width: 300, height: 200 });
  });

  it('Shift on a corner keeps the proportions', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.drag([300, 200], [400, 210], { shiftKey: true });
    expect(editor.pxBox('title')).toMatchObject({ width: 300, height: 150 });
  });

  it('rotates about the centre, in 15° steps with Shift, as one step; Escape takes it back', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.drag([200, 72], [300, 150], { shiftKey: true });
    expect(editor.item('title').box.rotate).toBe(90);
    expect(editor.document.undoNames).toEqual(['rotateItem']);
    editor.down(200, 200 - 28 - 100 + 100, { handle: 'rotate' }).move(300, 300);
    expect(editor.toolPath).toBe('select.rotating');
    editor.key('Escape');
    expect(editor.item('title').box.rotate).toBe(90);
  });
});

describe('keys (spec 002 §2)', () => {
  const input = { tagName: 'INPUT' };
  const editable = { tagName: 'DIV', isContentEditable: true };

  it('Delete removes the selection unless focus is in a field', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.key('Delete', { target: input });
    editor.key('Delete', { target: { tagName: 'TEXTAREA' } });
    editor.key('Delete', { target: { tagName: 'select' } });
    editor.key('Delete', { target: editable });
    expect(editor.currentFrame()?.items.map((item) => item.id)).toEqual(['title', 'photo']);
    editor.key('Delete', { target: { tagName: 'BODY' } });
    expect(editor.currentFrame()?.items.map((item) => item.id)).toEqual(['photo']);
    editor.key('z', { ctrlKey: true });
    expect(editor.currentFrame()?.items.map((item) => item.id)).toEqual(['title', 'photo']);
  });

  it('undo and redo by Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y', () => {
    const editor = twoItems();
    editor.drag([150, 150], [160, 150]);
    editor.key('z', { metaKey: true });
    expect(editor.pxBox('title').left).toBe(100);
    editor.key('Z', { metaKey: true, shiftKey: true });
    expect(editor.pxBox('title').left).toBe(110);
    editor.key('z', { ctrlKey: true });
    editor.key('y', { ctrlKey: true });
    expect(editor.pxBox('title').left).toBe(110);
  });

  it('arrows nudge by 1 px and by 10 px with Shift; a burst is one step', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.key('ArrowRight').key('ArrowRight').key('ArrowDown', { shiftKey: true });
    expect(editor.pxBox('title')).toMatchObject({ left: 102, top: 110 });
    expect(editor.document.undoNames).toEqual(['moveItems']);
    editor.wait(1500).key('ArrowLeft');
    expect(editor.document.undoNames).toEqual(['moveItems', 'moveItems']);
    editor.undo();
    editor.undo();
    expect(editor.pxBox('title')).toMatchObject({ left: 100, top: 100 });
  });

  it('Ctrl/Cmd+D duplicates the selection just above it, offset, and selects the copy', () => {
    const editor = twoItems();
    editor.click(150, 150);
    editor.key('d', { ctrlKey: true });
    const ids = editor.currentFrame()?.items.map((item) => item.id);
    expect(ids).toEqual(['text-1', 'title', 'photo']);
    expect(editor.selectedIds).toEqual(['text-1']);
    expect(editor.pxBox('text-1').left).toBeCloseTo(100 + 0.02 * 1024, 1);
  });

  it('Escape clears the selection when nothing else is going on', () => {
    const editor = twoItems();
    editor.click(150, 150).key('Escape');
    expect(editor.selectedIds).toEqual([]);
  });
});

describe('new items (spec 002 §2, §9)', () => {
  it('start at the playhead, stop 3 s later, and take half the stage', () => {
    const editor = twoItems();
    editor.setPlayhead(1.25);
    const item = editor.addItem({ type: 'text', text: 'Hello' })!;
    expect(item.timing).toEqual({ start: 1.25, stop: 4.25 });
    expect(item.box).toMatchObject({ left: 0.25, top: 0.25, width: 0.5, height: 0.5 });
    expect(editor.selectedIds).toEqual([item.id]);
    expect(editor.currentFrame()?.items[0]?.id).toBe(item.id);
  });

  it('grow the slide when they stop after its end', () => {
    const editor = twoItems();
    editor.setPlayhead(4);
    editor.addItem({ type: 'image', url: '/a.jpg' });
    expect(editor.currentFrame()?.duration).toBe(7);
  });
});

describe('dropping onto the stage (spec 002 §2)', () => {
  it('accepts image, video, audio and text only', () => {
    const editor = twoItems();
    expect(editor.drop({ type: 'gallery' }, { x: 900, y: 500 })).toBe(false);
    expect(editor.drop({ type: 'video', url: '/v.mp4' }, { x: 900, y: 500 })).toBe(true);
    const added = editor.currentFrame()!.items[0]!;
    expect(added.type).toBe('video');
    // Centred on the drop point, kept on the stage.
    expect(added.box).toMatchObject({ left: 0.5, top: 0.5 });
  });

  it('media on an item of the same type asks Replace or Add as new', () => {
    const editor = twoItems();
    editor.drop({ type: 'image', url: '/new.jpg' }, { x: 500, y: 300 });
    expect(editor.snapshot.session.pendingDrop?.question.answers).toEqual(['Replace', 'Add as new']);
    editor.answerDrop('Replace');
    expect(editor.item('photo')).toMatchObject({ url: '/new.jpg' });
    editor.drop({ type: 'image', url: '/third.jpg' }, { x: 500, y: 300 });
    editor.answerDrop('Add as new');
    expect(editor.currentFrame()!.items).toHaveLength(3);
  });

  it('audio on a visual item asks Attach or Add to timeline', () => {
    const editor = twoItems();
    editor.drop({ type: 'audio', url: '/a.mp3', duration: 2 }, { x: 150, y: 150 });
    expect(editor.snapshot.session.pendingDrop?.question.answers).toEqual(['Attach', 'Add to timeline']);
    editor.answerDrop('Attach');
    expect(editor.item('title')).toMatchObject({ audio: { url: '/a.mp3', duration: 2 } });
    editor.drop({ type: 'audio', url: '/b.mp3' }, { x: 150, y: 150 });
    editor.answerDrop('Add to timeline');
    expect(editor.currentFrame()!.items[0]).toMatchObject({ type: 'audio', url: '/b.mp3' });
  });

  it('text on a text item is simply added', () => {
    const editor = twoItems();
    editor.drop({ type: 'text', text: 'More' }, { x: 150, y: 150 });
    expect(editor.snapshot.session.pendingDrop).toBeNull();
    expect(editor.currentFrame()!.items).toHaveLength(3);
  });
});

describe('editing text in place', () => {
  it('a double click edits a text item; a burst of typing is one undo step', () => {
    const editor = twoItems();
    editor.doubleClick({ x: 150, y: 150 });
    expect(editor.toolPath).toBe('select.editing_text');
    expect(editor.editingTextId).toBe('title');
    for (const text of ['H', 'He', 'Hel', 'Hello']) editor.wait(200).editText([{ runs: [{ text }] }]);
    editor.key('Escape');
    expect(editor.editingTextId).toBeNull();
    expect(editor.document.undoNames).toEqual(['setItemText']);
    editor.undo();
    expect(editor.item('title')).toMatchObject({ paragraphs: [{ runs: [{ text: 'title' }] }] });
  });

  it('keeps bold, italic, underline and colour runs', () => {
    const editor = twoItems();
    editor.doubleClick({ x: 150, y: 150 });
    const runs = [
      { text: 'Big', bold: true },
      { text: ' news', italic: true, underline: true, color: '#ff0000' },
    ];
    editor.editText([{ runs }]);
    expect(editor.item('title')).toMatchObject({ paragraphs: [{ runs }] });
  });

  it('a press outside the text ends editing and starts a new step for the next typing', () => {
    const editor = twoItems();
    editor.doubleClick({ x: 150, y: 150 });
    editor.editText([{ runs: [{ text: 'One' }] }]);
    editor.click(900, 500);
    expect(editor.editingTextId).toBeNull();
    editor.doubleClick({ x: 150, y: 150 });
    editor.editText([{ runs: [{ text: 'Two' }] }]);
    expect(editor.document.undoNames).toEqual(['setItemText', 'setItemText']);
  });
});

describe('slides', () => {
  it('adds a slide at the end, before and after, and opens it', () => {
    const editor = twoItems();
    const end = editor.addSlide();
    const before = editor.addSlide({ before: 'frame-1' });
    const after = editor.addSlide({ after: 'frame-1' });
    expect(editor.data.video.frames.map((frame) => frame.id)).toEqual([before, 'frame-1', after, 'frame-2', end]);
    expect(editor.snapshot.session.frameId).toBe(after);
  });

  it('duplicates, removes and reorders slides, each one undo step', () => {
    const editor = twoItems();
    editor.duplicateSlide('frame-1');
    expect(editor.data.video.frames.map((frame) => frame.id)).toEqual(['frame-1', 'frame-3', 'frame-2']);
    expect(editor.currentFrame()?.items.map((item) => item.id)).toEqual(['title', 'photo']);
    editor.reorderSlide('frame-2', 0);
    expect(editor.data.video.frames.map((frame) => frame.id)).toEqual(['frame-2', 'frame-1', 'frame-3']);
    editor.removeSlide('frame-3');
    expect(editor.snapshot.session.frameId).toBe('frame-1');
    expect(editor.document.undoNames).toEqual(['duplicateSlide', 'reorderSlide', 'removeSlide']);
    editor.undo();
    editor.undo();
    editor.undo();
    expect(editor.data.video.frames.map((frame) => frame.id)).toEqual(['frame-1', 'frame-2']);
  });

  it('a project without slides gets one when the builder opens, without an undo step', () => {
    const editor = TestEditor.create([]);
    editor.ensureFirstSlide();
    expect(editor.data.video.frames).toHaveLength(1);
    expect(editor.snapshot.session.frameId).toBe(editor.data.video.frames[0]!.id);
    expect(editor.snapshot.canUndo).toBe(false);
  });

  it('undoing the slide that was open opens another and drops the selection', () => {
    const editor = twoItems();
    editor.addSlide();
    editor.undo();
    expect(editor.snapshot.session.frameId).toBe('frame-1');
  });
});

describe('history depth', () => {
  it(`keeps the last ${HISTORY_DEPTH} steps`, () => {
    const editor = twoItems();
    editor.click(150, 150);
    for (let step = 0; step < HISTORY_DEPTH + 10; step++) editor.wait(2000).key('ArrowRight');
    let undone = 0;
    while (editor.snapshot.canUndo) {
      editor.undo();
      undone++;
    }
    expect(undone).toBe(HISTORY_DEPTH);
    expect(editor.pxBox('title').left).toBe(110);
  });

  it('a new step after undo drops the redo tail', () => {
    const editor = twoItems();
    editor.drag([150, 150], [160, 150]);
    editor.undo();
    editor.drag([150, 150], [150, 170]);
    expect(editor.snapshot.canRedo).toBe(false);
    expect(editor.pxBox('title')).toMatchObject({ left: 100, top: 120 });
  });
});

describe('layers', () => {
  it('picks by the z-index keyframes give, as the renderer stacks them', () => {
    const editor = twoItems();
    const photo = editor.item('photo');
    editor.run(setItemProps, {
      frameId: 'frame-1',
      id: 'photo',
      props: { keyframes: [{ delay: 0, style: { zIndex: 5 } }] },
    });
    expect(photo.type).toBe('image');
    editor.click(150, 150);
    expect(editor.selectedIds).toEqual(['photo']);
  });

  it('a duplicated slide is the author’s: it carries no wizard origin', () => {
    const editor = TestEditor.create([
      { ...slide('frame-1', []), origin: { kind: 'slide', id: 's1', builtHash: 'abc' } },
    ]);
    editor.duplicateSlide('frame-1');
    expect(editor.data.video.frames[1]).not.toHaveProperty('origin');
  });
});

describe('the wizard and the builder (D38)', () => {
  const wizard = (one: string, two: string) => ({
    slides: [
      { id: 's1', texts: [{ id: 't1', text: one }] },
      { id: 's2', texts: [{ id: 't2', text: two }] },
    ],
  });
  const words = (frame: Frame | undefined) =>
    frame?.items.flatMap((item) =>
      item.type === 'text' ? item.paragraphs.map((p) => p.runs.map((r) => r.text).join('')) : [],
    );

  it('a rebuild from the wizard keeps the slide the builder edited and renews the one it did not', () => {
    const editor = TestEditor.create(buildVideo(wizard('One', 'Two')).frames);
    const text = editor.currentFrame()!.items.find((item) => item.type === 'text')!;
    const centre = { x: (text.box.left + text.box.width / 2) * 1024, y: (text.box.top + text.box.height / 2) * 576 };
    editor.drag([centre.x, centre.y], [centre.x + 100, centre.y + 7]);
    const moved = editor.item(text.id).box;

    editor.run(updateProject, {
      recipe: (draft) => {
        draft.video.frames = mergeBuiltFrames(
          draft.video.frames,
          buildVideo(wizard('One, rewritten', 'Two, rewritten')).frames,
        );
      },
    });
    const [first, second] = editor.data.video.frames;
    expect(words(first)).toEqual(['One']);
    expect(first!.items.find((item) => item.id === text.id)?.box).toEqual(moved);
    expect(words(second)).toEqual(['Two, rewritten']);
    // The rebuild is one step: undo brings the slides back as they were before it.
    editor.undo();
    expect(words(editor.data.video.frames[1])).toEqual(['Two']);
  });
});
