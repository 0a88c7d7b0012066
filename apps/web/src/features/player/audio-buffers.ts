import type { AudioClip } from '@reelwright/core';

let shared: AudioContext | null | undefined;

/**
 * The page's one `AudioContext`, shared by every player (browsers limit how many may run); null
 * where Web Audio is unavailable, and the player then keeps time with `performance.now`.
 */
export function sharedAudioContext(): AudioContext | null {
  if (shared === undefined) {
    try {
      shared = typeof AudioContext === 'undefined' ? null : new AudioContext();
    } catch {
      shared = null;
    }
  }
  return shared;
}

const decoded = new Map<string, Promise<AudioBuffer>>();

async function fetchAndDecode(context: AudioContext, url: string): Promise<AudioBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return context.decodeAudioData(await response.arrayBuffer());
}

/** The decoded sounds of a plan by url, and the urls that could not be fetched or decoded. */
export type LoadedAudio = { buffers: Map<string, AudioBuffer>; missing: string[] };

/** Fetches and decodes every url of the plan once (cached by url for the page's lifetime). */
export async function loadAudioBuffers(
  context: AudioContext | null,
  clips: readonly AudioClip[],
): Promise<LoadedAudio> {
  const urls = [...new Set(clips.map((clip) => clip.url))];
  const buffers = new Map<string, AudioBuffer>();
  if (!context) return { buffers, missing: urls };
  const missing: string[] = [];
  await Promise.all(
    urls.map(async (url) => {
      let pending = decoded.get(url);
      if (!pending) {
        pending = fetchAndDecode(context, url);
        decoded.set(url, pending);
        pending.catch(() => decoded.delete(url));
      }
      try {
        buffers.set(url, await pending);
      } catch {
        missing.push(url);
      }
    }),
  );
  return { buffers, missing };
}
