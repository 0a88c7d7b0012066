import {
  creditFor,
  isVideoSiteUrl,
  type MediaEngine,
  MediaEngineSchema,
  type MediaType,
  videoSiteOf,
  videoSitePoster,
} from '@reelwright/core';
import type { NewItemSource } from '../../../builder/new-items';

/**
 * The add-item panel's rules (spec 002 §2 "Add-item panel", §7 search call, §9 constants): its
 * tabs, which engines each searches, the remembered engine, the search request, thumbnails, and
 * what a result becomes on the stage.
 */

/** The panel's tabs, in the spec's order. Every tab but text searches. */
export const ADD_TABS = ['text', 'image', 'video', 'audio', 'emojis', 'icons', 'giphy', 'shapes'] as const;
export type AddTab = (typeof ADD_TABS)[number];
export type SearchTab = Exclude<AddTab, 'text'>;

/** Spec 002 §9: the keyword a search tab starts with, and the source it prefers. */
export const DEFAULT_KEYWORD = 'happy';
export const DEFAULT_ENGINE = 'pixabay';
/** Spec 002 §2: the source dropdown shows on screens wider than this, px. */
export const SOURCE_SELECT_MIN_WIDTH = 768;

/**
 * The engines each tab searches, in order (spec 002 §9). Ours beyond the spec: the image tab also
 * has the wizard's keyless sources (Openverse, Wikimedia) and its generated pictures, so a server
 * without keys still finds pictures (D92); 'library' (the member's own uploads) ends the image,
 * video and audio lists; the shapes tab searches our
 * `shapes` engine (the spec maps it to emojis, which has no shapes). A youtube result is a
 * video-site clip, shown by the site's player in the editor and drawn as its poster (D55).
 */
export const TAB_ENGINES: Record<SearchTab, readonly MediaEngine[]> = {
  image: ['pixabay', 'pexel', 'unsplash', 'bing', 'google', 'openverse', 'wikimedia', 'generated', 'library'],
  video: ['pixabay', 'pexel', 'giphy', 'youtube', 'library'],
  audio: ['free-sound', 'library'],
  emojis: ['emojis'],
  icons: ['icons'],
  giphy: ['giphy'],
  shapes: ['shapes'],
};

/**
 * The media type a tab's search asks for, and the item type its results become (spec 002 §7:
 * giphy becomes video, audio stays audio, every other tab image).
 */
export function mimeTypeOf(tab: SearchTab): MediaType {
  if (tab === 'video' || tab === 'giphy') return 'video';
  if (tab === 'audio') return 'audio';
  return 'image';
}

/** What the server offers: each engine and the media types it answers. */
export type OfferedEngine = { engine: string; types: readonly string[] };

/** The tab's engines the server offers for the tab's media type, in the tab's order. */
export function sourcesFor(tab: SearchTab, offered: readonly OfferedEngine[]): MediaEngine[] {
  const type = mimeTypeOf(tab);
  return TAB_ENGINES[tab].filter((engine) => offered.some((o) => o.engine === engine && o.types.includes(type)));
}

/** Whether the source dropdown shows: more than one source, on a screen wider than 768 px. */
export function showSourceSelect(sources: readonly string[], screenWidth: number): boolean {
  return sources.length > 1 && screenWidth > SOURCE_SELECT_MIN_WIDTH;
}

/** The localStorage key a tab remembers its last engine under. */
export const lastEngineKey = (tab: SearchTab) => `reelwright.builder.engine.${tab}`;

/** The remembered value: '{type}-{engine}' (spec 002 §2), the type being the tab's. */
export const lastEngineValue = (tab: SearchTab, engine: string) => `${tab}-${engine}`;

/**
 * The engine a tab starts on: the one remembered for it when still offered, else pixabay when
 * offered (spec 002 §9), else the tab's first source. Undefined when the tab has none.
 */
export function pickSource(tab: SearchTab, sources: readonly string[], stored: string | null): string | undefined {
  const prefix = `${tab}-`;
  const remembered = stored?.startsWith(prefix) ? stored.slice(prefix.length) : null;
  if (remembered && sources.includes(remembered)) return remembered;
  if (sources.includes(DEFAULT_ENGINE)) return DEFAULT_ENGINE;
  return sources[0];
}

/** The message a search without words gets: the keyword is required. */
export const KEYWORD_REQUIRED = 'Type a word to search for.';

/** `GET /api/queries/search/{mimeType}/{engine}?q=` (spec 002 §7), and the colour icons and shapes are drawn in. */
export type SearchRequest = { mimeType: MediaType; engine: string; q: string; color?: string };

/**
 * Tabs whose pictures the server draws in a colour the author picks (ours beyond the spec): white
 * to start, since most slides are dark.
 */
export const COLORED_TABS: readonly SearchTab[] = ['icons', 'shapes'];
export const DEFAULT_DRAWING_COLOR = '#ffffff';

/**
 * The search a submit asks for, or why none: the keyword is required. Only one search runs at a
 * time, and the latest words win: a submit while one is under way replaces it (the page aborts
 * the earlier request and ignores its answer, D93).
 */
