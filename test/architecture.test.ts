/**
 * The dependency arrows of DESIGN §4, enforced by a test: no import cycles anywhere, and each
 * layer imports only the layers below it (web → core, scene; server → core, scene, canvas-node;
 * scene → core; canvas-node → core, scene; testkit → core, scene, canvas-node; core → zod).
 * Imports are read with TypeScript's own pre-processor.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = [
  'packages/core/src',
  'packages/scene/src',
  'packages/canvas-node/src',
  'packages/testkit/src',
  'apps/server/src',
  'apps/web/src',
];
const packageDirs: Record<string, string> = {
  '@reelwright/core': 'packages/core/src',
  '@reelwright/scene': 'packages/scene/src',
  '@reelwright/canvas-node': 'packages/canvas-node/src',
  '@reelwright/testkit': 'packages/testkit/src',
};
/** Which layers each layer may import. */
const allowed: Record<string, string[]> = {
  'packages/core': [],
  'packages/scene': ['packages/core'],
  'packages/canvas-node': ['packages/core', 'packages/scene'],
  'packages/testkit': ['packages/core', 'packages/scene', 'packages/canvas-node'],
  'apps/server': ['packages/core', 'packages/scene', 'packages/canvas-node'],
  'apps/web': ['packages/core', 'packages/scene'],
};

function listSources(dir: string): string[] {
  const abs = path.join(root, dir);
  // A package without source yet (git keeps no empty folders) has nothing to check.
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    const full = path.join(abs, name);
    if (statSync(full).isDirectory()) return listSources(path.join(dir, name));
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path.join(dir, name)] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else {
    const pkg = Object.keys(packageDirs).find((name) => specifier === name || specifier.startsWith(`${name}/`));
    if (!pkg) return null;
    base = path.join(packageDirs[pkg]!, specifier.slice(pkg.length) || 'index');
  }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return null;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const layerOf = (file: string) => Object.keys(allowed).find((layer) => file.startsWith(`${layer}/`));

const files = sourceRoots.flatMap(listSources);
const graph = new Map<string, string[]>();
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
  const targets = info.importedFiles.map((ref) => resolveImport(file, ref.fileName)).filter((t): t is string => !!t);
  graph.set(file, targets);
}

describe('architecture', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('has layers that import only the layers below them', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const layer = layerOf(file)!;
      // Tests may also use the fakes of the testkit (a dev dependency); the code they test may not.
      const mayImport = isTest(file) ? [...allowed[layer]!, 'packages/testkit'] : allowed[layer]!;
      for (const target of targets) {
        const targetLayer = layerOf(target)!;
        if (targetLayer !== layer && !mayImport.includes(targetLayer)) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycles', () => {
    // Tarjan's strongly connected components: any component of two or more files is a cycle.
    let index = 0;
    const indices = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (node: string) => {
      indices.set(node, index);
      low.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      for (const next of graph.get(node) ?? []) {
        if (!indices.has(next)) {
          visit(next);
          low.set(node, Math.min(low.get(node)!, low.get(next)!));
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
      if (low.get(node) === indices.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const node of graph.keys()) if (!indices.has(node)) visit(node);
    expect(cycles).toEqual([]);
  });
});
