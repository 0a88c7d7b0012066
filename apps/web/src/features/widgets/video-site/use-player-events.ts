import type { VideoSite } from '@reelwright/core';
import { type RefObject, useEffect, useRef } from 'react';
import { LISTEN_EVERY_MS, LISTEN_FOR_MS, listenMessages, type PlayerEvent, playerEvent } from './embed-protocol';

/**
 * Talks to a video site's player in `frame` (whose address is `src`): asks it, until it answers,
 * to send its events, and hands each event the page wants to `onEvent` with a way to message the
 * player back. Each src is a new player page, asked anew.
 */
export function usePlayerEvents(
  frame: RefObject<HTMLIFrameElement | null>,
  src: string,
  site: VideoSite,
  onEvent: (event: PlayerEvent, post: (message: string) => void) => void,
) {
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    const player = frame.current;
    if (!player) return;
    const siteOrigin = new URL(src).origin;
    const post = (message: string) => player.contentWindow?.postMessage(message, siteOrigin);
    let heard = false;
    // The player answers only once its page has loaded: ask until it does.
    const asking = window.setInterval(() => {
      if (!heard) for (const message of listenMessages(site)) post(message);
    }, LISTEN_EVERY_MS);
    const giveUp = window.setTimeout(() => window.clearInterval(asking), LISTEN_FOR_MS);
    const onMessage = (message: MessageEvent) => {
      if (message.source !== player.contentWindow || message.origin !== siteOrigin) return;
      heard = true;
      window.clearInterval(asking);
      const event = playerEvent(site, message.data);
      if (event) handler.current(event, post);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(asking);
      window.clearTimeout(giveUp);
    };
  }, [frame, src, site]);
}
