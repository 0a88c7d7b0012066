import { describe, expect, it, vi } from 'vitest';
import { claimPlayback } from './one-at-a-time';

describe('claimPlayback', () => {
  it('pauses the element that played before, never the claiming one', () => {
    const first = { pause: vi.fn() };
    const second = { pause: vi.fn() };
    claimPlayback(first);
    claimPlayback(first);
    expect(first.pause).not.toHaveBeenCalled();
    claimPlayback(second);
    expect(first.pause).toHaveBeenCalledOnce();
    expect(second.pause).not.toHaveBeenCalled();
  });
});
