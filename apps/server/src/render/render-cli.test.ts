import { describe, expect, it } from 'vitest';
import { InvalidProjectDocumentError, movieOf } from './render-cli';

describe('movieOf', () => {
  it('passes a bare movie through', () => {
    const movie = { frames: [] };
    expect(movieOf(movie)).toBe(movie);
  });

  it('throws InvalidProjectDocumentError, listing the issues, for a project that does not upgrade', () => {
    const error = (() => {
      try {
        movieOf({ schemaVersion: 1, video: 'not a movie' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidProjectDocumentError);
    expect((error as InvalidProjectDocumentError).issues.length).toBeGreaterThan(0);
    expect((error as Error).message).toMatch(/^Invalid project document:\n/);
  });
});
