import { createFrame, MovieSchema, movieMediaFields } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { mediaReferenceOf } from './media-rule';

describe('the media rule (docs/security.md V12)', () => {
  it.each([
    ['/etc/passwd'],
    ['/tmp/secret.png'],
    ['../../secret.png'],
    ['secret.png'],
    ['uploads/abc.png'],
    ['./uploads/abc.png'],
    ['file:///etc/passwd'],
    ['FILE:///etc/passwd'],
    ['file://localhost/etc/passwd'],
    ['file:///%65tc/passwd'],
    ['%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ['..%2f..%2fsecret.png'],
    ['/media/%2e%2e/%2e%2e/secret.png'],
    ['/media/uploads/%2e%2e%2fsecret.png'],
    ['..\\..\\secret.png'],
    ['C:\\secret.png'],
    ['C:/secret.png'],
    ['\\\\host\\share\\secret.png'],
    ['/media/../../secret.png'],
    ['/media/uploads/../../../etc/passwd'],
    ['/media/uploads/../x.png'],
    ['/media/uploads/a/b.png'],
    ['/media/uploads/.hidden.png'],
    ['/media/uploads/abc.png?x=1'],
    ['/media/uploads/abc.png\n'],
    ['/media/thumbnails/12-abc.webp'],
    ['/media/renders/abc.mp4'],
    ['/media/segments/abc.mp4'],
    ['/media/UPLOADS/abc.png'],
    ['//evil.example/x.png'],
    ['ftp://example.com/x.png'],
    ['javascript:alert(1)'],
    ['blob:http://127.0.0.1/x'],
    ['DATA:image/png;base64,AAAA'],
    ['http://'],
    ['https://'],
    [''],
  ])('refuses %j', (url) => {
    expect(mediaReferenceOf(url)).toEqual({ kind: 'refused' });
  });

  it('allows data:, http(s), the shared folders, and names the owned ones', () => {
    expect(mediaReferenceOf('data:image/png;base64,AAAA')).toEqual({ kind: 'data' });
    expect(mediaReferenceOf('https://cdn.example/a%20b.jpg?w=1')).toEqual({ kind: 'remote' });
    expect(mediaReferenceOf('HTTP://cdn.example/a.jpg')).toEqual({ kind: 'remote' });
    for (const folder of ['emojis', 'icons', 'shapes', 'generated', 'music']) {
      expect(mediaReferenceOf(`/media/${folder}/abc_1-2.png`)).toEqual({
        kind: 'shared',
        key: `${folder}/abc_1-2.png`,
      });
    }
    expect(mediaReferenceOf('/media/uploads/0a1b.thumb.jpg')).toEqual({
      kind: 'owned',
      key: 'uploads/0a1b.thumb.jpg',
      folder: 'uploads',
      name: '0a1b.thumb.jpg',
    });
    expect(mediaReferenceOf(`/media/tts/${'a'.repeat(64)}.mp3`)).toMatchObject({ kind: 'owned', folder: 'tts' });
    expect(mediaReferenceOf('/media/recordings/abc.mp3')).toMatchObject({ kind: 'owned', folder: 'recordings' });
  });

  it('walks every media field of a movie', () => {
    const box = { left: 0, top: 0, width: 1, height: 1 };
    const timing = { start: 0, stop: 1 };
    const image = { type: 'image', url: 'x:bg' } as const;
    const movie = MovieSchema.parse({
      audio: { url: 'x:music' },
      background: { ...image, url: 'x:movie-bg' },
      watermark: { type: 'image', image: 'x:watermark' },
      frames: [
        createFrame('f1', {
          background: { ...image, url: 'x:frame-bg' } as never,
          items: [
            { id: 'i', type: 'image', url: 'x:image', timing, box, background: { ...image, url: 'x:item-bg' } },
            { id: 'v', type: 'video', url: 'x:video', poster: 'x:poster', timing, box, audio: { url: 'x:sound' } },
            { id: 'a', type: 'audio', url: 'x:audio', timing, box },
            { id: 'g', type: 'gallery', images: [{ url: 'x:gallery' }, { url: '' }], timing, box },
          ] as never,
        }),
      ],
    });
    const urls = movieMediaFields(movie).map((f) => f.url);
    expect(urls.sort()).toEqual(
      [
        'x:music',
        'x:movie-bg',
        'x:watermark',
        'x:frame-bg',
        'x:image',
        'x:item-bg',
        'x:video',
        'x:poster',
        'x:sound',
        'x:audio',
        'x:gallery',
      ].sort(),
    );
    expect(movieMediaFields(movie).find((f) => f.url === 'x:sound')?.field).toEqual({
      path: ['frames', 0, 'items', 1, 'audio', 'url'],
      frameIndex: 0,
      item: { id: 'v', type: 'video' },
    });
  });
});
