import type { Background } from './background';
import type { Item } from './item';
import type { Movie } from './movie';

/**
 * Where a media url sits in a movie: its path from the movie (`frames.0.items.2.url`), and the
 * frame and item it belongs to, so a refusal can name what the author sees.
 */
export type MediaField = {
  path: (string | number)[];
  frameIndex?: number;
  item?: { id: string; type: Item['type'] };
};

/**
 * The movie with every media url passed through `map`: the music, the backgrounds of the movie,
 * frames and items, image, video, audio and gallery items, sound attached to items, a video's
 * poster and the watermark image. Text and fonts are never touched. The one list of a movie's
 * media fields: the server's media rule and the render's local copies both walk it.
 */
export function mapMovieMedia(movie: Movie, map: (url: string, field: MediaField) => string): Movie {
  const mapped = (url: string | undefined, field: MediaField) => (url ? map(url, field) : url);
  const background = <B extends Background | undefined>(bg: B, field: MediaField): B =>
    bg?.url ? { ...bg, url: map(bg.url, { ...field, path: [...field.path, 'background', 'url'] }) } : bg;
  const watermark = movie.watermark.image
    ? { ...movie.watermark, image: map(movie.watermark.image, { path: ['watermark', 'image'] }) }
    : movie.watermark;
  return {
    ...movie,
    audio: { ...movie.audio, url: mapped(movie.audio.url, { path: ['audio', 'url'] }) },
    background: background(movie.background, { path: [] }),
    watermark,
    frames: movie.frames.map((frame, frameIndex) => ({
      ...frame,
      background: background(frame.background, { path: ['frames', frameIndex], frameIndex }),
      items: frame.items.map((item, itemIndex) => {
        const at = ['frames', frameIndex, 'items', itemIndex];
        const field = (...rest: (string | number)[]): MediaField => ({
          path: [...at, ...rest],
          frameIndex,
          item: { id: item.id, type: item.type },
        });
        const moved = { ...item, background: background(item.background, field()) } as Item;
        if ('audio' in moved && moved.audio)
          moved.audio = { ...moved.audio, url: map(moved.audio.url, field('audio', 'url')) };
        if (moved.type === 'video' && moved.poster) moved.poster = map(moved.poster, field('poster'));
        if (moved.type === 'image' || moved.type === 'video' || moved.type === 'audio') {
          return { ...moved, url: map(moved.url, field('url')) };
        }
        if (moved.type === 'gallery') {
          return {
            ...moved,
            images: moved.images.map((image, i) => ({
              ...image,
              url: mapped(image.url, field('images', i, 'url')) ?? '',
            })),
          };
        }
        return moved;
      }),
    })),
  };
}

/** Every media url of a movie with where it sits (empty urls are no media and are left out). */
export function movieMediaFields(movie: Movie): { url: string; field: MediaField }[] {
  const found: { url: string; field: MediaField }[] = [];
  mapMovieMedia(movie, (url, field) => {
    found.push({ url, field });
    return url;
  });
  return found;
}
