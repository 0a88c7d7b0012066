import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { vi } from 'vitest';

/**
 * For tests: turns the network off for this process. Every socket connect, DNS look-up and
 * `fetch` throws, so a test passes only if the code under test opens no connection at all.
 * Answers the list of attempts (also thrown) and a function that turns it back on.
 */
export function networkOff(): { attempts: string[]; restore: () => void } {
  const attempts: string[] = [];
  const refuse = (what: string) => {
    attempts.push(what);
    throw new Error(`network is off in this test: ${what}`);
  };
  const spies = [
    vi
      .spyOn(net.Socket.prototype, 'connect')
      .mockImplementation((...args: unknown[]) => refuse(`connect ${JSON.stringify(args[0])}`)),
    vi.spyOn(tls, 'connect').mockImplementation(() => refuse('tls.connect')),
    vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((host: string) => refuse(`dns.lookup ${host}`)) as unknown as typeof dns.lookup),
    vi.spyOn(dns.promises, 'lookup').mockImplementation(async (host: string) => refuse(`dns.promises.lookup ${host}`)),
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => refuse(`fetch ${String(input)}`)),
  ];
  return {
    attempts,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/** For tests: decodes an image (PNG, or SVG at its own size) and counts its pixels. */
export async function inspectImage(bytes: Buffer): Promise<{
  width: number;
  height: number;
  /** Pixels with alpha above 200. */
  opaque: number;
  /** Opaque pixels whose channels differ by more than 40: in colour, not grey. */
  coloured: number;
  /** The average colour of the opaque pixels. */
  mean: [number, number, number];
}> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  let opaque = 0;
  let coloured = 0;
  const sum: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
    if (a <= 200) continue;
    opaque++;
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) coloured++;
  }
  const mean = sum.map((s) => (opaque ? Math.round(s / opaque) : 0)) as [number, number, number];
  return { width: image.width, height: image.height, opaque, coloured, mean };
}
