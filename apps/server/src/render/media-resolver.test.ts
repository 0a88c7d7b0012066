import {
  BackgroundSchema,
  createFrame,
  createTextItem,
  ImageItemSchema,
  ItemSchema,
  MovieSchema,
} from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { localizeMovie } from './media-resolver';

describe('localizeMovie', () => {
  it('points every media url that has a local file at it, the movie background and attached sound included', () => {
    const movie = MovieSchema.parse({
      background: BackgroundSchema.parse({ type: 'image', url: '/media/bg.jpg' }),
      audio: { url: '/media/music.mp3' },
      frames: [
        createFrame('frame-1', {
          background: BackgroundSchema.parse({ type: 'image', url: '/media/frame.jpg' }),
          items: [
            createTextItem('title', 'Hello', { audio: { url: '/media/voice.mp3', source: 'upload', duration: 2 } }),
            ImageItemSchema.parse({
              id: 'photo',
              type: 'image',
              url: '/media/photo.jpg',
              timing: { start: 0, stop: 5 },
              box: { left: 0, top: 0, width: 1, height: 1 },
            }),
          ],
        }),
      ],
    });
    const files = new Map(
      ['bg.jpg', 'music.mp3', 'frame.jpg', 'voice.mp3', 'photo.jpg'].map((name) => [
        `/media/${name}`,
        `/cache/${name}`,
      ]),
    );
    const local = localizeMovie(movie, files);
    expect(local.background?.url).toBe('/cache/bg.jpg');
    expect(local.audio.url).toBe('/cache/music.mp3');
    expect(local.frames[0]!.background.url).toBe('/cache/frame.jpg');
    const [title, photo] = local.frames[0]!.items;
    expect(title).toMatchObject({
      audio: { url: '/cache/voice.mp3', duration: 2 },
      paragraphs: [{ runs: [{ text: 'Hello' }] }],
    });
    expect(photo).toMatchObject({ url: '/cache/photo.jpg' });
  });

  it("points a video-site clip's poster at its file and leaves the page address alone (D55)", () => {
    const watch = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const movie = MovieSchema.parse({
      frames: [
        createFrame('frame-1', {
          items: [
            ItemSchema.parse({
              id: 'clip',
              type: 'video',
              url: watch,
              poster: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
              timing: { start: 0, stop: 5 },
              box: { left: 0, top: 0, width: 1, height: 1 },
            }),
          ],
        }),
      ],
    });
    const local = localizeMovie(movie, new Map([['https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', '/cache/p.jpg']]));
    expect(local.frames[0]!.items[0]).toMatchObject({ url: watch, poster: '/cache/p.jpg' });
  });
});
