/**
 * eSpeak NG is GPL-3.0, so it runs only in processes of its own (DESIGN §3): no module of the
 * server imports it, and the engine's pool of child processes survives crashes and hangs and
 * leaves no process behind. Process facts are read from Linux's /proc.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../http/provider-error';
import { ESPEAK_PROCESS_SCRIPT, type EspeakEngineOptions } from './engine';
import { createEspeakProvider, type EspeakProvider } from './provider';

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
const GPL_PACKAGE = 'espeak-ng';
const CODE = /\.(?:[cm]?[jt]s|tsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'coverage']);
const LONG_TEXT = 'The quick brown fox jumps over the lazy dog, and then it runs far away into the forest. '.repeat(12);

/** Every source file of the repository (not its dependencies). */
async function codeFiles(dir = REPO): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) files.push(...(await codeFiles(full)));
    else if (entry.isFile() && CODE.test(entry.name)) files.push(full);
  }
  return files;
}

/** `from '…'`, `import '…'`, `import('…')` or `require('…')` of a specifier matching `target`. */
const importOf = (target: string) =>
  new RegExp(String.raw`\b(?:from|import)\s*(['"])${target}\1|\b(?:import|require)\s*\(\s*(['"\`])${target}\2`);

/** A field of /proc/<pid>/status, or undefined when the process is gone. */
async function statusField(pid: number, field: string): Promise<string | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return status.match(new RegExp(`^${field}:\\s*(.*)$`, 'm'))?.[1];
}

/** Whether a process still runs (a zombie waiting to be reaped has ended). */
async function isRunning(pid: number): Promise<boolean> {
  const state = await statusField(pid, 'State');
  return state !== undefined && !state.startsWith('Z');
}

/** The running children of this process that run the engine's script. */
async function espeakChildren(): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || (await statusField(pid, 'PPid')) !== String(process.pid)) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.split('\0').includes(ESPEAK_PROCESS_SCRIPT) && (await isRunning(pid))) found.push(pid);
  }
  return found.sort((a, b) => a - b);
}

async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const isWav = (wav: Buffer) => wav.subarray(0, 4).toString('latin1') === 'RIFF' && wav.length > 1_000;

async function withProvider<T>(
  options: EspeakEngineOptions,
  use: (provider: EspeakProvider) => Promise<T>,
): Promise<T> {
  const provider = createEspeakProvider(options);
  try {
    return await use(provider);
  } finally {
    await provider.close();
  }
}

