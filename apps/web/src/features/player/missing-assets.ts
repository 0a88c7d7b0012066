import type { MissingAsset } from '@reelwright/scene';

const MAX_REF = 60;

/** A url or font name short enough for a message (data: urls are long). */
function shortRef(ref: string): string {
  return ref.length > MAX_REF ? `${ref.slice(0, MAX_REF - 1)}…` : ref;
}

/**
 * A one-line, human account of what a player could not load, or null when everything loaded:
 * "Could not load: font Lobster 400 normal, image https://…/a.png, sound https://…/voice.mp3."
 */
export function describeMissing(missing: readonly MissingAsset[], sounds: readonly string[] = []): string | null {
  const parts = [
    ...missing.map((asset) => `${asset.kind} ${shortRef(asset.ref)}`),
    ...sounds.map((url) => `sound ${shortRef(url)}`),
  ];
  return parts.length === 0 ? null : `Could not load: ${parts.join(', ')}.`;
}
