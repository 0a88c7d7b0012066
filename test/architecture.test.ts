/**
 * The dependency arrows of DESIGN §4, enforced by a test: no import cycles anywhere, and each
 * layer imports only the layers below it (web → core, scene; server → core, scene, canvas-node;
 * scene → core; canvas-node → core, scene; testkit → core, scene, canvas-node; core → zod).
 * Inside the server, each folder may import only the folders its row of `serverUnits` names, and
 * another domain only through that domain's `service.ts` (DESIGN §4). Imports are read with
 * TypeScript's own pre-processor.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listFiles, repoRoot as root } from './support/files';

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

const SERVER = 'apps/server/src/';
const SCHEMA = `${SERVER}db/schema.ts`;
/** Files at the server's root that put the app together; they may import any file of the units they name. */
const composition = ['app.ts', 'main.ts', 'serve.ts', 'admin.ts', 'workers.ts'];
/** Folders that own routes, services and tables; other units reach them through `service.ts` only. */
const domains = [
  'accounts',
  'articles',
  'media',
  'music',
  'news',
  'notify',
  'optimizer',
  'presets',
  'projects',
  'public-api',
  'publish',
  'queue',
  'ratings',
  'remove-bg',
  'renders',
  'settings',
  'speech',
  'transcription',
  'tutorials',
  'uploads',
  'video-sites',
  'web',
  'webhooks',
];
const base = ['errors.ts', 'config', 'body-limits.ts', 'error-responses.ts', 'route-of.ts'];
const infrastructure = [...base, 'db', 'net', 'storage', 'mail', 'plugins', 'ffmpeg', 'in-turn.ts'];
/**
 * A server unit is a folder of `apps/server/src` (each `providers/<service>` its own) or a file at
 * its root, except the configuration: `config.ts` and its slices (a `config.ts` beside the code it
 * configures, D62) are one unit. Each row names the units it may import; the rows must not make a
 * circle.
 */
const serverUnits: Record<string, string[]> = {
  'app.ts': [...infrastructure, 'workers.ts', ...domains],
  'main.ts': [...infrastructure, 'admin.ts', 'serve.ts', 'workers.ts', 'render', 'maker'],
  'serve.ts': [...infrastructure, 'app.ts', 'render'],
  'admin.ts': [...infrastructure, 'accounts', 'news', 'tutorials'],
  'workers.ts': [
    ...infrastructure,
    'render',
    'renders',
    'queue',
    'transcription',
    'publish',
    'notify',
    'projects',
    'video-sites',
    'webhooks',
    'public-api',
  ],
  'errors.ts': [],
  config: ['errors.ts'],
  'body-limits.ts': [],
  'in-turn.ts': [],
  'error-responses.ts': ['errors.ts'],
  'route-of.ts': ['error-responses.ts'],
  db: ['errors.ts', 'config'],
  net: ['errors.ts', 'config'],
  ffmpeg: ['errors.ts'],
  mail: ['errors.ts', 'config'],
  plugins: ['errors.ts', 'config', 'body-limits.ts', 'db', 'mail'],
  storage: ['errors.ts', 'config', 'plugins'],
  // The frame pipeline: a project and its media in, an MP4 out; it knows nothing of members.
  render: ['errors.ts', 'config', 'net', 'storage', 'ffmpeg', 'in-turn.ts'],
  // What every adapter shares: the vendor fetch, its error vocabulary, the AWS signer.
  'providers/http': ['errors.ts'],
  'providers/articles': ['errors.ts', 'config', 'net', 'providers/http'],
  'providers/media': ['errors.ts', 'config', 'net', 'storage', 'providers/http'],
  'providers/remove-bg': ['errors.ts', 'config', 'net', 'providers/http'],
  'providers/llm': ['errors.ts', 'config', 'providers/http'],
  'providers/tts': ['errors.ts', 'config', 'net', 'ffmpeg', 'providers/http'],
  'providers/transcription': ['errors.ts', 'config', 'net', 'ffmpeg', 'providers/tts', 'providers/http'],
  accounts: [...infrastructure],
  settings: [...infrastructure, 'accounts'],
  // Projects draw their own poster frames with the frame pipeline (D69) and save only media the
  // member may use (D85).
  projects: [...infrastructure, 'accounts', 'render', 'media'],
  articles: [...infrastructure, 'accounts', 'providers/articles', 'providers/http'],
  news: [...infrastructure, 'accounts'],
  notify: [...infrastructure, 'accounts'],
  presets: [...infrastructure, 'accounts'],
  ratings: [...infrastructure, 'accounts', 'projects'],
  tutorials: [...infrastructure],
  web: [...infrastructure],
  music: [...infrastructure],
  uploads: [...infrastructure, 'accounts', 'providers/media'],
  // Which media a project may name (D85): stored files are the member's uploads, recordings, speech.
  media: [...infrastructure, 'accounts', 'uploads', 'speech', 'providers/media'],
  // A stored picture is read only when the member may use it, by the media rule (issue 31).
  'remove-bg': [...infrastructure, 'accounts', 'uploads', 'media', 'providers/remove-bg', 'providers/http'],
  // A project's speech is checked against the member's projects by the app (SpeechDeps.assertOwnProject).
  speech: [...infrastructure, 'accounts', 'settings', 'providers/tts', 'providers/transcription', 'providers/http'],
  transcription: [...infrastructure, 'accounts', 'projects', 'speech', 'providers/transcription', 'providers/http'],
  renders: [...infrastructure, 'accounts', 'projects', 'media', 'render', 'queue'],
  // Worker heartbeats and the queue's metrics (D87): pg-boss's tables and its own.
  queue: [...infrastructure],
  publish: [...infrastructure, 'accounts', 'projects', 'renders', 'notify'],
  optimizer: [
    ...infrastructure,
    'accounts',
    'projects',
    'articles',
    'providers/articles',
    'providers/http',
    'providers/llm',
  ],
  // A video from a source in one call (D71): the wizard's steps through each domain's service, then the frame pipeline.
  maker: [
    ...infrastructure,
    'accounts',
    'articles',
    'media',
    'music',
    'speech',
    'render',
    'providers/articles',
    'providers/media',
    'providers/tts',
  ],
  // The public API /api/v1 (D72): the API key in front of the members' own domains; its video
  // jobs run the maker and hand the project to publishing (D74).
  'public-api': [...infrastructure, 'accounts', 'projects', 'renders', 'publish', 'optimizer', 'webhooks', 'maker'],
  // Publishing to YouTube: OAuth, sealed tokens and resumable uploads of finished renders.
  'video-sites': [...infrastructure, 'accounts', 'projects', 'renders'],
  // Signed POSTs of render events to members' endpoints (D73); renders announce through workers.ts.
  webhooks: [...infrastructure, 'accounts'],
};

