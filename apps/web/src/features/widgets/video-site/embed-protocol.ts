import type { VideoSite } from '@reelwright/core';

/**
 * How the page talks to a video site's embedded player by postMessage (YouTube's iframe API
 * messages, Vimeo's player.js messages), without loading the sites' scripts.
 */

/** Spec 002 §6: the video component pauses 250 ms after play starts. */
export const PAUSE_AFTER_PLAY_MS = 250;

/** How often, and how long, the page asks a loading player to report its state. */
export const LISTEN_EVERY_MS = 250;
export const LISTEN_FOR_MS = 10_000;

/** The message that asks the player to send its events to the page. */
export function listenMessage(site: VideoSite): string {
  if (site === 'youtube') return JSON.stringify({ event: 'listening', id: 1, channel: 'widget' });
  return JSON.stringify({ method: 'addEventListener', value: 'play' });
}

/** The message that pauses the player. */
export function pauseMessage(site: VideoSite): string {
  if (site === 'youtube') return JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] });
  return JSON.stringify({ method: 'pause' });
}

function parsed(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      const value: unknown = JSON.parse(data);
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/** YouTube's player state 'playing'. */
const YOUTUBE_PLAYING = 1;

/** Whether a message from the player says that playback started. */
export function saysPlaying(site: VideoSite, data: unknown): boolean {
  const message = parsed(data);
  if (!message) return false;
  if (site === 'vimeo') return message.event === 'play';
  if (message.event === 'onStateChange') return message.info === YOUTUBE_PLAYING;
  if (message.event === 'infoDelivery') {
    const info = message.info as { playerState?: unknown } | null;
    return info?.playerState === YOUTUBE_PLAYING;
  }
  return false;
}
