/** Test helpers for the render queue suites (imported by tests only). */
import { createFrame, createTextItem, type Movie, MovieSchema, type ProjectData } from '@reelwright/core';
import { buildProjectData } from '../../test/factories';
import type { RenderJobRow } from './tables';

/** A 320×180 movie of `seconds` with one caption; `items` replace the caption. */
export function smallProject(seconds: number, items = [createTextItem('t1', 'Queued render')]): ProjectData {
  return buildProjectData({
    video: { size: { width: 320, height: 180 }, frames: [createFrame('f1', { duration: seconds, items })] },
  } as Partial<ProjectData>);
}

/** A project of `slides` slides of `seconds` each, every one showing `items` (a segment each, D75). */
export function slidesProject(
  slides: number,
  seconds: number,
  items = [createTextItem('t1', 'Queued render')],
): ProjectData {
  const frames = Array.from({ length: slides }, (_, i) =>
    createFrame(`f${i + 1}`, { duration: seconds, items: items.map((item) => ({ ...item, id: `${item.id}-${i}` })) }),
  );
  return buildProjectData({ video: { size: { width: 320, height: 180 }, frames } } as Partial<ProjectData>);
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

/** Slides of `segmentMovie`. */
export const SLIDES = 12;

/** Twelve 2-second slides at 320×180: a caption each over colours and a gradient, fades on some, music under all. */
export function segmentMovie(edit: { slide?: number; music?: string } = {}): Movie {
  return MovieSchema.parse({
    size: { width: 320, height: 180 },
    audio: { url: edit.music ?? 'music-a.wav' },
    frames: Array.from({ length: SLIDES }, (_, i) => ({
      id: `s${i}`,
      duration: 2,
      background:
        i % 3 === 2
          ? {
              type: 'gradient',
              gradient: {
                kind: 'linear',
                stops: [
                  { color: '#203040', at: 0 },
                  { color: '#a05030', at: 1 },
                ],
              },
            }
          : { type: 'color', color: `#${(0x203040 + i * 0x0a0806).toString(16)}` },
      transition: i % 4 === 1 ? { show: { name: 'fade', duration: 0.5 } } : {},
      items: [
        createTextItem('t', i === edit.slide ? `Slide ${i + 1}, edited` : `Slide ${i + 1}`, {
          timing: { start: 0, stop: 2 },
        }),
      ],
    })),
  } as unknown);
}