describe('eSpeak NG behind the GPL boundary', () => {
  it('is imported by no module of the server: only the script the engine starts as a process imports it', async () => {
    const files = await codeFiles();
    const contents = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    const importers = files.filter((_, i) => importOf(`${GPL_PACKAGE}(?:/[^'"\`]*)?`).test(contents[i] as string));
    expect(importers).toEqual([ESPEAK_PROCESS_SCRIPT]);
    // …and that script is never loaded as a module (the engine spawns `node` with its path).
    const script = path.basename(ESPEAK_PROCESS_SCRIPT).replaceAll('.', '\\.');
    const loaders = files.filter((_, i) => importOf(`[^'"\`]*${script}`).test(contents[i] as string));
    expect(loaders).toEqual([]);
  });

  it("is not in the server's module graph, as esbuild resolves it from the entry point", async () => {
    const { metafile } = await build({
      absWorkingDir: REPO,
      entryPoints: ['apps/server/src/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const modules = Object.entries(metafile.inputs);
    expect(modules.map(([file]) => file)).toContain('apps/server/src/providers/tts/espeak/engine.ts');
    const imported = modules.flatMap(([, input]) => input.imports.map((i) => i.path));
    expect(
      imported.filter((specifier) => specifier.includes(GPL_PACKAGE) || specifier.includes('espeak-process')),
    ).toEqual([]);
  });

  it('speaks in child processes of the server, not in the server process', async () => {
    await withProvider({ processes: 2 }, async (provider) => {
      const voice = (await provider.voices()).find((v) => v.id === 'espeak:en-us');
      const result = await provider.synthesize('Hello from another process.', voice as NonNullable<typeof voice>);
      expect(result.duration).toBeGreaterThan(0.5);
      const pids = provider.processIds;
      expect(pids.length).toBeGreaterThan(0);
      expect(pids).not.toContain(process.pid);
      expect(await espeakChildren()).toEqual([...pids].sort((a, b) => a - b));
    });
  });

  it('replaces a process killed mid-job: that job fails, the queued and later ones are spoken', async () => {
    await withProvider({ processes: 2 }, async (provider) => {
      const first = provider.speakWav(LONG_TEXT, 'en-us');
      const second = provider.speakWav(`${LONG_TEXT} Again.`, 'en-us');
      const queued = provider.speakWav('I waited for a free process.', 'en-us');
      const [victim, survivor] = provider.processIds;
      process.kill(victim as number, 'SIGKILL');

      const failure = await first.then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ProviderError);
      expect((failure as ProviderError).kind).toBe('unavailable');
      expect((failure as Error).message).toMatch(/stopped unexpectedly \(killed by SIGKILL\)/);
      expect(isWav(await second)).toBe(true);
      expect(isWav(await queued)).toBe(true);
      expect(isWav(await provider.speakWav('And so was I.', 'en-us'))).toBe(true);
      expect(provider.processIds).not.toContain(victim);
      expect(provider.processIds).toContain(survivor);
      await until(async () => !(await isRunning(victim as number)));
    });
  });

  it('queues requests while every process is busy, and runs them all on the same processes', async () => {
    await withProvider({ processes: 2 }, async (provider) => {
      const texts = ['One.', 'One, two.', 'One, two, three.', 'One, two, three, four.', 'One, two, three, four, five.'];
      const spoken = texts.map((text) => provider.speakWav(text, 'en-us'));
      const pids = provider.processIds;
      expect(pids).toHaveLength(2);
      const wavs = await Promise.all(spoken);
      expect(wavs.every(isWav)).toBe(true);
      // Each text a word longer than the one before: no reply went to another request.
      const lengths = wavs.map((wav) => wav.length);
      expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
      expect(new Set(lengths).size).toBe(texts.length);
      expect(provider.processIds).toEqual(pids);
      expect(await espeakChildren()).toEqual([...pids].sort((a, b) => a - b));
    });
  });

  it('kills a process that hangs past the time-out, and the next request gets a new one', async () => {
    await withProvider({ processes: 1, timeoutMs: 8_000 }, async (provider) => {
      const hung = provider.speakWav('This will never be spoken.', 'en-us');
      const [pid] = provider.processIds;
      process.kill(pid as number, 'SIGSTOP');
      await expect(hung).rejects.toThrow(/took longer than 8 s/);
      await until(async () => !(await isRunning(pid as number)));
      expect(isWav(await provider.speakWav('But this will.', 'en-us'))).toBe(true);
      expect(provider.processIds).not.toContain(pid);
    });
  });

  it('leaves no process behind when closed, even a busy or a hung one', async () => {
    const provider = createEspeakProvider({ processes: 2 });
    const jobs = Promise.allSettled([provider.speakWav(LONG_TEXT, 'en-us'), provider.speakWav(LONG_TEXT, 'en-us')]);
    const pids = provider.processIds;
    expect(pids).toHaveLength(2);
    process.kill(pids[1] as number, 'SIGSTOP');
    const started = Date.now();
    await provider.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const job of await jobs)
      expect(job).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/shut down/) } });
    for (const pid of pids) expect(await isRunning(pid)).toBe(false);
    expect(await espeakChildren()).toEqual([]);
    await expect(provider.speakWav('Too late.', 'en-us')).rejects.toThrow(/shut down/);
  });

  it('leaves no process behind when the server process is killed', async () => {
    const engineUrl = new URL('./engine.ts', import.meta.url).href;
    const program = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { EspeakEngine } = await import(${JSON.stringify(engineUrl)});
         const engine = new EspeakEngine({ processes: 2 });
         await Promise.all([engine.run({ args: ['--voices'] }), engine.run({ args: ['--voices'] })]);
         console.log(JSON.stringify(engine.pids));
         setInterval(() => {}, 1000);`,
      ],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => program.once('exit', resolve));
    const [line] = await once(createInterface({ input: program.stdout }), 'line');
    const pids = JSON.parse(line) as number[];
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(await isRunning(pid)).toBe(true);
    program.kill('SIGKILL');
    await exited;
    // Their stdin closed with the server: each ends by itself.
    for (const pid of pids) await until(async () => !(await isRunning(pid)));
  });
});