export function searchRequest(input: {
  tab: SearchTab;
  engine: string | undefined;
  keyword: string;
  /** The drawing colour, for icons and shapes. */
  color?: string;
}): SearchRequest | { error: string } | null {
  if (!input.engine) return null;
  const q = input.keyword.trim();
  if (!q) return { error: KEYWORD_REQUIRED };
  return withColor(input.tab, { mimeType: mimeTypeOf(input.tab), engine: input.engine, q }, input.color);
}

const withColor = (tab: SearchTab, request: SearchRequest, color: string | undefined): SearchRequest =>
  COLORED_TABS.includes(tab) ? { ...request, color: color ?? DEFAULT_DRAWING_COLOR } : request;

/**
 * Engines that list what they hold for an empty keyword (ours: the shapes, the emoji and icon
 * sets, the member's library), so a tab on them can open on their content.
 */
export const BROWSABLE_ENGINES: readonly string[] = ['shapes', 'emojis', 'icons', 'library'];

/**
 * The words a tab opens on (D93): the shapes tab and the member's library show everything they
 * hold (a search for 'happy' finds no shape and seldom an upload); every other tab searches
 * 'happy', the spec's default keyword (002 §9).
 */
export function openingKeyword(tab: SearchTab, engine: string | undefined): string {
  return tab === 'shapes' || engine === 'library' ? '' : DEFAULT_KEYWORD;
}

/**
 * The search a tab runs as it opens, or null while it knows no engine: its opening words, and an
 * empty keyword is allowed there for an engine that lists its content.
 */
export function openingRequest(input: {
  tab: SearchTab;
  engine: string | undefined;
  color?: string;
}): SearchRequest | null {
  if (!input.engine) return null;
  const q = openingKeyword(input.tab, input.engine);
  if (!q && !BROWSABLE_ENGINES.includes(input.engine)) return null;
  return withColor(input.tab, { mimeType: mimeTypeOf(input.tab), engine: input.engine, q }, input.color);
}

/**
 * What a tab shows instead when its opening search found nothing (never "No results" on
 * opening, D93): everything of an engine that lists its content, or null.
 */
export function fallbackRequest(opening: SearchRequest): SearchRequest | null {
  return opening.q !== '' && BROWSABLE_ENGINES.includes(opening.engine) ? { ...opening, q: '' } : null;
}

/** A result as the search answers it. */
export type FoundMedia = { url: string; thumbnail?: string | null; name?: string; duration?: number | null };

/** Spec 002 §2: a thumbnail smaller than this on either side is not used, px. */
export const MIN_THUMBNAIL_SIDE = 10;

/**
 * The pictures a result's tile tries, in order: its thumbnail, then the full url. A tile whose
 * every picture fails to load, or loads under 10×10, is dropped from the grid.
 */
export function thumbnailCandidates(result: FoundMedia): string[] {
  const candidates = [result.thumbnail, result.url].filter((url): url is string => Boolean(url));
  return [...new Set(candidates)];
}

/** Whether a loaded thumbnail is big enough to show. */
export const usableThumbnail = (width: number, height: number) =>
  width >= MIN_THUMBNAIL_SIDE && height >= MIN_THUMBNAIL_SIDE;

/** Tabs whose pictures are shown whole (contained), never cropped to the box. */
const WHOLE_PICTURES: readonly SearchTab[] = ['emojis', 'icons', 'shapes'];

/**
 * What a result of `engine`, found on `tab`, adds to the stage: its media, named in the timeline
 * after the result, with its credit (engine and licence); emojis, icons and shapes contained.
 */
export function sourceOfResult(tab: SearchTab, engine: string, result: FoundMedia): NewItemSource {
  const parsed = MediaEngineSchema.safeParse(engine);
  const credit = parsed.success ? creditFor(parsed.data) : undefined;
  const media = { url: result.url, label: result.name?.trim() || undefined, credit };
  const type = mimeTypeOf(tab);
  if (type === 'audio') return { ...media, type, duration: result.duration ?? undefined };
  if (type === 'video') {
    // A video-site clip keeps its thumbnail as the poster a render draws (D55).
    const poster = isVideoSiteUrl(result.url) ? (result.thumbnail ?? undefined) : undefined;
    // Its length, when the engine tells it, bounds the part that plays first (0–5 s, D97).
    const duration = result.duration ?? undefined;
    return { ...media, type, ...(poster ? { poster } : {}), ...(duration ? { duration } : {}) };
  }
  return { ...media, type, fit: WHOLE_PICTURES.includes(tab) ? 'contain' : undefined };
}

/**
 * What a pasted video-site link adds (D55): the clip itself, not a download of its page, with
 * the site's poster where the address tells it (YouTube's).
 */
export function sourceOfVideoSiteLink(link: string): NewItemSource | null {
  const clip = videoSiteOf(link.trim());
  if (!clip) return null;
  const poster = videoSitePoster(clip);
  const label = clip.site === 'youtube' ? 'YouTube video' : 'Vimeo video';
  return { type: 'video', url: link.trim(), label, ...(poster ? { poster } : {}) };
}
