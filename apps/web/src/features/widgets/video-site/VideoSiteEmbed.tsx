import { type VideoSiteClip, videoSiteEmbedUrl } from '@reelwright/core';
import { type CSSProperties, type RefObject, useRef } from 'react';
import { PAUSE_AFTER_PLAY_MS, pauseMessage } from './embed-protocol';
import { usePlayerEvents } from './use-player-events';
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
  /** The player (by its src) already told to pause: each player pauses once, after it first plays. */
  const paused = useRef<string | null>(null);
  usePlayerEvents(frame, src, clip.site, (event, post) => {
    if (event !== 'playing' || paused.current === src) return;
    paused.current = src;
    // A player removed meanwhile has no window left to post to: the message goes nowhere.
    window.setTimeout(() => post(pauseMessage(clip.site)), PAUSE_AFTER_PLAY_MS);
  });

  return <SiteFrame frame={frame} src={src} title={title} className={classes.layer} style={style} tabIndex={-1} />;
}

/**
 * A video-site clip played with the site's own controls (a training video): muted to start, as
 * browsers allow autoplay only so; `onEnded` when it plays to its end.
 */
export function VideoSitePlayer({
  clip,
  title,
  onEnded,
  style,
}: {
  clip: VideoSiteClip;
  title: string;
  onEnded(): void;
  style?: CSSProperties;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const src = videoSiteEmbedUrl(clip, { origin: window.location.origin, controls: true });
  usePlayerEvents(frame, src, clip.site, (event) => {
    if (event === 'ended') onEnded();
  });
  return <SiteFrame frame={frame} src={src} title={title} className={classes.player} style={style} />;
}

function SiteFrame(props: {
  frame: RefObject<HTMLIFrameElement | null>;
  src: string;
  title: string;
  className: string | undefined;
  style?: CSSProperties;
  tabIndex?: number;
}) {
  return (
    <iframe
      ref={props.frame}
      key={props.src}
      className={props.className}
      style={props.style}
      src={props.src}
      title={props.title}
      tabIndex={props.tabIndex}
      allow="autoplay; encrypted-media; fullscreen"
      // The sites refuse to play for a page that sends no referrer; ours sends only its origin.
      referrerPolicy="strict-origin-when-cross-origin"
      data-testid="video-site-embed"
    />
  );
}
