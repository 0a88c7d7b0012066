/**
 * Generates the render benchmark project `bench/projects/slides-60.json` and its media
 * (`bench/projects/media/`): 12 slides × 5 s at 1920×1080, each a full-frame generated photo
 * (gradients and shapes, different per slide) with Ken Burns 1.0 → 1.1, a semi-transparent dark
 * box at the bottom and two lines of white bold text fading in over 0.5 s; hard cuts; narration
 * on every slide and music at 0.25 under the whole movie. Deterministic: run it again and the
 * media are the same. Run: `node --import tsx bench/make-slides-60.ts` (needs ffmpeg).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePhoto } from '@reelwright/testkit';

const WIDTH = 1920;
const HEIGHT = 1080;
const SLIDES = 12;
const SLIDE_SECONDS = 5;
const here = path.dirname(fileURLToPath(import.meta.url));
const projects = path.join(here, 'projects');
const media = path.join(projects, 'media');

/** The photo of slide `index`, as a JPEG. */
const photo = (index: number): Buffer => generatePhoto({ width: WIDTH, height: HEIGHT, index }).encodeSync('jpeg', 80);

const BOX = { left: 0.05, top: 0.68, width: 0.9, height: 0.26 };

function slide(index: number) {
  const stop = SLIDE_SECONDS;
  const lines = [`Slide ${index + 1}: Reelwright turns any article`, 'into a narrated video in minutes'];
  return {
    id: `slide-${index + 1}`,
    duration: SLIDE_SECONDS,
    items: [
      {
        id: `narration-${index + 1}`,
        type: 'audio',
        url: 'media/narration.mp3',
        timing: { start: 0, stop },
        box: { left: 0, top: 0, width: 0.1, height: 0.1 },
      },
      {
        id: `caption-${index + 1}`,
        type: 'text',
        timing: { start: 0, stop },
        box: BOX,
        paragraphs: lines.map((text) => ({ runs: [{ text, bold: true }] })),
        font: { family: 'Inter', size: 44 / 576, lineHeight: 1.25 },
        color: '#ffffff',
        style: { shadow: { enabled: true, thickness: 6, color: '#000000cc', distance: 2 } },
        fx: { show: { name: 'fade', duration: 0.5 } },
      },
      {
        id: `box-${index + 1}`,
        type: 'text',
        timing: { start: 0, stop },
        box: BOX,
        paragraphs: [],
        container: { backgroundColor: '#000000', backgroundAlpha: 0.55 },
      },
      {
        id: `photo-${index + 1}`,
        type: 'image',
        url: `media/slide-${String(index + 1).padStart(2, '0')}.jpg`,
        timing: { start: 0, stop },
        box: { left: 0, top: 0, width: 1, height: 1 },
        kenBurns: { fromScale: 1, toScale: 1.1 },
      },
    ],
  };
}

mkdirSync(media, { recursive: true });
for (let i = 0; i < SLIDES; i++) {
  const jpeg = photo(i);
  writeFileSync(path.join(media, `slide-${String(i + 1).padStart(2, '0')}.jpg`), jpeg);
  console.log(`slide ${i + 1}: ${(jpeg.byteLength / 1024).toFixed(0)} KB`);
}
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', ...args]);
// Narration: a 5 s voice-like tone (warbling sine) played on every slide, 60 s in all.
ffmpeg([
  ...['-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=22050:duration=${SLIDE_SECONDS}`],
  ...['-af', 'vibrato=f=5:d=0.5,volume=0.5', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k'],
  path.join(media, 'narration.mp3'),
]);
// Music: 60 s of soft pink noise under a low tone, mono 48 kb/s.
ffmpeg([
  ...[
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.2:seed=1:sample_rate=22050:duration=${SLIDES * SLIDE_SECONDS}`,
  ],
  ...['-f', 'lavfi', '-i', `sine=frequency=110:sample_rate=22050:duration=${SLIDES * SLIDE_SECONDS}`],
  ...['-filter_complex', 'amix=inputs=2', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k'],
  path.join(media, 'music.mp3'),
]);
const movie = {
  size: { width: WIDTH, height: HEIGHT },
  audio: { url: 'media/music.mp3', musicVolume: 0.25, voiceVolume: 1 },
  frames: Array.from({ length: SLIDES }, (_, i) => slide(i)),
};
writeFileSync(path.join(projects, 'slides-60.json'), `${JSON.stringify(movie, null, 2)}\n`);
console.log('wrote bench/projects/slides-60.json');
