import { describe, expect, it } from 'vitest';
import { asksFeedback, ratingPayload } from './rating';

describe('rating', () => {
  it('asks for feedback at 3 stars or fewer', () => {
    expect([1, 2, 3].every(asksFeedback)).toBe(true);
    expect(asksFeedback(4)).toBe(false);
    expect(asksFeedback(5)).toBe(false);
    expect(asksFeedback(0)).toBe(false);
  });

  it('sends feedback only at 3 or lower, trimmed', () => {
    expect(ratingPayload(7, 2, '  too slow ')).toEqual({ pid: 7, rating: 2, feedback: 'too slow' });
    expect(ratingPayload(7, 3, 'ok')).toEqual({ pid: 7, rating: 3, feedback: 'ok' });
    expect(ratingPayload(7, 4, 'great')).toEqual({ pid: 7, rating: 4 });
  });

  it('leaves out empty feedback', () => {
    expect(ratingPayload(7, 1, '   ')).toEqual({ pid: 7, rating: 1 });
  });

  it('cuts long feedback', () => {
    expect(ratingPayload(7, 1, 'x'.repeat(3000))?.feedback).toHaveLength(2000);
  });

  it('refuses no rating or one out of range', () => {
    expect(ratingPayload(7, 0, '')).toBeNull();
    expect(ratingPayload(7, 6, '')).toBeNull();
    expect(ratingPayload(7, 2.5, '')).toBeNull();
  });
});
