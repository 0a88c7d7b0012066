import type { Frame, Movie } from '@reelwright/core';
import { type AssetHost, drawFrame, prepareAssets } from '@reelwright/scene';
import { createBrowserHost } from '../../player/browser-host';
import { posterTime, thumbnailSize } from './slide-bar-rules';
import { createThumbnailCache } from './thumbnail-cache';

/** How long a thumbnail waits at most for its clips to seek to the poster time. */
const VIDEO_SETTLE_MS = 1500;
const VIDEO_POLL_MS = 100;

/**
 * What every thumbnail of the movie shares: the movie-level settings `drawFrame` reads (size,
 * watermark, movie background; its frames left out), the thumbnail's size, and `key`, which
 * stands for all of them in the cache — a change of any redraws every thumbnail.
 */
export type ThumbnailSetup = {
  movie: Movie;
  css: { width: number; height: number };
  pixels: { width: number; height: number };
  key: string;
};

/** Work it out once per change of the movie's size, watermark, background or the pixel ratio. */
export function thumbnailSetup(video: Movie, devicePixelRatio: number): ThumbnailSetup {
  const { css, pixels } = thumbnailSize(video.size, devicePixelRatio);
  const movie: Movie = { ...video, frames: [] };
  const key = `${pixels.width}x${pixels.height} ${JSON.stringify([video.size, video.watermark, video.background ?? null])}`;
  return { movie, css, pixels, key };
}

const thumbnails = createThumbnailCache<ImageBitmap>({ concurrency: 2 });

/** The thumbnail of `frame`, drawn once per version of the frame (`thumbnail-cache.ts`). */
export function slideThumbnail(frame: Frame, setup: ThumbnailSetup): Promise<ImageBitmap> {
  return thumbnails.get(frame, setup.key, () => renderThumbnail(frame, setup));
}

/** The finished thumbnail of this version of `frame`, if any. */
export function cachedSlideThumbnail(frame: Frame, setup: ThumbnailSetup): ImageBitmap | undefined {
  return thumbnails.peek(frame, setup.key);
}

/**
 * Draws a slide as the player would (the one renderer, STYLE principle 3): a movie of just this
 * frame, its assets loaded first through the browser host, at the poster time. Clips are
 * seeked on the first draw; the frame is drawn again once they show the poster time.
 */
async function renderThumbnail(frame: Frame, { movie: base, pixels }: ThumbnailSetup): Promise<ImageBitmap> {
  const movie: Movie = { ...base, frames: [frame] };
  const browser = createBrowserHost();
  const clips = watchClips(browser);
  try {
    const { assets } = await prepareAssets(movie, clips.host);
    const canvas = browser.createCanvas(pixels.width, pixels.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas for the slide thumbnail.');
    const draw = () =>
      drawFrame(ctx, movie, posterTime(frame.duration), assets, { scale: pixels.width / movie.size.width });
    draw();
    for (let waited = 0; clips.seeking() && waited < VIDEO_SETTLE_MS; waited += VIDEO_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, VIDEO_POLL_MS));
      draw();
    }
    // A bitmap, not a data URL: a picture from a host without CORS headers taints the canvas,
    // which forbids `toDataURL` but still makes a bitmap another canvas can show.
    return await createImageBitmap(canvas as unknown as ImageBitmapSource);
  } finally {
    browser.dispose();
  }
}

/**
 * The host with its clips watched: `seeking()` is true when, on the last draw, a clip had no
 * frame yet or was still seeking to the time asked for (the player's clips seek lazily).
 */
function watchClips(browser: ReturnType<typeof createBrowserHost>): { host: AssetHost; seeking(): boolean } {
  let waiting = false;
  const host: AssetHost = {
    ...browser,
    async loadVideo(url) {
      const clip = await browser.loadVideo?.(url);
      if (!clip) return null;
      return {
        ...clip,
        frameAt(time) {
          const source = clip.frameAt(time);
          if (!source || (source instanceof HTMLVideoElement && source.seeking)) waiting = true;
          return source;
        },
      };
    },
  };
  return {
    host,
    seeking() {
      const was = waiting;
      waiting = false;
      return was;
    },
  };
}
