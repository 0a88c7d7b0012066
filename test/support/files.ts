import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository's root; the paths `listFiles` answers are relative to it. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Folders of dependencies, builds and data, never source. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'data']);

/**
 * The files below `dir` (relative to the repository) whose name `keep` accepts, found by walking
 * the folders; a folder that does not exist (git keeps no empty ones) has none.
 */
export function listFiles(dir: string, keep: (name: string) => boolean): string[] {
  const abs = path.join(repoRoot, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : listFiles(file, keep);
    return keep(entry.name) ? [file] : [];
  });
}
