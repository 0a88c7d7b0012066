/** Test helpers for the render queue suites (imported by tests only). */
import { createFrame, createTextItem, type ProjectData } from '@reelwright/core';
import { buildProjectData } from '../../test/factories';
import type { RenderJobRow } from './tables';

/** A 320×180 movie of `seconds` with one caption; `items` replace the caption. */
export function smallProject(seconds: number, items = [createTextItem('t1', 'Queued render')]): ProjectData {
  return buildProjectData({
    video: { size: { width: 320, height: 180 }, frames: [createFrame('f1', { duration: seconds, items })] },
  } as Partial<ProjectData>);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the row until `done(row)` or the time runs out. */
export async function waitFor(
  read: () => Promise<RenderJobRow>,
  done: (row: RenderJobRow) => boolean,
  ms = 120_000,
): Promise<RenderJobRow> {
  const until = Date.now() + ms;
  for (;;) {
    const row = await read();
    if (done(row) || Date.now() > until) return row;
    await pause(200);
  }
}
