import type { WebhookEndpointInput } from '@reelwright/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;

/** The member's webhook endpoints with their last delivery; refreshed while a delivery is pending. */
export function useWebhooks(enabled: boolean) {
  return useQuery({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: () => call('webhookList'),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((endpoint) => endpoint.last_delivery?.status === 'pending') ? 2000 : false,
  });
}

/** Registers an endpoint; the answer holds its secret, shown once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => call('webhookCreate', input),
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('webhookDelete', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('webhookTest', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** Turns an endpoint disabled after repeated failures back on. */
export function useEnableWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('webhookEnable', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
