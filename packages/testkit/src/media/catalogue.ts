import { matching } from '../articles/fake-server';

/**
 * One picture, clip or sound a fake media vendor holds. Each fake derives its own URLs from the
 * `id` (on `.example` hosts: nothing ever fetches them) and answers in its vendor's shape.
 */
export type FakeMediaItem = {
  id: number;
  kind: 'image' | 'video' | 'audio';
  title: string;
  tags: string[];
  /** Pixels of the original; 0 for audio. */
  width: number;
  height: number;
  /** Seconds, for video and audio. */
  duration?: number;
};

/** A small catalogue for tests: three mountain photos, two clips, a sound, a city photo. */
export const FAKE_MEDIA: FakeMediaItem[] = [
  {
    id: 101,
    kind: 'image',
    title: 'Snowy mountain peak',
    tags: ['mountain', 'snow', 'peak'],
    width: 4000,
    height: 2667,
  },
  { id: 102, kind: 'image', title: 'Mountain lake at dawn', tags: ['mountain', 'lake'], width: 3000, height: 2000 },
  { id: 103, kind: 'image', title: 'Mountain goat', tags: ['mountain', 'goat', 'animal'], width: 1200, height: 1600 },
  { id: 104, kind: 'image', title: 'City skyline at night', tags: ['city', 'night'], width: 5000, height: 2500 },
  {
    id: 201,
    kind: 'video',
    title: 'Mountain timelapse',
    tags: ['mountain', 'clouds'],
    width: 3840,
    height: 2160,
    duration: 18,
  },
  {
    id: 202,
    kind: 'video',
    title: 'Mountain river',
    tags: ['mountain', 'river'],
    width: 1920,
    height: 1080,
    duration: 9,
  },
  {
    id: 301,
    kind: 'audio',
    title: 'Mountain wind',
    tags: ['mountain', 'wind', 'ambience'],
    width: 0,
    height: 0,
    duration: 42.5,
  },
];

/** The items of a kind whose title and tags hold every word of the query. */
export function findMedia(items: FakeMediaItem[], kind: FakeMediaItem['kind'], query: string): FakeMediaItem[] {
  return matching(
    items.filter((item) => item.kind === kind),
    query,
    (item) => `${item.title} ${item.tags.join(' ')}`,
  );
}

/** `snowy-mountain-peak` */
export const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
