import { describe, expect, it } from 'vitest';
import { listenMessages, PAUSE_AFTER_PLAY_MS, pauseMessage, playerEvent } from './embed-protocol';

describe("the video-site player's messages", () => {
  it('pauses 250 ms after play starts (spec 002 §6)', () => {
    expect(PAUSE_AFTER_PLAY_MS).toBe(250);
  });

  it("speaks YouTube's iframe API", () => {
    expect(listenMessages('youtube').map((m) => JSON.parse(m))).toMatchObject([{ event: 'listening' }]);
    expect(JSON.parse(pauseMessage('youtube'))).toEqual({ event: 'command', func: 'pauseVideo', args: [] });
    const said = (message: object) => playerEvent('youtube', JSON.stringify(message));
    expect(said({ event: 'onStateChange', info: 1 })).toBe('playing');
    expect(said({ event: 'infoDelivery', info: { playerState: 1 } })).toBe('playing');
    expect(said({ event: 'onStateChange', info: 0 })).toBe('ended');
    expect(said({ event: 'onStateChange', info: 3 })).toBeNull();
    expect(said({ event: 'infoDelivery', info: { currentTime: 2 } })).toBeNull();
  });

  it("speaks Vimeo's player.js, as a string or an object", () => {
    expect(listenMessages('vimeo').map((m) => JSON.parse(m))).toEqual([
      { method: 'addEventListener', value: 'play' },
      { method: 'addEventListener', value: 'ended' },
    ]);
    expect(JSON.parse(pauseMessage('vimeo'))).toEqual({ method: 'pause' });
    expect(playerEvent('vimeo', { event: 'play', data: { seconds: 0 } })).toBe('playing');
    expect(playerEvent('vimeo', '{"event":"ended"}')).toBe('ended');
    expect(playerEvent('vimeo', '{"event":"ready"}')).toBeNull();
  });

  it('ignores anything else', () => {
    for (const data of [null, 42, 'not json', '[]', { event: 'play' }]) expect(playerEvent('youtube', data)).toBeNull();
  });
});
