import { describe, expect, it } from 'vitest';
import { appReturnPath } from './return-path';
import { outcomeUrl } from './service';

describe('where the video-site callback returns to (issue 31 finding 8)', () => {
  it.each([
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/./..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    '/a/../..//evil.example',
    '//evil.example/x',
    '/\\evil.example/x',
    '/.\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/x',
    'evil.example',
    '',
  ])('refuses %j, which leaves the app', (returnTo) => {
    expect(appReturnPath(returnTo)).toBeNull();
    expect(outcomeUrl(returnTo, 'connected')).toBe('/app.html?video_site=connected');
  });

  it.each([
    ['/app.html?pid=7#/builder', '/app.html?pid=7#/builder'],
    ['/app.html', '/app.html'],
    ['/./app.html#/x', '/app.html#/x'],
    ['/docs/../app.html?pid=1', '/app.html?pid=1'],
  ])('keeps the app path %j', (returnTo, path) => {
    expect(appReturnPath(returnTo)).toBe(path);
  });

  it('adds the outcome to an app path', () => {
    expect(outcomeUrl('/app.html?pid=7#/builder', 'connected')).toBe('/app.html?pid=7&video_site=connected#/builder');
  });
});
