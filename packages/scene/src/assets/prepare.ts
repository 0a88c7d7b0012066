import type { Movie } from '@reelwright/core';
import { collectAssets, fontKey } from './collect';
import type { AssetHost, MissingAsset, PreparedAssets, VideoSource } from './types';

async function settle<T>(load: () => Promise<T | null>): Promise<T | null> {
  try {
    return (await load()) ?? null;
  } catch {
    return null;
  }
}

/**
 * Loads every font, image and clip a movie needs through the host, before any drawing
 * (DESIGN §6). Never throws: whatever fails is listed in `missing` (every one of them, so an
 * export can fail loudly), and drawing shows a placeholder in its place.
 */
export async function prepareAssets(movie: Movie, host: AssetHost): Promise<PreparedAssets> {
  const needs = collectAssets(movie);
  const missing: MissingAsset[] = [];
  const images = new Map<string, CanvasImageSource>();
  const videos = new Map<string, VideoSource>();
  const fontResults = await Promise.all(
    needs.fonts.map((f) => settle(() => host.loadFont(f.family, f.weight, f.style).then((ok) => ok || null))),
  );
  needs.fonts.forEach((f, i) => {
    if (!fontResults[i]) missing.push({ kind: 'font', ref: fontKey(f) });
  });
  const imageResults = await Promise.all(needs.images.map((url) => settle(() => host.loadImage(url))));
  needs.images.forEach((url, i) => {
    const image = imageResults[i];
    if (image) images.set(url, image);
    else missing.push({ kind: 'image', ref: url });
  });
  const videoResults = await Promise.all(
    needs.videos.map((url) => settle(() => host.loadVideo?.(url) ?? Promise.resolve(null))),
  );
  needs.videos.forEach((url, i) => {
    const video = videoResults[i];
    if (video) videos.set(url, video);
    else missing.push({ kind: 'video', ref: url });
  });
  return {
    assets: {
      image: (url) => images.get(url) ?? null,
      videoFrame: (url, time) => {
        try {
          return videos.get(url)?.frameAt(time) ?? null;
        } catch {
          return null;
        }
      },
      videoDuration: (url) => {
        const duration = videos.get(url)?.duration;
        return typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : null;
      },
      createCanvas: (width, height) => host.createCanvas(width, height),
      isOpaque: (url) => images.has(url) && host.isOpaque?.(url) === true,
    },
    missing,
  };
}
