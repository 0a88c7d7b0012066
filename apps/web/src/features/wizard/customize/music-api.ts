import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type MusicTrack, readTracks } from './music';

/**
 * The stock music (`GET /api/members/music`). Any failure (the call missing on an older server,
 * a network error) answers an empty list: the step then offers 'No music' only.
 */
export function useMusicTracks() {
  return useQuery({
    queryKey: ['music-tracks'],
    queryFn: async (): Promise<MusicTrack[]> => {
      try {
        return readTracks(await api.get<unknown>('/api/members/music'));
      } catch {
        return [];
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
