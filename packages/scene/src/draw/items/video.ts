import { isVideoSiteUrl, type VideoItem, videoTime } from '@reelwright/core';
import { drawMedia } from '../media';
import { itemProgress } from './image';
import type { ItemUtil } from './types';

/**
 * Video: the clip's frame at videoTime(item, local), fitted like an image; a video-site clip,
 * which only its site's player can play, its poster (D55).
 */
export const videoUtil: ItemUtil<VideoItem> = {
  type: 'video',
  visual: true,
  boxShadow: () => true,
  draw(dc, item, rect, local) {
    const poster = item.poster ? dc.assets.image(item.poster) : null;
    const picture = isVideoSiteUrl(item.url) ? poster : dc.assets.videoFrame(item.url, videoTime(item, local));
    drawMedia(dc.ctx, picture, rect, {
      fit: item.fit,
      position: item.position,
      kenBurns: item.kenBurns,
      progress: itemProgress(item, local),
      mediaScale: dc.stage.width / dc.movie.size.width,
    });
  },
};
