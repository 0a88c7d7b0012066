import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh temporary folder for one upload, removed by `done`. */
export async function uploadWorkspace(): Promise<{ dir: string; done: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-upload-'));
  return { dir, done: () => rm(dir, { recursive: true, force: true }) };
}
