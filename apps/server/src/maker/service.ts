/**
 * A video from a source in one call (issue 22, D71): the guided wizard's steps run without a
 * browser — the article (pasted, imported from an address, found for a keyword, or built as a
 * listicle or quiz), slides by the wizard's own rules, a picture per line, narration, frames, the
 * project document, and the render to MP4. The `make` command and the API's create-video job both
 * call `makeVideo`; the member's plan applies as it does in the wizard.
 */
import path from 'node:path';
import {
  type Abilities,
  applyPreset,
  BUILT_IN_PRESETS,
  buildVideo,
  type ContentSource,
  CURRENT_SCHEMA_VERSION,
  createSlides,
  DEFAULT_SLIDE_VOICE,
  type DefaultVoice,
  EXPORT_QUALITIES,
  exportSize,
  MAKER_SHAPES,
  type MakerStage,
  type MakeVideoRequest,
  MakeVideoRequestSchema,
  type ProjectData,
  ProjectDataSchema,
  plainText,
  type Slide,
  slideMediaOf,
  splitPastedArticle,
  summariseArticle,
  validateListicle,
  validateQuiz,
  type WizardArticle,
} from '@reelwright/core';
import { abilitiesOf, type Member } from '../accounts/service';
import { fetchArticle, searchArticles } from '../articles/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, badRequest } from '../errors';
import { inTurn } from '../in-turn';
import { autoFetchMedia } from '../media/service';
import { MusicLibrary, type MusicTrack } from '../music/service';
import type { FetchPolicy } from '../net/guarded-fetch';
import { type ArticleSources, createArticleSources } from '../providers/articles/registry';
import { createMediaProviders, type MediaProviders } from '../providers/media/registry';
import { createTtsProviders, type TtsProviders, type TtsRegistryOptions } from '../providers/tts/registry';
import { createMediaResolver } from '../render/media-resolver';
import { renderMovie } from '../render/pipeline';
import { speak } from '../speech/service';
import type { FileStore } from '../storage';

export type MakerDeps = {
  db: Db;
  files: FileStore;
  tts: TtsProviders;
  media: MediaProviders;
  articles: ArticleSources;
  /** The stock music, made into the file store the first time a track is asked for. */
  music: MusicLibrary;
  /** The guarded fetch's policy, for the article import and remote media. */
  fetchPolicy: FetchPolicy;
  /** Whose video it is: their plan's limits apply (slides, watermark, free speech seconds). */
  member: Member;
  /** A folder of the caller's: the MP4 is written here as `video.mp4`, downloads are cached here. */
  workDir: string;
  log?: (message: string) => void;
  /** The time an article import may take (tests make it short). */
  articleBudgetMs?: number;
};

/** The outside services the maker speaks to: voices, picture engines, article sources, stock music. */
export type MakerServices = Pick<MakerDeps, 'tts' | 'media' | 'articles' | 'music'>;

/** The maker's services as configured (close them when done: eSpeak keeps processes). */
export function createMakerServices(
  config: Config,
  files: FileStore,
  options: Pick<TtsRegistryOptions, 'log' | 'espeakProcesses'> = {},
): MakerServices & { close(): Promise<void> } {
  const tts = createTtsProviders(config, options);
  const music = new MusicLibrary({ files, log: options.log });
  return {
    tts,
    media: createMediaProviders(files, { vendors: config.media }),
    articles: createArticleSources(config.articles),
    music,
    close: async () => {
      await Promise.all([tts.close(), music.close()]);
    },
  };
}

/** What making a project needs: everything but a folder to render in. */
export type ProjectDeps = Omit<MakerDeps, 'workDir'>;

/** One step's progress; `frames` counts slides built, `render` counts video frames drawn. */
export type MakerProgress = { stage: MakerStage; done: number; total: number };

