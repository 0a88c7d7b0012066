/**
 * Media search vendors' slice of the configuration (config-slice.ts; docs/operations.md "Media
 * engines"): a keyed vendor without its key is not offered, the keyless ones go together.
 */
import { z } from 'zod';
import { type EnvOf, flag, httpUrl } from '../../../config-slice';

const key = () => z.string().min(1).optional();

export const mediaVendorsEnv = {
  MEDIA_KEYLESS: flag
    .default(true)
    .describe('offer the keyless engines, `openverse` (image, audio) and `wikimedia` (Commons image, video, audio)'),
  OPENVERSE_URL: httpUrl().default('https://api.openverse.org').describe("Openverse's address"),
  WIKIMEDIA_API_URL: httpUrl()
    .default('https://commons.wikimedia.org/w/api.php')
    .describe("Wikimedia Commons' API (the full `api.php` address)"),
  PIXABAY_API_KEY: key().describe('the `pixabay` engine (image, video)'),
  PIXABAY_URL: httpUrl().default('https://pixabay.com').describe("Pixabay's address"),
  PEXELS_API_KEY: key().describe('the `pexel` engine (Pexels image, video)'),
  PEXELS_URL: httpUrl().default('https://api.pexels.com').describe("Pexels' address"),
  UNSPLASH_ACCESS_KEY: key().describe("the `unsplash` engine (image): the app's Access Key"),
  UNSPLASH_URL: httpUrl().default('https://api.unsplash.com').describe("Unsplash's address"),
  GIPHY_API_KEY: key().describe("the `giphy` engine (video: the GIF's MP4)"),
  GIPHY_URL: httpUrl().default('https://api.giphy.com').describe("Giphy's address"),
  FREESOUND_API_KEY: key().describe('the `free-sound` engine (audio: the HQ MP3 preview), an APIv2 token'),
  FREESOUND_URL: httpUrl().default('https://freesound.org').describe("Freesound's address"),
  YOUTUBE_API_KEY: key().describe(
    'the `youtube` engine (video: watch-page URLs, not files); each search costs 100 quota units',
  ),
  YOUTUBE_URL: httpUrl().default('https://www.googleapis.com').describe("the YouTube Data API's address"),
  GOOGLE_SEARCH_API_KEY: key().describe(
    'the `google` engine and its `google-images` fall-back (image, Programmable Search), with `GOOGLE_SEARCH_CX`; 10 results a call at most',
  ),
  GOOGLE_SEARCH_CX: key().describe('the Programmable Search Engine id (`cx`), with image search turned on'),
  GOOGLE_SEARCH_URL: httpUrl().default('https://www.googleapis.com').describe("Google Custom Search's address"),
  BRAVE_IMAGES_API_KEY: key()
    .describe(
      'the `bing` engine (image), which is Brave image search since Microsoft retired the Bing Search APIs (August 2025)',
    )
    .meta({ defaultText: '`BRAVE_SEARCH_API_KEY`' }),
  BRAVE_IMAGES_URL: httpUrl()
    .optional()
    .describe("Brave image search's address")
    .meta({ defaultText: '`BRAVE_SEARCH_URL`' }),
};

/** Brave's web search settings, which the `bing` engine falls back to. */
type BraveSearch = { apiKey: string | undefined; url: string };

export function mediaVendorsConfig(e: EnvOf<typeof mediaVendorsEnv>, context: { braveSearch: BraveSearch }) {
  return {
    keyless: e.MEDIA_KEYLESS,
    openverseUrl: e.OPENVERSE_URL,
    wikimediaUrl: e.WIKIMEDIA_API_URL,
    pixabay: { apiKey: e.PIXABAY_API_KEY, url: e.PIXABAY_URL },
    pexels: { apiKey: e.PEXELS_API_KEY, url: e.PEXELS_URL },
    unsplash: { apiKey: e.UNSPLASH_ACCESS_KEY, url: e.UNSPLASH_URL },
    giphy: { apiKey: e.GIPHY_API_KEY, url: e.GIPHY_URL },
    freesound: { apiKey: e.FREESOUND_API_KEY, url: e.FREESOUND_URL },
    youtube: { apiKey: e.YOUTUBE_API_KEY, url: e.YOUTUBE_URL },
    google: { apiKey: e.GOOGLE_SEARCH_API_KEY, cx: e.GOOGLE_SEARCH_CX, url: e.GOOGLE_SEARCH_URL },
    /** Serves the `bing` engine. */
    braveImages: {
      apiKey: e.BRAVE_IMAGES_API_KEY ?? context.braveSearch.apiKey,
      url: e.BRAVE_IMAGES_URL ?? context.braveSearch.url,
    },
  };
}
