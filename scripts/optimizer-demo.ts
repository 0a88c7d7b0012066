/**
 * Makes the optimizer teaser's demo video (D67), `apps/web/public/demo/optimizer-demo.mp4`, with
 * the product's own renderer: five slides that show what the optimizer gives for a keyword. The
 * MP4 ships in the repository so the teaser plays offline; run this again after changing it:
 * `node --import tsx scripts/optimizer-demo.ts` (then `git add` the MP4).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFrame, createTextItem, type TextItem } from '@reelwright/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'apps/web/public/demo/optimizer-demo.mp4');
const SECONDS = 3;

const slides: { step: string; text: string; color: string; size: number }[] = [
  { step: '1 · Target keyword', text: 'cold brew coffee', color: '#1c7ed6', size: 64 },
  { step: '2 · Title', text: 'Cold brew coffee: the easy way to make it at home', color: '#5f3dc4', size: 44 },
  {
    step: '3 · Description with chapters',
    text: 'Learn how to make smooth **cold brew coffee**.\n\n0:00 What cold brew is\n0:12 Grind and steep\n0:30 Serve it cold',
    color: '#0c8599',
    size: 34,
  },
  {
    step: '4 · Tags',
    text: 'cold brew coffee, iced coffee, coffee concentrate, cold brew ratio',
    color: '#2f9e44',
    size: 38,
  },
  { step: '5 · Download the MP4 and upload', text: 'Copy, paste, publish: get found.', color: '#e8590c', size: 48 },
];

/** A text item; `**…**` in a line is set in bold. */
function text(id: string, lines: string, overrides: Partial<Omit<TextItem, 'type' | 'paragraphs'>>): TextItem {
  const item = createTextItem(id, lines, { timing: { start: 0, stop: SECONDS }, ...overrides });
  const paragraphs = lines.split('\n').map((line) => ({
    runs: line
      .split('**')
      .map((part, i) => ({ text: part, ...(i % 2 === 1 ? { bold: true } : {}) }))
      .filter((run) => run.text !== ''),
  }));
  return { ...item, paragraphs };
}

const movie = {
  size: { width: 1024, height: 576 },
  frames: slides.map((slide, i) =>
    createFrame(`demo${i}`, {
      duration: SECONDS,
      background: { type: 'color', color: slide.color },
      items: [
        text(`step${i}`, slide.step, {
          box: { left: 0.08, top: 0.1, width: 0.84, height: 0.14 },
          font: { family: 'Inter', size: 30 / 576, lineHeight: 1.2 },
          padding: 0,
          color: '#ffffffcc',
        }),
        {
          ...text(`text${i}`, slide.text, {
            box: { left: 0.08, top: 0.28, width: 0.84, height: 0.58 },
            font: { family: 'Inter', size: slide.size / 576, lineHeight: 1.3 },
          }),
          align: i === 2 ? 'left' : 'center',
          container: { backgroundColor: '#000000', backgroundAlpha: 0.25 },
        } as TextItem,
      ],
    }),
  ),
};

const work = mkdtempSync(path.join(tmpdir(), 'rw-optimizer-demo-'));
const input = path.join(work, 'optimizer-demo.json');
writeFileSync(input, JSON.stringify(movie));
execFileSync('npm', ['run', 'render', '--', input, output, '--width', '640', '--height', '360', '--fps', '24'], {
  cwd: root,
  stdio: 'inherit',
});