export type MadeVideo = {
  /** The MP4, in `workDir`. */
  file: string;
  /** The project document the video was rendered from (a valid ProjectData, openable in the editor). */
  project: ProjectData;
  /** The article's title: the project's name. */
  title: string;
  /** Seconds of video. */
  duration: number;
  width: number;
  height: number;
  bytes: number;
  slides: number;
};

/** The wizard's content source of each request source (a keyword finds an ezine article, spec 001 §4). */
const WIZARD_SOURCE = {
  text: 'paste',
  url: 'url',
  keyword: 'ezine',
  listicle: 'listicle',
  quiz: 'quiz',
} as const satisfies Record<MakeVideoRequest['source'], ContentSource>;

/** Narration clips made at once: two keep eSpeak's processes busy, as in the wizard (docs/benchmarks.md). */
const SPEECH_AT_ONCE = 2;

/** A request's problems as one 400 naming the first field, in words a caller can act on. */
export function parseMakeRequest(raw: unknown): MakeVideoRequest {
  const parsed = MakeVideoRequestSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  const message =
    issue.code === 'invalid_union' && field === 'source'
      ? 'Choose a source: text, url, keyword, listicle or quiz.'
      : `${field ? `${field}: ` : ''}${issue.message}`;
  throw badRequest(message, field || undefined, 'invalid_request');
}

/** The project a request makes, before its render: what the API's job saves and renders. */
export type MadeProject = {
  /** The project document (a valid ProjectData, openable in the editor). */
  project: ProjectData;
  /** The article's title: the project's name. */
  title: string;
  slides: number;
  /** The export's short side in pixels (the request's `size`). */
  shortSide: number;
};

/**
 * Makes the project of `request` (validated here: a bad request is a 400 AppError before any
 * work): the article, slides, pictures, narration and frames, each step reported through
 * `onProgress`. Errors of the steps are the services' own AppErrors (an article that cannot be
 * fetched, a voice that does not exist, the free plan's speech limit).
 */
export async function makeProject(
  deps: ProjectDeps,
  request: unknown,
  onProgress: (progress: MakerProgress) => void = () => {},
  options: { words?: boolean } = {},
): Promise<MadeProject> {
  const input = parseMakeRequest(request);
  const abilities = abilitiesOf(deps.member);

  onProgress({ stage: 'article', done: 0, total: 1 });
  const article = await articleOf(deps, input);
  onProgress({ stage: 'article', done: 1, total: 1 });

  const slides = slidesOf(article, input, abilities, await voiceOf(deps, input.voice));
  onProgress({ stage: 'slides', done: slides.length, total: slides.length });

  // Pictures and narration fill different fields of the lines, so they run side by side (as in the
  // wizard), and a stock track is made meanwhile if it is not stored yet.
  const [music] = await Promise.all([
    input.music ? stockTrack(deps.music, input.music.track) : undefined,
    addPictures(deps, slides, onProgress),
    narrate(deps, slides, onProgress, options.words ?? true),
  ]);

  const stage = MAKER_SHAPES[input.shape];
  const wizard = {
    keyword: input.keyword,
    source: WIZARD_SOURCE[input.source],
    title: article.title,
    body: article.body,
    ...(input.source === 'url' ? { url: input.url } : {}),
    slides,
    ...(music && input.music ? { music: { id: music.id, url: music.url, volume: input.music.volume } } : {}),
  };
  const built = buildVideo(wizard, { abilities, stage });
  onProgress({ stage: 'frames', done: built.frames.length, total: built.frames.length });
  const video = {
    ...built,
    // The music as the wizard's customize step sets it (apps/web …/customize/music.ts).
    ...(music && input.music ? { audio: { url: music.url, musicVolume: input.music.volume, voiceVolume: 1 } } : {}),
    ...(input.captions === 'off' ? {} : { captions: { style: input.captions } }),
  };
  const project = ProjectDataSchema.parse({ schemaVersion: CURRENT_SCHEMA_VERSION, wizard, video });
  return { project, title: article.title, slides: slides.length, shortSide: EXPORT_QUALITIES[input.size] };
}

