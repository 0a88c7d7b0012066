import { createFrame, emptyProjectData, type TextItem } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../features/project/fake-clock';
import { runCommand } from './commands/define';
import { moveItems, resizeItem, setItemProps } from './commands/item-commands';
import { ProjectDocument } from './commands/project-document';
import { textAt } from './test/test-editor';
import { type MeasureText, REFIT_DEBOUNCE_MS, TextRefitter } from './text-refit';

function setup(measureWorks = true) {
  const data = emptyProjectData();
  data.video.frames = [
    createFrame('frame-1', { items: [textAt('title', { left: 100, top: 100, width: 200, height: 100 })] }),
  ];
  const clock = new FakeClock();
  const document = new ProjectDocument(data, clock);
  const measured: string[] = [];
  const measure: MeasureText = (item) => {
    measured.push(`${item.box.width.toFixed(3)}`);
    return measureWorks ? { key: `w${item.box.width.toFixed(3)}`, lines: [[0, 0, 5]], fontSize: 0.05 } : null;
  };
  new TextRefitter(document, measure, clock);
  const title = () => document.data.video.frames[0]!.items[0] as TextItem;
  return { clock, document, measured, title };
}

describe('text refit (spec 002 §4)', () => {
  it('refits 500 ms after the last change of width, height or font, once', async () => {
    const { clock, document, measured, title } = setup();
    for (const width of [0.3, 0.35, 0.4]) {
      runCommand(document, resizeItem, { frameId: 'frame-1', id: 'title', box: { ...title().box, width } });
      await clock.advance(200);
    }
    expect(measured).toEqual([]);
    await clock.advance(REFIT_DEBOUNCE_MS);
    expect(measured).toEqual(['0.400']);
    expect(title().layoutCache).toEqual({ key: 'w0.400', lines: [[0, 0, 5]], fontSize: 0.05 });
    // The refit is not an edit: undo takes back the resize, not the fit.
    expect(document.undoNames).toEqual(['resizeItem', 'resizeItem', 'resizeItem']);
  });

  it('does not refit when only the position or other fields change', async () => {
    const { clock, document, measured } = setup();
    runCommand(document, moveItems, { frameId: 'frame-1', moves: [{ id: 'title', left: 0.5, top: 0.5 }] });
    runCommand(document, setItemProps, { frameId: 'frame-1', id: 'title', props: { color: '#ff0000' } });
    await clock.advance(1000);
    expect(measured).toEqual([]);
  });

  it('refits when the font changes', async () => {
    const { clock, document, measured, title } = setup();
    runCommand(document, setItemProps, {
      frameId: 'frame-1',
      id: 'title',
      props: { font: { ...title().font, family: 'Lora' } },
    });
    await clock.advance(REFIT_DEBOUNCE_MS);
    expect(measured).toHaveLength(1);
  });

  it('stores nothing while the font cannot be measured', async () => {
    const { clock, document, title } = setup(false);
    runCommand(document, resizeItem, { frameId: 'frame-1', id: 'title', box: { ...title().box, width: 0.5 } });
    await clock.advance(REFIT_DEBOUNCE_MS);
    expect(title().layoutCache).toBeUndefined();
  });
});
