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

/**
 * The messages that ask the player to send its events to the page: YouTube sends every state
 * change once listened to; Vimeo sends only the events asked for.
 */
export function listenMessages(site: VideoSite): string[] {
  if (site === 'youtube') return [JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })];
  return ['play', 'ended'].map((value) => JSON.stringify({ method: 'addEventListener', value }));
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

/** What the page listens for: playback started, or the video played to its end. */
export type PlayerEvent = 'playing' | 'ended';

/** YouTube's player states (iframe API `onStateChange`). */
const YOUTUBE_STATES: Record<number, PlayerEvent> = { 0: 'ended', 1: 'playing' };

/** What a message from the player says happened, if it is one of the events the page wants. */
export function playerEvent(site: VideoSite, data: unknown): PlayerEvent | null {
  const message = parsed(data);
  if (!message) return null;
  if (site === 'vimeo') return message.event === 'play' ? 'playing' : message.event === 'ended' ? 'ended' : null;
  let state: unknown = null;
  if (message.event === 'onStateChange') state = message.info;
  else if (message.event === 'infoDelivery') state = (message.info as { playerState?: unknown } | null)?.playerState;
  return typeof state === 'number' ? (YOUTUBE_STATES[state] ?? null) : null;
}