/**
 * Makes the video of `request` in this process (the `make` command): `makeProject`, then the
 * render to `workDir/video.mp4`; a render failure is thrown as the pipeline throws it.
 */
export async function makeVideo(
  deps: MakerDeps,
  request: unknown,
  onProgress: (progress: MakerProgress) => void = () => {},
): Promise<MadeVideo> {
  const input = parseMakeRequest(request);
  // The command keeps only the MP4: the narration's words are needed only to burn captions in.
  const made = await makeProject(deps, input, onProgress, { words: input.captions !== 'off' });
  const movie = made.project.video;
  const size = exportSize(movie.size, made.shortSide);
  const file = path.join(deps.workDir, 'video.mp4');
  const result = await renderMovie({
    movie,
    output: file,
    width: size.width,
    height: size.height,
    resolveMedia: createMediaResolver({
      files: deps.files,
      cacheDir: path.join(deps.workDir, 'media-cache'),
      policy: deps.fetchPolicy,
    }),
    onProgress: ({ frame, frames }) => onProgress({ stage: 'render', done: frame, total: frames }),
  });
  return {
    file,
    project: made.project,
    title: made.title,
    duration: result.duration,
    width: size.width,
    height: size.height,
    bytes: result.bytes,
    slides: made.slides,
  };
}

/** The article of the request, as the wizard's content step ends it (title and body). */
async function articleOf(deps: ProjectDeps, input: MakeVideoRequest): Promise<WizardArticle> {
  switch (input.source) {
    case 'text': {
      const split = splitPastedArticle(input.text, input.keyword);
      const article = { title: input.title || split?.title || '', body: split?.body ?? '' };
      if (!article.title.trim()) {
        throw badRequest(
          'Give the text a title: a short first line without a final period, or the title field.',
          'title',
        );
      }
      return article;
    }
    case 'url':
      return importArticle(deps, input.url);
    case 'keyword': {
      const found = await searchArticles(deps.articles, { keyword: input.keyword, type: 'ezine' });
      const first = found.articles[0];
      if (!first) {
        throw new AppError(
          422,
          'no_article_found',
          `No article was found for '${input.keyword}'. ${found.hint ?? ''} Send the text or an address instead.`.trim(),
          'keyword',
        );
      }
      return importArticle(deps, first.url);
    }
    case 'listicle': {
      const list = input.items.map((item, i) => ({ id: `item-${i + 1}`, ...item }));
      const listicle = { idea: input.idea, list, reverse: input.reverse, numitem: input.numitem };
      const made = validateListicle(listicle, input.keyword);
      if (!made.ok) throw badRequest(made.error, 'items');
      return made.article;
    }
    case 'quiz': {
      const questions = input.questions.map((question, i) => ({ id: `question-${i + 1}`, ...question }));
      const made = validateQuiz({ questions }, input.keyword);
      if (!made.ok) throw badRequest(made.error, 'questions');
      return made.article;
    }
  }
}

async function importArticle(deps: ProjectDeps, url: string): Promise<WizardArticle> {
  const article = await fetchArticle({ url, policy: deps.fetchPolicy, log: deps.log, budgetMs: deps.articleBudgetMs });
  return { title: article.title, body: article.body };
}

/**
 * The wizard's slides of the article (spec 001 §4): summarised first to the slide count asked
 * for (as 'Shorten' does), cut by the member's limits, the chosen voice on every slide and the
 * chosen style preset on each (else the wizard's 'film' first slide).
 */
