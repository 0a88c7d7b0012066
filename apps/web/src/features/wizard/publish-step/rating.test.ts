import { describe, expect, it } from 'vitest';
import { asksFeedback, ratingPayload } from './rating';

describe('rating', () => {
  it('asks for feedback at 3 stars or fewer', () => {
    expect([1, 2, 3].every(asksFeedback)).toBe(true);
    expect(asksFeedback(4)).toBe(false);
    expect(asksFeedback(5)).toBe(false);
    expect(asksFeedback(0)).toBe(false);
  });

  it('sends the rating, with its feedback trimmed, only at 3 or lower', () => {
    expect(ratingPayload(7, 1, 'no')).toEqual({ pid: 7, rating: 1, feedback: 'no' });
    expect(ratingPayload(7, 2, '  too slow ')).toEqual({ pid: 7, rating: 2, feedback: 'too slow' });
    expect(ratingPayload(7, 3, 'ok')).toEqual({ pid: 7, rating: 3, feedback: 'ok' });
  });

  it('sends nothing for 4 or 5 stars (spec 001 §7)', () => {
    expect(ratingPayload(7, 4, 'great')).toBeNull();
    expect(ratingPayload(7, 5, '')).toBeNull();
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
