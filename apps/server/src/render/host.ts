import { createNodeHost } from '@reelwright/canvas-node';
import type { AssetHost } from '@reelwright/scene';
import { decodeClip } from './clip-frames';
import { hostUrl, mediaFile } from './sources';

/** The Node host with media resolved against `baseDir` and clips decoded at the output rate. */
export function renderHost(baseDir: string, tmpDir: string, fps: number, width: number, height: number): AssetHost {
  const host = createNodeHost();
  return {
    ...host,
    loadImage: (url) => host.loadImage(hostUrl(url, baseDir)),
    isOpaque: (url) => host.isOpaque?.(hostUrl(url, baseDir)) === true,
    async loadVideo(url) {
      const file = await mediaFile(url, baseDir, tmpDir);
      return file ? decodeClip(file, fps, width, height) : null;
    },
  };
}
