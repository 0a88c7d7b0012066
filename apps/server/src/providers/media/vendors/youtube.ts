import type { MediaSearchProvider, MediaSearchResult } from '../types';
import type { GoogleOptions } from './google';
import { readGoogleError } from './google';
import { buildUrl, mediaGetJson } from './http';

type YoutubeThumb = { url?: string; width?: number; height?: number };
type YoutubeItem = {
  id?: { videoId?: string };
  snippet?: { title?: string; thumbnails?: Partial<Record<'default' | 'medium' | 'high', YoutubeThumb>> };
};

/**
 * YouTube Data API v3 (video): `GET /youtube/v3/search?part=snippet&type=video&q=&maxResults=&key=
 * &safeSearch=strict&videoEmbeddable=true` (`maxResults` at most 50). Answers the watch page URL
 * (YouTube serves no video files) and the high thumbnail; search tells neither the video's size
 * nor its duration, so width and height are 0.
 */
export function youtube(options: GoogleOptions): MediaSearchProvider {
  const vendor = 'YouTube';
  return {
    engine: 'youtube',
    types: ['video'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type !== 'video') return [];
      const answer = (await mediaGetJson(
        buildUrl(options.url, '/youtube/v3/search', {
          part: 'snippet',
          type: 'video',
          q: query.keyword.slice(0, 200),
          maxResults: Math.min(query.num, 50),
          safeSearch: 'strict',
          videoEmbeddable: 'true',
          key: options.apiKey,
        }),
        { vendor, timeoutMs: options.timeoutMs, readError: readGoogleError },
      )) as { items?: YoutubeItem[] };
      return (answer.items ?? []).slice(0, query.num).flatMap((item) => {
        const id = item.id?.videoId;
        if (!id) return [];
        const thumb = item.snippet?.thumbnails?.high ?? item.snippet?.thumbnails?.medium;
        return [
          {
            url: `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`,
            thumbnail: thumb?.url ?? '',
            name: item.snippet?.title?.trim() || `youtube ${id}`,
            width: 0,
            height: 0,
          },
        ];
      });
    },
  };
}