function slidesOf(article: WizardArticle, input: MakeVideoRequest, abilities: Abilities, voice: DefaultVoice): Slide[] {
  const titleSlides = article.title.trim() ? 1 : 0;
  const body =
    input.slides === undefined ? article.body : summariseArticle(article.body, Math.max(1, input.slides - titleSlides));
  const { slides } = createSlides({
    title: article.title,
    body,
    keyword: input.keyword,
    abilities,
    defaultVoice: voice,
  });
  if (slides.length === 0) throw badRequest('The text has no sentences to make slides of.', 'text');
  const kept = input.slides === undefined ? slides : slides.slice(0, input.slides);
  const style = BUILT_IN_PRESETS.find((preset) => preset.id === input.style);
  return style ? kept.map((slide) => applyPreset(slide, style, voice)) : kept;
}

/** The slides' voice: the one asked for, with its language and engine; else the wizard's default. */
async function voiceOf(deps: ProjectDeps, voiceId: string | undefined): Promise<DefaultVoice> {
  if (!voiceId) return DEFAULT_SLIDE_VOICE;
  const voice = await deps.tts.findVoice(voiceId);
  if (!voice) {
    throw badRequest(
      `There is no voice ${voiceId}. Choose one of the voice list (\`npm run make -- --voices\` lists them).`,
      'voice',
      'unknown_voice',
    );
  }
  return { voiceId: voice.id, lang: voice.languageCode, engine: voice.engine };
}

/**
 * A stock track by id, made first if it is not stored yet (making all of them takes about 40 s of
 * CPU, once per file store).
 */
async function stockTrack(library: MusicLibrary, id: string): Promise<MusicTrack> {
  const find = async () => (await library.list()).tracks.find((track) => track.id === id);
  let track = await find();
  if (!track) {
    await library.settled();
    track = await find();
  }
  if (!track) {
    throw new AppError(
      503,
      'music_unavailable',
      'The stock music could not be made on this server just now. Make the video without music, or try again later.',
    );
  }
  return track;
}

/** The slide lines with words, with whether each is the video's first line. */
const wordedLines = (slides: Slide[]) =>
  slides.flatMap((slide, s) =>
    slide.texts.flatMap((text, t) => (plainText(text.text).trim() ? [{ slide, text, first: s === 0 && t === 0 }] : [])),
  );

/**
 * One picture per line, as the wizard's auto-fetch gives it (spec 001 §4): the configured engines
 * in the wizard's order, a generated background when none answers (always so offline).
 */
async function addPictures(deps: ProjectDeps, slides: Slide[], onProgress: (p: MakerProgress) => void) {
  const lines = wordedLines(slides);
  const used = new Set<string>();
  let done = 0;
  onProgress({ stage: 'media', done, total: lines.length });
  await inTurn(lines, 2, async ({ text, first }) => {
    const item = await autoFetchMedia(deps.media, { text: text.text, firstLineOfFirstSlide: first }, used, deps.log);
    used.add(item.url);
    text.media.push(slideMediaOf(item, `${text.id}-media`));
    onProgress({ stage: 'media', done: ++done, total: lines.length });
  });
}

/** Narration of every line through the speech service, under the member's plan (eSpeak by default). */
async function narrate(deps: ProjectDeps, slides: Slide[], onProgress: (p: MakerProgress) => void, words: boolean) {
  const lines = wordedLines(slides);
  const log = { error: (details: object, message: string) => deps.log?.(`${message} ${JSON.stringify(details)}`) };
  const speech = { db: deps.db, files: deps.files, tts: deps.tts, log };
  let done = 0;
  onProgress({ stage: 'narration', done, total: lines.length });
  await inTurn(lines, SPEECH_AT_ONCE, async ({ slide, text }) => {
    const { voiceId, lang } = slide.settings;
    const clip = await speak(speech, deps.member, { text: plainText(text.text), voiceId, lang, words });
    // The words make the render's captions (.srt, .vtt and burned-in ones, D68).
    text.audio = { url: clip.url, type: 'tts', duration: clip.duration, ...(clip.words ? { words: clip.words } : {}) };
    onProgress({ stage: 'narration', done: ++done, total: lines.length });
  });
}
