import type { VideoSource } from '@reelwright/scene';

/** How far the element may drift from the wanted time before it is seeked (spec 002 §2 trim editor). */
export const SEEK_TOLERANCE = 0.2;

/** A clip the player can draw: a frame source plus the play/pause switch the player drives. */
export type ElementVideo = VideoSource & {
  /** Playing: the element runs in step and is only corrected when it drifts. Paused: it seeks. */
  setPlaying(playing: boolean): void;
  dispose(): void;
};

/** Resolves once the element can show a frame, rejects when it cannot load. */
function whenLoaded(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve, reject) => {
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return resolve();
    video.addEventListener('loadeddata', () => resolve(), { once: true });
    video.addEventListener('error', () => reject(new Error(`Cannot load video ${video.src}`)), { once: true });
  });
}

/**
 * Opens `url` in a muted, detached `<video>` (its sound comes from the audio plan, not the
 * element). `frameAt(time)` returns the element once it shows a frame near `time`: outside
 * playback it seeks whenever the element is more than 0.2 s away; during playback the element
 * plays along and is seeked only when it drifts that far.
 */
export async function openElementVideo(url: string): Promise<ElementVideo> {
  const open = async (cors: boolean) => {
    const element = document.createElement('video');
    element.muted = true;
    element.playsInline = true;
    element.preload = 'auto';
    if (cors) element.crossOrigin = 'anonymous';
    element.src = url;
    await whenLoaded(element);
    return element;
  };
  // Without CORS headers a clip still shows; it only taints the canvas, which the player never reads.
  const video = await open(true).catch(() => open(false));
  let playing = false;
  return {
    frameAt(time) {
      const wanted = Math.max(0, Math.min(time, Number.isFinite(video.duration) ? video.duration : time));
      if (Math.abs(video.currentTime - wanted) > SEEK_TOLERANCE && !video.seeking) video.currentTime = wanted;
      if (playing && video.paused) void video.play().catch(() => undefined);
      return video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? video : null;
    },
    setPlaying(next) {
      playing = next;
      if (!next) video.pause();
    },
    dispose() {
      video.pause();
      video.removeAttribute('src');
      video.load();
    },
  };
}
