import { z } from 'zod';

/** What a media search asks for; an engine answers only the types it has. */
export const MediaTypeSchema = z.enum(['image', 'video', 'audio']);
export type MediaType = z.infer<typeof MediaTypeSchema>;

/**
 * Engines that work with no network and no key: always offered (issue 6, DESIGN §8). `library`
 * is the member's own uploads and media used before.
 */
export const OFFLINE_MEDIA_ENGINES = ['emojis', 'icons', 'shapes', 'generated', 'library'] as const;

/**
 * Engines served by outside services, by the spec's names (spec 001 §4, 002 §5). Each is offered
 * only when its key is configured. `google-images` is the "google images" fall-back of spec 001 §4.
 */
export const ONLINE_MEDIA_ENGINES = [
  'pixabay',
  'pexel',
  'unsplash',
  'giphy',
  'google',
  'google-images',
  'bing',
  'youtube',
  'free-sound',
  'openverse',
  'wikimedia',
] as const;

export const MediaEngineSchema = z.enum([...OFFLINE_MEDIA_ENGINES, ...ONLINE_MEDIA_ENGINES]);
export type MediaEngine = z.infer<typeof MediaEngineSchema>;

/** One search hit, the same shape for every engine. Sizes are in pixels, `duration` in seconds. */
export const MediaSearchResultSchema = z.object({
  url: z.string(),
  thumbnail: z.string(),
  name: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  /** Seconds, for video and audio when the engine says. */
  duration: z.number().nonnegative().optional(),
});
export type MediaSearchResult = z.infer<typeof MediaSearchResultSchema>;

/** Results asked of an engine unless the call says otherwise (spec 001 §7: num 50). */
export const MEDIA_SEARCH_DEFAULT_NUM = 50;
export const MEDIA_SEARCH_MAX_NUM = 100;
