import { describe, expect, it } from 'vitest';
import { History } from './history';

describe('History', () => {
  it('undoes and redoes through pushed snapshots', () => {
    const history = new History<number>();
    history.reset(0);
    history.push(1);
    history.push(2);
    expect(history.undo()).toBe(1);
    expect(history.undo()).toBe(0);
    expect(history.undo()).toBeUndefined();
    expect(history.redo()).toBe(1);
    expect(history.redo()).toBe(2);
    expect(history.redo()).toBeUndefined();
  });

  it('drops the redo tail when a new snapshot is pushed after an undo', () => {
    const history = new History<string>();
    history.reset('a');
    history.push('b');
    history.push('c');
    history.undo();
    history.push('d');
    expect(history.canRedo).toBe(false);
    expect(history.undo()).toBe('b');
  });

  it('keeps 99 snapshots by default, dropping the oldest', () => {
    const history = new History<number>();
    history.reset(0);
    for (let i = 1; i <= 150; i++) history.push(i);
    expect(history.size).toBe(99);
    let last: number | undefined;
    while (history.canUndo) last = history.undo();
    expect(last).toBe(52);
  });

  it('reports nothing to undo or redo before a reset and right after it', () => {
    const history = new History<number>(3);
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(false);
    history.reset(1);
    expect(history.canUndo).toBe(false);
  });
});

describe('History.replaceCurrent', () => {
  it('changes the current snapshot without adding an undo step', () => {
    const history = new History<string>();
    history.reset('loaded');
    history.replaceCurrent('settled');
    expect(history.canUndo).toBe(false);
    history.push('edited');
    expect(history.undo()).toBe('settled');
  });
});
