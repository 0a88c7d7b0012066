import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { seededRandom } from '@reelwright/scene';

/**
 * A photo-like landscape for benchmarks and tests, generated (no downloads) and deterministic:
 * sky gradient, sun, soft clouds, layered hills and foliage, so it scales and compresses like a
 * photograph rather than a flat test card. `index` varies the hue and the shapes; `grain` adds
 * fine noise, as a camera would.
 */
export function generatePhoto(options: { width: number; height: number; index?: number; grain?: boolean }): Canvas {
  const { width, height, index = 0 } = options;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const rnd = seededRandom(1000 + index);
  const hue = (index * 30) % 360;
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, `hsl(${hue + 210}, 55%, 25%)`);
  sky.addColorStop(0.55, `hsl(${hue + 25}, 70%, 65%)`);
  sky.addColorStop(1, `hsl(${hue + 40}, 80%, 82%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  const sx = width * (0.2 + rnd() * 0.6);
  const sy = height * (0.25 + rnd() * 0.2);
  const sun = ctx.createRadialGradient(sx, sy, 0, sx, sy, height * 0.35);
  sun.addColorStop(0, 'rgba(255,250,220,1)');
  sun.addColorStop(0.15, 'rgba(255,230,170,0.9)');
  sun.addColorStop(1, 'rgba(255,200,140,0)');
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 40; i++) {
    const x = rnd() * width;
    const y = rnd() * height * 0.5;
    const r = 40 + rnd() * 160;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, `rgba(255,255,255,${0.1 + rnd() * 0.25})`);
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
  }
  for (let layer = 0; layer < 4; layer++) {
    const base = height * (0.55 + layer * 0.1);
    const g = ctx.createLinearGradient(0, base - 120, 0, height);
    g.addColorStop(0, `hsl(${hue + 120 + layer * 20}, 30%, ${40 - layer * 8}%)`);
    g.addColorStop(1, '#0d1510');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(0, height);
    const wave = 150 + layer * 70 + rnd() * 100;
    for (let x = 0; x <= width; x += 60) ctx.lineTo(x, base - 80 * Math.sin(x / wave + layer + index) - rnd() * 30);
    ctx.lineTo(width, height);
    ctx.closePath();
    ctx.fill();
  }
  for (let i = 0; i < 300; i++) {
    ctx.fillStyle = `hsla(${hue + 90 + rnd() * 60}, 45%, ${15 + rnd() * 25}%, 0.6)`;
    ctx.beginPath();
    ctx.arc(rnd() * width, height * (0.7 + rnd() * 0.3), 4 + rnd() * 18, 0, Math.PI * 2);
    ctx.fill();
  }
  if (options.grain) {
    const pixels = ctx.getImageData(0, 0, width, height);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const n = (rnd() - 0.5) * 14;
      pixels.data[i] = pixels.data[i]! + n;
      pixels.data[i + 1] = pixels.data[i + 1]! + n;
      pixels.data[i + 2] = pixels.data[i + 2]! + n;
    }
    ctx.putImageData(pixels, 0, 0);
  }
  return canvas;
}
