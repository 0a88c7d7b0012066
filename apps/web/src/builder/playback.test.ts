import { describe, expect, it } from 'vitest';
import { FRAME_SECONDS, nextShuttleRate, stepFrame } from './playback';
import { slide, TestEditor, textAt } from './test/test-editor';
import { followPlayhead } from './timeline/viewport';

/** Three slides of 2, 3 and 4 seconds: the whole video lasts 9 s. */
function threeSlides(): TestEditor {
  return TestEditor.create([
    slide('frame-1', [textAt('a', { left: 100, top: 100, width: 200, height: 100 }, { start: 0, stop: 2 })], 2),
    slide('frame-2', [textAt('b', { left: 100, top: 100, width: 200, height: 100 }, { start: 0, stop: 3 })], 3),
    slide('frame-3', [], 4),
  ]);
}

describe('Space plays and pauses (D90)', () => {
  it('toggles playback; the playhead follows the clock and stays where it was paused', () => {
    const editor = threeSlides();
    editor.key(' ');
    expect(editor.isPlaying).toBe(true);
    editor.playFor(500);
    expect(editor.playhead).toBeCloseTo(0.5);
    editor.playFor(250);
    expect(editor.playhead).toBeCloseTo(0.75);
    editor.key(' ');
    expect(editor.isPlaying).toBe(false);
    editor.playFor(1000);
    expect(editor.playhead).toBeCloseTo(0.75);
    editor.key(' ').playFor(100);
    expect(editor.playhead).toBeCloseTo(0.85);
  });

  it('belongs to text fields and the in-place text editor', () => {
    const editor = threeSlides();
    expect(editor.keyDown({ key: ' ', target: { tagName: 'INPUT' } })).toBe(false);
    expect(editor.keyDown({ key: ' ', target: { tagName: 'TEXTAREA' } })).toBe(false);
    expect(editor.keyDown({ key: ' ', target: { tagName: 'DIV', isContentEditable: true } })).toBe(false);
    expect(editor.isPlaying).toBe(false);
    // A button keeps no hold on Space: it plays.
    expect(editor.keyDown({ key: ' ', target: { tagName: 'BUTTON' } })).toBe(true);
    expect(editor.isPlaying).toBe(true);
  });

  it('never enters the document or its history', () => {
    const editor = threeSlides();
    const before = editor.data;
    editor.key(' ').playFor(2500).key('l').playFor(300).key('k').key('.').key(',');
    expect(editor.data).toBe(before);
    expect(editor.snapshot.canUndo).toBe(false);
  });

  it('at the end of what it plays, starts over', () => {
    const editor = threeSlides();
    editor.play({ scope: 'slide' });
    editor.playFor(5000);
    expect(editor.isPlaying).toBe(false);
    expect(editor.playhead).toBe(2);
    editor.key(' ').playFor(400);
    expect(editor.playhead).toBeCloseTo(0.4);
  });
});

describe('the whole video plays across slides (D90)', () => {
  it('opens each slide as playback crosses into it and stops at the end of the movie', () => {
    const editor = threeSlides();
    editor.select(['a']);
    editor.play({ scope: 'video' });
    editor.playFor(1500);
    expect(editor.snapshot.session.frameId).toBe('frame-1');
    expect(editor.playhead).toBeCloseTo(1.5);
    editor.playFor(1000);
    expect(editor.snapshot.session.frameId).toBe('frame-2');
    expect(editor.playhead).toBeCloseTo(0.5);
    // Opening a slide clears the selection, as a click in the slide bar does (spec 002 §2).
    expect(editor.selectedIds).toEqual([]);
    editor.playFor(3000);
    expect(editor.snapshot.session.frameId).toBe('frame-3');
    expect(editor.playhead).toBeCloseTo(0.5);
    editor.playFor(10_000);
    expect(editor.isPlaying).toBe(false);
    expect(editor.snapshot.session.frameId).toBe('frame-3');
    expect(editor.playhead).toBe(4);
  });

  it('starts from the playhead of the open slide, or from the first slide with Play from start', () => {
    const editor = threeSlides();
    editor.openSlide('frame-2');
    editor.setPlayhead(1);
    editor.play({ scope: 'video' });
    editor.playFor(2500);
    expect(editor.snapshot.session.frameId).toBe('frame-3');
    expect(editor.playhead).toBeCloseTo(0.5);
    editor.pause();
    editor.play({ scope: 'video', fromStart: true });
    expect(editor.snapshot.session.frameId).toBe('frame-1');
    expect(editor.playhead).toBe(0);
  });

  it('plays the open slide alone when that is chosen, stopping at its end', () => {
    const editor = threeSlides();
    editor.setPlayScope('slide');
    editor.key(' ').playFor(2600);
    expect(editor.isPlaying).toBe(false);
    expect(editor.snapshot.session.frameId).toBe('frame-1');
    expect(editor.playhead).toBe(2);
  });

  it('a slide opened while playing plays on from its start', () => {
    const editor = threeSlides();
    editor.play({ scope: 'video' });
    editor.playFor(500);
    editor.openSlide('frame-3');
    editor.playFor(700);
    expect(editor.snapshot.session.frameId).toBe('frame-3');
    expect(editor.playhead).toBeCloseTo(0.7);
    expect(editor.isPlaying).toBe(true);
  });

  it('the ruler moved while playing plays on from there', () => {
    const editor = threeSlides();
    editor.play({ scope: 'slide' });
    editor.playFor(300);
    editor.setPlayhead(1.5);
    editor.playFor(200);
    expect(editor.playhead).toBeCloseTo(1.7);
  });

  it('a press on the stage pauses playback', () => {
    const editor = threeSlides();
    editor.play();
    editor.playFor(500);
    editor.click(200, 150);
    expect(editor.isPlaying).toBe(false);
    expect(editor.selectedIds).toEqual(['a']);
  });
});

