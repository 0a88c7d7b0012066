import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const API_KEY_QUERY_KEY = ['api-key'] as const;

/**
 * The business member's API key (`GET /api/members/zapier/info`). A full key arrives only when it
 * was just made, so the answer is kept for the session rather than refetched into a mere hint.
 */
export function useApiKey(enabled: boolean) {
  return useQuery({
    queryKey: API_KEY_QUERY_KEY,
    queryFn: () => call('apiKeyInfo'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Replaces the key (`POST /api/members/zapier/rotate`); the old one stops working. */
export function useRotateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('apiKeyRotate'),
    onSuccess: (info) => client.setQueryData(API_KEY_QUERY_KEY, info),
  });
}
