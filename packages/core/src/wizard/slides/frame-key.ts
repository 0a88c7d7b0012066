import { canonicalJson } from '../../canonical-json';
import type { Slide } from './schema';

/**
 * FNV-1a, 32 bits, over the UTF-16 code units of `text`: a small, fast, stable hash for cache
 * keys and deterministic choices (not for security).
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The slide's frameKey (spec 001 §3): a hash of its texts, media, style and settings, so the
 * preview is rebuilt exactly when one of them changes. Key order inside objects does not matter.
 */
export function slideFrameKey(slide: Pick<Slide, 'texts' | 'style' | 'settings'>): string {
  const json = canonicalJson({ texts: slide.texts, style: slide.style, settings: slide.settings });
  return hashString(json).toString(16).padStart(8, '0');
}
