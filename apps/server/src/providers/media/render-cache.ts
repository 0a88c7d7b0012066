import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileStore } from '../../storage/file-store';

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' } as const;
export type RenderedExt = keyof typeof CONTENT_TYPES;

/**
 * Keeps what the offline engines draw in the file store under `<engine>/<hash>.<ext>`, served at
 * `/media/<engine>/<hash>.<ext>` (the `/media/<key>` ↔ `<key>` mapping of storage/media-routes.ts,
 * which the render pipeline reads back). The hash covers the engine, a drawing version and every
 * input, so a file never changes once written: a cached one is answered without drawing again.
 */
export class RenderCache {
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly files: FileStore) {}

  /** The URL of the drawing for `inputs`, drawing and storing it first when it is not stored yet. */
  async url(engine: string, inputs: unknown, ext: RenderedExt, draw: () => Buffer | Promise<Buffer>): Promise<string> {
    const hash = createHash('sha256')
      .update(JSON.stringify([engine, inputs, ext]))
      .digest('hex')
      .slice(0, 32);
    const key = `${engine}/${hash}.${ext}`;
    let job = this.pending.get(key);
    if (!job) {
      job = this.store(key, ext, draw).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    await job;
    return `/media/${key}`;
  }

  private async store(key: string, ext: RenderedExt, draw: () => Buffer | Promise<Buffer>): Promise<string> {
    if (await this.files.exists(key)) return key;
    const bytes = await draw();
    const dir = await mkdtemp(path.join(tmpdir(), 'rw-media-'));
    try {
      const file = path.join(dir, `drawing.${ext}`);
      await writeFile(file, bytes);
      await this.files.put(key, file, CONTENT_TYPES[ext]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return key;
  }
}

/** `#rgb` or `#rrggbb`, as the engines that draw in a colour accept it. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
/** The colour icons and shapes are drawn in unless the search names one. */
export const DEFAULT_DRAW_COLOR = '#1f2937';

/** `#abc` → `#aabbcc`, lower-case. */
export function normalizeColor(color: string | undefined): string {
  if (!color || !HEX_COLOR.test(color)) return DEFAULT_DRAW_COLOR;
  const hex = color.slice(1).toLowerCase();
  return hex.length === 3 ? `#${[...hex].map((c) => c + c).join('')}` : `#${hex}`;
}
