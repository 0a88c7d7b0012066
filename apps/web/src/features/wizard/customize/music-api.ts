import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { type MusicPreparing, type MusicTrack, readMusicList } from './music';

/** How often the list is asked again while the server is still making tracks. */
const PREPARING_POLL_MS = 3_000;

/**
 * The stock music (`GET /api/members/music`): the tracks ready, and while the server is still
 * making the rest, its progress (asked again every few seconds until done). Any failure (the
 * call missing on an older server, a network error, no ffmpeg on the server) answers an empty
 * list: the step then offers 'No music' only.
 */
export function useMusicTracks() {
  return useQuery({
    queryKey: ['music-tracks'],
    queryFn: async (): Promise<{ tracks: MusicTrack[]; preparing: MusicPreparing | null }> => {
      try {
        return readMusicList(await call('music'));
      } catch {
        return { tracks: [], preparing: null };
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data?.preparing ? PREPARING_POLL_MS : false),
    retry: false,
  });
}
