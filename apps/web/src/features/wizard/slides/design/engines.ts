/**
 * Media search engines of the slides step (spec 001 §9): which engines a type offers and the
 * last one used, remembered as '{type}-{engine}'.
 */

export type MediaType = 'image' | 'video';
export type EngineInfo = { engine: string; types: string[] };

/** Offered until `GET /api/members/media-engines` answers: the engines that work offline. */
export const OFFLINE_ENGINES: readonly EngineInfo[] = [
  { engine: 'generated', types: ['image'] },
  { engine: 'emojis', types: ['image'] },
  { engine: 'icons', types: ['image'] },
  { engine: 'library', types: ['image', 'video'] },
];

/** Engines the wizard never offers (spec 001 §9: "youtube excluded"). */
const EXCLUDED = new Set(['youtube']);

/** Tab labels for the engines the spec names; others show their own name. */
const LABELS: Record<string, string> = {
  pixabay: 'Pixabay',
  pexel: 'Pexels',
  unsplash: 'Unsplash',
  bing: 'Bing',
  google: 'Google',
  'google-images': 'Google images',
  giphy: 'Giphy',
  youtube: 'YouTube',
  'free-sound': 'Freesound',
  emojis: 'Emojis',
  icons: 'Icons',
  generated: 'Generated',
  library: 'My library',
  shapes: 'Shapes',
  openverse: 'Openverse',
  wikimedia: 'Wikimedia',
};

export const engineLabel = (engine: string) => LABELS[engine] ?? engine;

/** The engines offering `type`, in the server's order. */
export function enginesFor(type: MediaType, engines: readonly EngineInfo[]): string[] {
  return engines.filter((e) => e.types.includes(type) && !EXCLUDED.has(e.engine)).map((e) => e.engine);
}

/** The localStorage key holding the last engine. */
export const LAST_ENGINE_STORAGE_KEY = 'reelwright.wizard.mediaEngine';

/** The stored value: '{type}-{engine}' (spec 001 §9). */
export const lastEngineValue = (type: MediaType, engine: string) => `${type}-${engine}`;

/** Reads a stored value; engine names may contain '-', the type never does. */
export function parseLastEngine(value: string | null | undefined): { type: MediaType; engine: string } | null {
  if (!value) return null;
  const dash = value.indexOf('-');
  if (dash < 0) return null;
  const type = value.slice(0, dash);
  const engine = value.slice(dash + 1);
  if ((type !== 'image' && type !== 'video') || !engine) return null;
  return { type, engine };
}

/** The engine to show for `type`: the remembered one when it is still offered, else the first. */
export function pickEngine(type: MediaType, offered: readonly string[], stored: string | null): string | undefined {
  const last = parseLastEngine(stored);
  if (last && last.type === type && offered.includes(last.engine)) return last.engine;
  return offered[0];
}

/** A keyword that is a web address is imported directly instead of searched (spec 001 §5). */
export function isUrlKeyword(keyword: string): boolean {
  const text = keyword.trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return Boolean(new URL(text).hostname);
  } catch {
    return false;
  }
}
