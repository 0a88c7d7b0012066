import { describe, expect, it } from 'vitest';
import { slowSearchMessage } from './slow-search';

describe('slow search messages', () => {
  it('starts with the spec message and changes every 15 s, keeping the last', () => {
    expect(slowSearchMessage(0, 'news')).toBe('Searching news..');
    expect(slowSearchMessage(14_999, 'news')).toBe('Searching news..');
    const second = slowSearchMessage(15_000, 'news');
    expect(second).not.toBe('Searching news..');
    const third = slowSearchMessage(30_000, 'news');
    expect(third).not.toBe(second);
    const last = slowSearchMessage(45_000, 'news');
    expect(last).not.toBe(third);
    expect(slowSearchMessage(10 * 60_000, 'news')).toBe(last);
  });
});
