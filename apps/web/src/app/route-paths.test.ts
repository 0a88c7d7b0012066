import { describe, expect, it } from 'vitest';
import { isEditorPath, isWidePath } from './route-paths';

describe('route paths', () => {
  it('knows the editor routes', () => {
    expect(['/wizard', '/wizard/slides', '/builder', '/audio-editor/frame-1/audio-1'].every(isEditorPath)).toBe(true);
    expect(['/pricing', '/preview', '/test', '/optimizer', '/wizardry'].some(isEditorPath)).toBe(false);
  });

  it('widens only the builder', () => {
    expect(isWidePath('/builder')).toBe(true);
    expect(isWidePath('/wizard/keyword')).toBe(false);
  });
});
