import { type VideoSiteClip, videoSiteEmbedUrl } from '@reelwright/core';
import { type CSSProperties, useEffect, useRef } from 'react';
import {
  LISTEN_EVERY_MS,
  LISTEN_FOR_MS,
  listenMessage,
  PAUSE_AFTER_PLAY_MS,
  pauseMessage,
  saysPlaying,
} from './embed-protocol';
import classes from './VideoSiteEmbed.module.css';

/**
 * The video component for a video-site clip (spec 002 §6): the site's embedded player with its
 * controls hidden, muted, started so that its first picture shows and paused 250 ms after play
 * starts: a silent visual layer. It takes no pointer input (the stage under it does).
 */
export function VideoSiteEmbed({
  clip,
  start,
  title,
  style,
}: {
  clip: VideoSiteClip;
  /** Seconds into the clip to show. */
  start: number;
  title: string;
  style?: CSSProperties;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const src = videoSiteEmbedUrl(clip, { origin: window.location.origin, start });

  // Each src is a new player page (the iframe is keyed by it), asked anew.
  useEffect(() => {
    const player = frame.current;
    if (!player) return;
    const siteOrigin = new URL(src).origin;
    const post = (message: string) => player.contentWindow?.postMessage(message, siteOrigin);
    let heard = false;
    let pauseTimer: number | undefined;
    // The player answers only once its page has loaded: ask until it does.
    const asking = window.setInterval(() => {
      if (!heard) post(listenMessage(clip.site));
    }, LISTEN_EVERY_MS);
    const giveUp = window.setTimeout(() => window.clearInterval(asking), LISTEN_FOR_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== player.contentWindow || event.origin !== siteOrigin) return;
      heard = true;
      window.clearInterval(asking);
      if (pauseTimer === undefined && saysPlaying(clip.site, event.data)) {
        pauseTimer = window.setTimeout(() => post(pauseMessage(clip.site)), PAUSE_AFTER_PLAY_MS);
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(asking);
      window.clearTimeout(giveUp);
      window.clearTimeout(pauseTimer);
    };
  }, [src, clip.site]);

  return (
    <iframe
      ref={frame}
      key={src}
      className={classes.embed}
      style={style}
      src={src}
      title={title}
      tabIndex={-1}
      allow="autoplay; encrypted-media"
      // The sites refuse to play for a page that sends no referrer; ours sends only its origin.
      referrerPolicy="strict-origin-when-cross-origin"
      data-testid="video-site-embed"
    />
  );
}
