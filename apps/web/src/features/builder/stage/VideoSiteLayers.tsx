import { animatedBox, type Frame, localPlayhead, videoSiteOf } from '@reelwright/core';
import { VideoSiteEmbed } from '../../widgets/video-site/VideoSiteEmbed';
import { useLiveEditor } from '../editor-store';

/**
 * The open slide's video-site clips that show at the playhead, each in its site's player over
 * the stage's drawing of its poster (D55), where the item stands (keyframes included).
 */
export function VideoSiteLayers({ frame, width, height }: { frame: Frame; width: number; height: number }) {
  const playhead = useLiveEditor((s) => s.session.playhead);
  const clips = frame.items.flatMap((item) => {
    if (item.type !== 'video' || localPlayhead(item.timing, playhead) < 0) return [];
    const clip = videoSiteOf(item.url);
    return clip ? [{ item, clip }] : [];
  });
  return clips.map(({ item, clip }) => {
    const box = animatedBox(item.box, item.keyframes, localPlayhead(item.timing, playhead));
    return (
      <VideoSiteEmbed
        key={item.id}
        clip={clip}
        start={item.startTime}
        title={item.label ?? 'Video-site clip'}
        style={{
          left: box.left * width,
          top: box.top * height,
          width: box.width * width,
          height: box.height * height,
          opacity: box.opacity,
          transform: `rotate(${box.rotate}deg)`,
        }}
      />
    );
  });
}