describe('J/K/L shuttle (D90)', () => {
  it('L plays forward, faster with each press; K pauses', () => {
    const editor = threeSlides();
    editor.setPlayScope('slide');
    editor.key('l').playFor(200);
    expect(editor.playhead).toBeCloseTo(0.2);
    editor.key('l').playFor(200);
    expect(editor.snapshot.session.playback?.rate).toBe(2);
    expect(editor.playhead).toBeCloseTo(0.6);
    editor.key('l').key('l').key('l');
    expect(editor.snapshot.session.playback?.rate).toBe(8);
    editor.key('k');
    expect(editor.isPlaying).toBe(false);
    expect(editor.playhead).toBeCloseTo(0.6);
  });

  it('J plays backwards and stops at the start; L after J plays forward at 1×', () => {
    const editor = threeSlides();
    editor.setPlayhead(1);
    editor.key('j').playFor(400);
    expect(editor.playhead).toBeCloseTo(0.6);
    editor.key('j').playFor(100);
    expect(editor.playhead).toBeCloseTo(0.4);
    editor.key('l');
    expect(editor.snapshot.session.playback?.rate).toBe(1);
    editor.playFor(100);
    expect(editor.playhead).toBeCloseTo(0.5);
    editor.key('j').playFor(5000);
    expect(editor.isPlaying).toBe(false);
    expect(editor.playhead).toBe(0);
    // Nothing to play backwards from the start.
    editor.key('j');
    expect(editor.isPlaying).toBe(false);
  });

  it('J in the whole video goes back into the previous slide', () => {
    const editor = threeSlides();
    editor.openSlide('frame-2');
    editor.setPlayhead(0.5);
    editor.key('j').playFor(1000);
    expect(editor.snapshot.session.frameId).toBe('frame-1');
    expect(editor.playhead).toBeCloseTo(1.5);
  });

  it('the speeds double up to 8× each way', () => {
    expect(nextShuttleRate(null, 1)).toBe(1);
    expect(nextShuttleRate(1, 1)).toBe(2);
    expect(nextShuttleRate(8, 1)).toBe(8);
    expect(nextShuttleRate(4, -1)).toBe(-1);
    expect(nextShuttleRate(-2, -1)).toBe(-4);
  });
});

describe('frame step with comma and period (D90)', () => {
  it('moves one frame of 1/30 s, pausing playback first', () => {
    const editor = threeSlides();
    editor.key('.');
    expect(editor.playhead).toBeCloseTo(FRAME_SECONDS);
    editor.key('.').key('.');
    expect(editor.playhead).toBeCloseTo(3 * FRAME_SECONDS);
    editor.key(',');
    expect(editor.playhead).toBeCloseTo(2 * FRAME_SECONDS);
    editor.key(' ').playFor(500).key('.');
    expect(editor.isPlaying).toBe(false);
    expect(editor.playhead).toBeCloseTo(FRAME_SECONDS * 18);
  });

  it('lands on the frame grid and stays within the movie', () => {
    expect(stepFrame(0.05, 1, 10)).toBeCloseTo(2 / 30);
    expect(stepFrame(0.05, -1, 10)).toBeCloseTo(1 / 30);
    expect(stepFrame(0, -1, 10)).toBe(0);
    expect(stepFrame(10, 1, 10)).toBe(10);
  });

  it('crosses into the neighbouring slide in the whole video, not in a slide alone', () => {
    const editor = threeSlides();
    editor.openSlide('frame-2');
    editor.key(',');
    expect(editor.snapshot.session.frameId).toBe('frame-1');
    expect(editor.playhead).toBeCloseTo(2 - FRAME_SECONDS);
    editor.key('.');
    expect(editor.snapshot.session.frameId).toBe('frame-2');
    expect(editor.playhead).toBeCloseTo(0);
    editor.setPlayScope('slide');
    editor.key(',');
    expect(editor.snapshot.session.frameId).toBe('frame-2');
    expect(editor.playhead).toBe(0);
  });

  it('keeps the keys in fields to the fields', () => {
    const editor = threeSlides();
    expect(editor.keyDown({ key: '.', target: { tagName: 'INPUT' } })).toBe(false);
    expect(editor.keyDown({ key: 'l', target: { tagName: 'TEXTAREA' } })).toBe(false);
    expect(editor.keyDown({ key: 'l', ctrlKey: true })).toBe(false);
    expect(editor.playhead).toBe(0);
  });
});

describe('the timeline keeps the playhead in view while zoomed (D90)', () => {
  it('turns the page when the playhead passes the right edge', () => {
    const viewport = { pxPerSecond: 400, scroll: 0, width: 800 };
    expect(followPlayhead(viewport, 1.5, 5)).toBe(viewport);
    const turned = followPlayhead(viewport, 2.1, 5);
    expect(turned.scroll).toBeCloseTo(2.1 * 400 - 24);
    // Backwards past the left edge: the playhead shows near the right edge.
    const back = followPlayhead({ ...viewport, scroll: 1200 }, 2.5, 5);
    expect(back.scroll).toBeCloseTo(2.5 * 400 - 800 + 24);
  });

  it('scrolls as playback goes on', () => {
    const editor = threeSlides();
    editor.openSlide('frame-3');
    editor.setTimelineViewport({ pxPerSecond: 400, scroll: 0, width: 800 });
    editor.setPlayScope('slide');
    editor.key(' ').playFor(1000);
    expect(editor.timeline.scroll).toBe(0);
    editor.playFor(1100);
    expect(editor.timeline.scroll).toBeGreaterThan(0);
    const x = editor.playhead * editor.timeline.pxPerSecond - editor.timeline.scroll;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThanOrEqual(800);
  });
});
