import type { AccessAction, User } from '@reelwright/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../../lib/api';
import { changesMember } from './auth-screen';
import { tzOffset, USER_QUERY_KEY, useSetUser } from './use-user';

/** Where a failed access call reports its error: the banner of the authentication form. */
export const AccessErrorContext = createContext<(error: Error | null) => void>(() => {});

/** Queries that stay valid whoever is signed in. */
const MEMBER_INDEPENDENT_ROOTS = new Set<unknown>([USER_QUERY_KEY[0], 'app-config']);

/**
 * After a different member signs in, every member-owned query (projects, settings, news, quota…)
 * is out of date. A query that must survive a sign-in sets `meta: { keepOnMemberChange: true }`.
 */
export function invalidateMemberQueries(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => !MEMBER_INDEPENDENT_ROOTS.has(query.queryKey[0]) && !query.meta?.keepOnMemberChange,
  });
}

/**
 * Runs one access action (`POST /api/members/access/{action}`, spec 000 §7) with the browser's
 * `tz_offset`. The answer becomes the cached user; a failure goes to the form's banner.
 */
export function useAccessAction<Input extends object>(action: AccessAction, onDone?: (user: User) => void) {
  const client = useQueryClient();
  const setUser = useSetUser();
  const reportError = useContext(AccessErrorContext);
  return useMutation({
    mutationFn: (input: Input) => api.post<User>(`/api/members/access/${action}`, { ...input, tz_offset: tzOffset() }),
    onMutate: () => reportError(null),
    onSuccess: (user) => {
      setUser(user);
      if (changesMember(action)) void invalidateMemberQueries(client);
      onDone?.(user);
    },
    onError: (error) => reportError(error),
  });
}
