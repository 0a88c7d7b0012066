import type { AssetHost, HostCanvas } from '@reelwright/scene';
import { fontFaceFiles } from './font-files';
import { type ElementVideo, openElementVideo } from './video-source';

/** The renderer's host in the browser, plus the switch that lets clips play along with the player. */
export type BrowserHost = AssetHost & {
  /** Starts or stops the player's clips playing in step (outside playback they seek). */
  setPlaying(playing: boolean): void;
  /** Releases the clips this host opened. */
  dispose(): void;
};

/* Fonts and images are shared by every player of the page: document.fonts is global anyway. */
const fontLoads = new Map<string, Promise<boolean>>();
const imageLoads = new Map<string, Promise<HTMLImageElement>>();

/** Loads every subset file of the face, adding those that loaded to `document.fonts`. */
async function loadFace(family: string, weight: number, style: 'normal' | 'italic'): Promise<boolean> {
  const face = fontFaceFiles(family, weight, style);
  if (!face) throw new Error(`The font ${family} is not in the catalog.`);
  const faces = face.files.map(
    (file) =>
      new FontFace(family, `url(${file.url}) format('woff2')`, {
        weight: String(face.weight),
        style: face.style,
        ...(file.unicodeRange ? { unicodeRange: file.unicodeRange } : {}),
      }),
  );
  const results = await Promise.allSettled(faces.map((f) => f.load()));
  let loaded = 0;
  results.forEach((result) => {
    if (result.status === 'fulfilled') {
      document.fonts.add(result.value);
      loaded++;
    }
  });
  if (loaded === 0) throw new Error(`The font files of ${family} ${face.weight} ${face.style} did not load.`);
  return true;
}

/**
 * Decodes an image fully before drawing needs it, so drawing never waits. Asked for with CORS
 * first (the canvas stays readable); a host that sends no CORS headers still shows, tainting the
 * canvas, which the player never reads back.
 */
async function loadImageElement(url: string): Promise<HTMLImageElement> {
  const decode = async (cors: boolean) => {
    const image = new Image();
    if (cors) image.crossOrigin = 'anonymous';
    image.src = url;
    await image.decode();
    return image;
  };
  return decode(true).catch(() =>
    url.startsWith('data:') ? Promise.reject(new Error(`Bad image ${url}`)) : decode(false),
  );
}

/** Runs `load` once per key; a failure is forgotten so a later call retries. */
function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

/**
 * The browser's `AssetHost` (DESIGN §6, STYLE principle 3): images through `HTMLImageElement`,
 * catalogue fonts through `FontFace` (nearest weight and style, one face per subset with its
 * unicode-range; an unknown family rejects, so `prepareAssets` reports it missing), canvases
 * through `OffscreenCanvas` or a detached `<canvas>`, clips through muted `<video>` elements.
 */
export function createBrowserHost(): BrowserHost {
  const videos = new Set<ElementVideo>();
  return {
    loadImage: (url) => once(imageLoads, url, () => loadImageElement(url)),
    loadFont: (family, weight, style) =>
      once(fontLoads, `${family.toLowerCase()} ${weight} ${style}`, () => loadFace(family, weight, style)),
    createCanvas(width, height): HostCanvas {
      if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height) as unknown as HostCanvas;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      return canvas;
    },
    async loadVideo(url) {
      const video = await openElementVideo(url);
      videos.add(video);
      return video;
    },
    setPlaying(playing) {
      for (const video of videos) video.setPlaying(playing);
    },
    dispose() {
      for (const video of videos) video.dispose();
      videos.clear();
    },
  };
}
