import { describe, expect, it } from 'vitest';
import { assertFileKey } from '../storage/file-store';
import { renderKeys } from './job';
import { newPublicId } from './service';

describe('render public ids', () => {
  it('are 32 base64url characters that always make valid storage keys', () => {
    for (let i = 0; i < 2000; i++) {
      const id = newPublicId();
      expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{31}$/);
      const keys = renderKeys(id);
      expect(() => assertFileKey(keys.video)).not.toThrow();
      expect(() => assertFileKey(keys.thumbnail)).not.toThrow();
    }
  });
});