const configRoots = ['config.ts', 'config-slice.ts', 'server-config.ts'];

/** The unit of a server file: `config`, its root file name, `providers/<service>`, or its first folder. */
function serverUnitOf(file: string): string {
  const parts = file.slice(SERVER.length).split('/');
  if (parts.at(-1) === 'config.ts' || (parts.length === 1 && configRoots.includes(parts[0]!))) return 'config';
  if (parts.length === 1) return parts[0]!;
  return parts[0] === 'providers' ? `providers/${parts[1]}` : parts[0]!;
}

const listSources = (dir: string) => listFiles(dir, (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'));

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

  it('has server folders that import only the folders their row allows', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      if (!file.startsWith(SERVER) || isTest(file)) continue;
      const unit = serverUnitOf(file);
      const mayImport = serverUnits[unit];
      if (!mayImport) {
        wrong.push(`${file}: its folder has no row in serverUnits`);
        continue;
      }
      for (const target of targets.filter((t) => t.startsWith(SERVER))) {
        // Drizzle's one schema gathers every domain's tables; no domain's code is reached through it.
        if (file === SCHEMA && path.basename(target) === 'tables.ts') continue;
        const targetUnit = serverUnitOf(target);
        if (targetUnit === unit) continue;
        if (!mayImport.includes(targetUnit)) {
          wrong.push(`${file} → ${target} (${unit} may not import ${targetUnit})`);
          continue;
        }
        // Another domain is reached through its service; only foreign keys name its tables.
        if (!domains.includes(targetUnit) || composition.includes(unit)) continue;
        const entry = path.basename(target);
        const foreignKey = entry === 'tables.ts' && path.basename(file) === 'tables.ts';
        if (entry !== 'service.ts' && !foreignKey)
          wrong.push(`${file} → ${target} (not through ${targetUnit}/service.ts)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a server folder table without circles', () => {
    const circles: string[] = [];
    const visit = (unit: string, trail: string[]) => {
      for (const next of serverUnits[unit] ?? []) {
        if (next === trail[0]) circles.push([...trail, next].join(' → '));
        else if (!trail.includes(next)) visit(next, [...trail, next]);
      }
    };
    for (const unit of Object.keys(serverUnits)) visit(unit, [unit]);
    expect(circles).toEqual([]);
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
