/**
 * Every environment variable the code reads is described once, in a configuration slice or, when
 * no configuration reads it, in scripts/env-doc.ts's `outsideConfig`, and so appears in the list
 * in docs/operations.md. The server's own code reads its settings only through config.ts.
 * Reads are found in the source text: a property of the environment object, a quoted index into
 * it, or names destructured from it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSections } from '../apps/server/src/config';
import { outsideConfig, REGENERATE, root } from '../scripts/env-doc';
import { listFiles } from './support/files';

const scannedDirs = ['apps', 'packages', 'scripts', 'test', 'e2e', 'bench'];
const isSource = (name: string) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts');
const isTest = (file: string) => /\.(test|e2e)\.tsx?$/.test(file);
const ENV = String.raw`(?:process\.env|import\.meta\.env)`;

const listSources = (dir: string) => listFiles(dir, isSource);

type Read = { name: string; file: string; line: number };

/** The variables a source file reads, and the reads whose name the text does not show. */
function readsOf(file: string): { reads: Read[]; dynamic: Read[] } {
  const text = readFileSync(path.join(root, file), 'utf8');
  const at = (index: number) => text.slice(0, index).split('\n').length;
  const reads: Read[] = [];
  const dynamic: Read[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`${ENV}\.([A-Za-z_$][\w$]*)`, 'g')))
    reads.push({ name: m[1]!, file, line: at(m.index) });
  for (const m of text.matchAll(new RegExp(String.raw`${ENV}\[\s*(['"\x60])([^'"\x60]+)\1\s*\]`, 'g')))
    reads.push({ name: m[2]!, file, line: at(m.index) });
  for (const m of text.matchAll(new RegExp(String.raw`${ENV}\[(?!\s*(['"\x60])[^'"\x60]+\1\s*\])`, 'g')))
    dynamic.push({ name: '(computed)', file, line: at(m.index) });
  for (const m of text.matchAll(new RegExp(String.raw`\{([^{}]*)\}\s*=\s*${ENV}\b`, 'g'))) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(':')[0]!.trim();
      if (name && !name.startsWith('...')) reads.push({ name, file, line: at(m.index) });
    }
  }
  return { reads, dynamic };
}

const scanned = scannedDirs.flatMap(listSources).map(readsOf);
const reads = scanned.flatMap((s) => s.reads);
const configured = new Set(envSections.flatMap((section) => Object.keys(section.env)));
const outside = new Set(outsideConfig.flatMap((section) => Object.keys(section.env)));
const where = (r: Read) => `${r.name} (${r.file}:${r.line})`;

describe('environment variables', () => {
  it('finds the reads', () => {
    expect(reads.length).toBeGreaterThan(20);
  });

  it('are each described, and so listed in docs/operations.md', () => {
    const undescribed = reads.filter((r) => !configured.has(r.name) && !outside.has(r.name)).map(where);
    expect(
      undescribed,
      `describe each in its area's config slice (apps/server/src/config-slice.ts) or, when no configuration reads it, in scripts/env-doc.ts's outsideConfig; then run ${REGENERATE}`,
    ).toEqual([]);
  });

  it('are read by name', () => {
    const dynamic = scanned.flatMap((s) => s.dynamic).map(where);
    expect(dynamic, 'a computed name cannot be checked: read each variable by its name').toEqual([]);
  });

  it('are described once', () => {
    expect([...outside].filter((name) => configured.has(name))).toEqual([]);
  });

  it('described outside the configuration are still read', () => {
    const read = new Set(reads.map((r) => r.name));
    expect(
      [...outside].filter((name) => !read.has(name)),
      "no code reads these any more: take them out of scripts/env-doc.ts's outsideConfig",
    ).toEqual([]);
  });

  it('that the configuration parses reach the server through config.ts only', () => {
    const around = reads
      .filter((r) => r.file.startsWith(`apps${path.sep}server${path.sep}src${path.sep}`) && !isTest(r.file))
      .filter((r) => configured.has(r.name))
      .map(where);
    expect(around, 'take the value from the Config (loadConfig) instead of the environment').toEqual([]);
  });
});
