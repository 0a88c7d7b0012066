/**
 * `reelwright make (--text-file F | --url U | --keyword K) --out video.mp4 [--voice ID]
 * [--size 1080p|720p] [--shape wide|vertical|square] [--slides N] [--style PRESET]`: a narrated
 * video from a source without a server (issue 22, D71). It runs on the embedded defaults: a
 * database in memory for the run (the speech cache and the operator's account), files in a
 * temporary folder, eSpeak for the voice, the offline picture engines plus any configured vendor.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CaptionStyleChoiceSchema, MAKER_STAGES, type MakeVideoRequest, STOCK_MUSIC_TRACKS } from '@reelwright/core';
import { localOperator } from '../accounts/service';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { createTtsProviders } from '../providers/tts/registry';
import { createDiskStore } from '../storage/disk-store';
import { createMakerServices, type MakerProgress, makeVideo, parseMakeRequest } from './service';

export const MAKE_USAGE = `Usage: make (--text-file <file> | --url <address> | --keyword <words>) --out <video.mp4>
  [--voice <voice id>] [--size 1080p|720p] [--shape wide|vertical|square] [--slides <n>] [--style <preset>]
  [--music ${STOCK_MUSIC_TRACKS.join('|')}] [--captions ${CaptionStyleChoiceSchema.options.join('|')}]
       make --voices   (lists the voice ids)`;

/** Exit codes: a request the command cannot run (EX_USAGE-like 2), a step that failed (1). */
export const EXIT_BAD_INPUT = 2;
export const EXIT_FAILED = 1;

class UsageError extends Error {}

/** The request of the command line; throws UsageError for what no request can fix. */
async function requestOf(
  values: Record<string, string | boolean | undefined>,
  here: (p: string) => string,
): Promise<unknown> {
  const sources = (['text-file', 'url', 'keyword'] as const).filter((name) => values[name] !== undefined);
  if (sources.length !== 1) throw new UsageError('Give exactly one of --text-file, --url or --keyword.');
  if (typeof values.out !== 'string') throw new UsageError('Give the video to write with --out video.mp4.');
  const slides = typeof values.slides === 'string' ? Number(values.slides) : undefined;
  const options = {
    voice: values.voice,
    size: values.size,
    shape: values.shape,
    slides: slides !== undefined && Number.isFinite(slides) ? slides : values.slides,
    style: values.style,
    captions: values.captions,
    ...(values.music !== undefined ? { music: { track: values.music } } : {}),
  };
  if (typeof values['text-file'] === 'string') {
    const file = here(values['text-file']);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read the text file ${file}: ${(error as NodeJS.ErrnoException).code ?? error}.`);
    }
    return { source: 'text', text, ...options };
  }
  if (values.url !== undefined) return { source: 'url', url: values.url, ...options };
  return { source: 'keyword', keyword: values.keyword, ...options };
}

/** One line per step, and the render every tenth. */
function progressPrinter(print: (line: string) => void) {
  let last = '';
  return ({ stage, done, total }: MakerProgress) => {
    const step = `${MAKER_STAGES.indexOf(stage) + 1}/${MAKER_STAGES.length} ${stage}`;
    const line =
      stage === 'render'
        ? `${step}: ${Math.floor((done / Math.max(1, total)) * 10) * 10}% of ${total} frames`
        : `${step}: ${done}/${total}`;
    if (line === last || (stage !== 'render' && done !== total && done !== 0)) return;
    last = line;
    print(line);
  };
}

/** `--voices`: every voice id the command can narrate with, and its language and engine. */
async function listVoices(config: Config): Promise<number> {
  const tts = createTtsProviders(config);
  try {
    for (const voice of await tts.voices())
      console.log(`${voice.id}\t${voice.languageName}\t${voice.label}\t${voice.engine}`);
    return 0;
  } finally {
    await tts.close();
  }
}

/** Runs the make command; returns the process exit code. */
export async function runMake(args: string[], config: Config, invokedFrom: string): Promise<number> {
  const here = (p: string) => path.resolve(invokedFrom, p);
  let values: Record<string, string | boolean | undefined>;
  try {
    const text = { type: 'string' } as const;
    values = parseArgs({
      args,
      options: {
        'text-file': text,
        url: text,
        keyword: text,
        out: text,
        voice: text,
        size: text,
        shape: text,
        slides: text,
        style: text,
        music: text,
        captions: text,
        voices: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${MAKE_USAGE}`);
    return EXIT_BAD_INPUT;
  }
  if (values.voices) return listVoices(config);
  let request: MakeVideoRequest;
  try {
    // Checked before the database opens, so a mistyped option answers at once.
    request = parseMakeRequest(await requestOf(values, here));
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof AppError)) throw error;
    console.error(`${error.message}\n${MAKE_USAGE}`);
    return EXIT_BAD_INPUT;
  }
  const out = here(String(values.out));
  const started = performance.now();
  const workDir = await mkdtemp(path.join(tmpdir(), 'reelwright-make-'));
  const database = openDatabase({ dataDir: 'memory://' });
  const files = createDiskStore(path.join(workDir, 'files'));
  // One eSpeak process a core: the command is the machine's only user, and narration (with the
  // aligner's fragments for the captions' words) is most of what comes before the render.
  const services = createMakerServices(config, files, { espeakProcesses: availableParallelism() });
  try {
    await database.migrate();
    const made = await makeVideo(
      {
        db: database.db,
        files,
        ...services,
        fetchPolicy: config.fetch,
        member: await localOperator(database.db),
        workDir,
        log: (message) => console.error(`  ${message}`),
      },
      request,
      progressPrinter((line) => console.error(line)),
    );
    await copyFile(made.file, out);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Made ${out}: '${made.title}', ${made.slides} slides, ${made.duration.toFixed(1)} s at ` +
        `${made.width}×${made.height}, ${(made.bytes / 1e6).toFixed(2)} MB in ${seconds.toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return error.statusCode < 500 && error.code !== 'article_fetch_failed' ? EXIT_BAD_INPUT : EXIT_FAILED;
  } finally {
    await services.close();
    await database.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
