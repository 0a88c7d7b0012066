/**
 * Generates the render benchmark project `bench/projects/slides-60.json` and its media
 * (`bench/projects/media/`): 12 slides × 5 s at 1920×1080, each a full-frame generated photo
 * (gradients and shapes, different per slide) with Ken Burns 1.0 → 1.1, a semi-transparent dark
 * box at the bottom and two lines of white bold text fading in over 0.5 s; hard cuts; narration
 * on every slide and music at 0.25 under the whole movie. Deterministic: run it again and the
 * images are the same. Run: `node --import tsx bench/make-slides-60.ts` (needs ffmpeg).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

const WIDTH = 1920;
const HEIGHT = 1080;
const SLIDES = 12;
const SLIDE_SECONDS = 5;
const here = path.dirname(fileURLToPath(import.meta.url));
const projects = path.join(here, 'projects');
const media = path.join(projects, 'media');

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A photo-like landscape: sky gradient, sun, clouds, layered hills, foliage; hue per slide. */
function photo(index: number): Buffer {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  const rnd = random(1000 + index);
  const hue = (index * 30) % 360;
  const sky = ctx.createLinearGradient(0, 0, 0, HEIGHT);
  sky.addColorStop(0, `hsl(${hue + 210}, 55%, 25%)`);
  sky.addColorStop(0.55, `hsl(${hue + 25}, 70%, 65%)`);
  sky.addColorStop(1, `hsl(${hue + 40}, 80%, 82%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  const sx = WIDTH * (0.2 + rnd() * 0.6);
  const sy = HEIGHT * (0.25 + rnd() * 0.2);
  const sun = ctx.createRadialGradient(sx, sy, 0, sx, sy, HEIGHT * 0.35);
  sun.addColorStop(0, 'rgba(255,250,220,1)');
  sun.addColorStop(0.15, 'rgba(255,230,170,0.9)');
  sun.addColorStop(1, 'rgba(255,200,140,0)');
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  for (let i = 0; i < 40; i++) {
    const x = rnd() * WIDTH;
    const y = rnd() * HEIGHT * 0.5;
    const r = 40 + rnd() * 160;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, `rgba(255,255,255,${0.1 + rnd() * 0.25})`);
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
  }
  for (let layer = 0; layer < 4; layer++) {
    const base = HEIGHT * (0.55 + layer * 0.1);
    const g = ctx.createLinearGradient(0, base - 120, 0, HEIGHT);
    g.addColorStop(0, `hsl(${hue + 120 + layer * 20}, 30%, ${40 - layer * 8}%)`);
    g.addColorStop(1, '#0d1510');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(0, HEIGHT);
    const wave = 150 + layer * 70 + rnd() * 100;
    for (let x = 0; x <= WIDTH; x += 60) ctx.lineTo(x, base - 80 * Math.sin(x / wave + layer + index) - rnd() * 30);
    ctx.lineTo(WIDTH, HEIGHT);
    ctx.closePath();
    ctx.fill();
  }
  for (let i = 0; i < 300; i++) {
    ctx.fillStyle = `hsla(${hue + 90 + rnd() * 60}, 45%, ${15 + rnd() * 25}%, 0.6)`;
    ctx.beginPath();
    ctx.arc(rnd() * WIDTH, HEIGHT * (0.7 + rnd() * 0.3), 4 + rnd() * 18, 0, Math.PI * 2);
    ctx.fill();
  }
  return canvas.encodeSync('jpeg', 80);
}

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
  ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.2:sample_rate=22050:duration=${SLIDES * SLIDE_SECONDS}`],
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
