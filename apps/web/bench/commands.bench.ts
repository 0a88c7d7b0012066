/**
 * The builder's command layer on a 100-slide project (issue 17): what one step costs to apply,
 * to undo and to save as a patch, against the old way (a structured clone of the whole document
 * per edit, then a diff of the whole document at save). Run: `npm run bench:commands -w apps/web`.
 */
import { createFrame, createTextItem, emptyProjectData, ImageItemSchema, type ProjectData } from '@reelwright/core';
import { createPatch } from 'rfc6902';
import { runCommand } from '../src/builder/commands/define';
import { moveItems } from '../src/builder/commands/item-commands';
import { compactOps, toJsonPatch } from '../src/builder/commands/json-patch';
import { ProjectDocument } from '../src/builder/commands/project-document';
import { normalise } from '../src/features/project/save-project';

const SLIDES = 100;
const RUNS = 400;

/** A project of 100 slides, each a photo, a title, a caption and a narration item. */
function hundredSlides(): ProjectData {
  const data = emptyProjectData();
  data.video.size = { width: 1920, height: 1080 };
  data.video.frames = Array.from({ length: SLIDES }, (_, i) =>
    createFrame(`frame-${i + 1}`, {
      duration: 6,
      items: [
        createTextItem(`title-${i}`, `Slide ${i + 1}: a title of a few words`, { timing: { start: 0, stop: 6 } }),
        createTextItem(`caption-${i}`, 'A caption with a **bold** word and a longer second sentence.', {
          timing: { start: 1, stop: 6 },
        }),
        ImageItemSchema.parse({
          id: `photo-${i}`,
          type: 'image',
          url: `/media/photo-${i}.jpg`,
          timing: { start: 0, stop: 6 },
          box: { left: 0, top: 0, width: 1, height: 1 },
          kenBurns: { fromScale: 1, toScale: 1.2 },
        }),
      ],
    }),
  );
  return normalise(data);
}

/** Median and 95th percentile of `run`, in microseconds. */
function measure(run: (i: number) => void, runs = RUNS): { median: number; p95: number } {
  for (let i = 0; i < 20; i++) run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run(i);
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]! };
}

async function measureAsync(run: () => Promise<void>, runs = 40): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]! };
}

const base = hundredSlides();
const frameId = 'frame-50';
const move = (i: number) => ({ frameId, moves: [{ id: 'title-49', left: (i % 100) / 200, top: 0.1 }] });

// Ours: a named command on the immer document; its patches are what a save sends.
const document = new ProjectDocument(base);
const recorded: Parameters<typeof toJsonPatch>[0][number][] = [];
document.subscribe((change) => recorded.push(...change.patches));
const apply = measure((i) => runCommand(document, moveItems, move(i)));
const undo = measure(() => {
  document.undo();
  document.redo();
});
const gestureMove = measure((i) => {
  if (i % 60 === 0) document.beginGesture('moveItems');
  runCommand(document, moveItems, move(i));
  if (i % 60 === 59) document.commitGesture();
});
document.commitGesture();

// The old way: each edit cloned the whole document, and so did each history snapshot.
let snapshot = base;
const clone = measure((i) => {
  const draft = structuredClone(snapshot);
  draft.video.frames[49]!.items[0]!.box.left = (i % 100) / 200;
  snapshot = draft;
  structuredClone(snapshot);
});

// Saving: the document is validated (normalise) and hashed on every save, then sent as a patch.
const edited = document.data;
const stepPatches = recorded.slice(-2);
const ourPatch = measure(() => compactOps(toJsonPatch(stepPatches)));
const gesturePatch = measure(() => compactOps(toJsonPatch(recorded.slice(0, 120))), 100);
const diffWhole = measure(() => createPatch(base, edited), 10);
const normaliseCost = measure(() => normalise(edited), 40);
const { hashDocument } = await import('@reelwright/core');
const hash = await measureAsync(() => hashDocument(edited).then(() => undefined));

const fmt = (m: { median: number; p95: number }) => `${m.median.toFixed(1)} µs (p95 ${m.p95.toFixed(1)})`;
const bytes = JSON.stringify(base).length;
console.log(`command layer on ${SLIDES} slides (${(bytes / 1024).toFixed(0)} KiB of JSON), ${RUNS} runs each`);
console.log(`  apply moveItems (a step):            ${fmt(apply)}`);
console.log(`  undo + redo of that step:            ${fmt(undo)}`);
console.log(`  one pointer move inside a gesture:   ${fmt(gestureMove)}`);
console.log(
  `  old: clone per edit + snapshot:      ${fmt(clone)}  (${(clone.median / apply.median).toFixed(0)}× a step)`,
);
console.log('saving the step (per save, 1000 ms after the last edit)');
console.log(`  ours: the step's patches as RFC 6902:  ${fmt(ourPatch)}`);
console.log(`  ours: a 60-move drag, compacted:      ${fmt(gesturePatch)}`);
console.log(
  `  old: diff of the whole document:      ${fmt(diffWhole)}  (${(diffWhole.median / ourPatch.median).toFixed(0)}× ours)`,
);
console.log(`  validate (normalise):                 ${fmt(normaliseCost)}`);
console.log(`  canonical JSON + SHA-256:             ${fmt(hash)}`);
