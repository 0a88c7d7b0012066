import { type VideoItem, videoTime } from '@reelwright/core';
import { drawMedia } from '../media';
import { itemProgress } from './image';
import type { ItemUtil } from './types';

/** Video: the clip's frame at videoTime(item, local), fitted like an image. */
export const videoUtil: ItemUtil<VideoItem> = {
  type: 'video',
  visual: true,
  boxShadow: () => true,
  draw(dc, item, rect, local) {
    drawMedia(dc.ctx, dc.assets.videoFrame(item.url, videoTime(item, local)), rect, {
      fit: item.fit,
      position: item.position,
      kenBurns: item.kenBurns,
      progress: itemProgress(item, local),
      mediaScale: dc.stage.width / dc.movie.size.width,
    });
  },
};
