import type { MediaCredit } from '../video/item';
import type { MediaEngine } from './engines';

/**
 * The license media found by each engine comes under, as the video's credits name it. Engines
 * that search the open web cannot know a picture's license: their credit says so, and the author
 * checks the source page before publishing.
 */
export const ENGINE_LICENSES: Record<MediaEngine, string> = {
  pixabay: 'Pixabay Content License',
  pexel: 'Pexels License',
  unsplash: 'Unsplash License',
  giphy: 'GIPHY Terms of Service',
  google: 'Unknown: check the source page',
  'google-images': 'Unknown: check the source page',
  bing: 'Unknown: check the source page',
  youtube: 'YouTube Terms of Service',
  'free-sound': 'Creative Commons (as Freesound lists it)',
  openverse: 'Creative Commons (as Openverse lists it)',
  wikimedia: 'Free license (as Wikimedia Commons lists it)',
  emojis: 'SIL Open Font License 1.1 (Noto Color Emoji)',
  icons: 'MIT (Tabler Icons)',
  shapes: 'Reelwright',
  generated: 'Reelwright',
  library: 'Your own upload',
};

/** The credit of media found by `engine`. */
export function creditFor(engine: MediaEngine): MediaCredit {
  return { source: engine, license: ENGINE_LICENSES[engine] };
}
