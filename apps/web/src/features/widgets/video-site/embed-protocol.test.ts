import { describe, expect, it } from 'vitest';
import { listenMessage, PAUSE_AFTER_PLAY_MS, pauseMessage, saysPlaying } from './embed-protocol';

describe("the video-site player's messages", () => {
  it('pauses 250 ms after play starts (spec 002 §6)', () => {
    expect(PAUSE_AFTER_PLAY_MS).toBe(250);
  });

  it("speaks YouTube's iframe API", () => {
    expect(JSON.parse(listenMessage('youtube'))).toMatchObject({ event: 'listening' });
    expect(JSON.parse(pauseMessage('youtube'))).toEqual({ event: 'command', func: 'pauseVideo', args: [] });
    expect(saysPlaying('youtube', JSON.stringify({ event: 'onStateChange', info: 1 }))).toBe(true);
    expect(saysPlaying('youtube', JSON.stringify({ event: 'infoDelivery', info: { playerState: 1 } }))).toBe(true);
    expect(saysPlaying('youtube', JSON.stringify({ event: 'onStateChange', info: 3 }))).toBe(false);
    expect(saysPlaying('youtube', JSON.stringify({ event: 'infoDelivery', info: { currentTime: 2 } }))).toBe(false);
  });

  it("speaks Vimeo's player.js, as a string or an object", () => {
    expect(JSON.parse(listenMessage('vimeo'))).toEqual({ method: 'addEventListener', value: 'play' });
    expect(JSON.parse(pauseMessage('vimeo'))).toEqual({ method: 'pause' });
    expect(saysPlaying('vimeo', { event: 'play', data: { seconds: 0 } })).toBe(true);
    expect(saysPlaying('vimeo', '{"event":"ready"}')).toBe(false);
  });

  it('ignores anything else', () => {
    for (const data of [null, 42, 'not json', '[]', { event: 'play' }])
      expect(saysPlaying('youtube', data)).toBe(false);
  });
});
