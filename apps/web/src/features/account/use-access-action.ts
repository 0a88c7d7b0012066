import { type AccessAction, accessEndpoints, type EndpointInput, type Endpoints, type User } from '@reelwright/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { call } from '../../lib/api';
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

/** What a form sends for an access action: its endpoint's body, less the `tz_offset` added here. */
export type AccessInput<A extends AccessAction> = Omit<
  EndpointInput<Endpoints[(typeof accessEndpoints)[A]]>,
  'tz_offset'
>;

/**
 * Every access action answers the User. `call` cannot follow a generic action to its endpoint, so
 * this widens it once; `AccessInput` has already checked the input against that endpoint.
 */
const sendAccess = (action: AccessAction, input: object): Promise<User> =>
  (call as (name: (typeof accessEndpoints)[AccessAction], input: object) => Promise<User>)(
    accessEndpoints[action],
    input,
  );

/**
 * Runs one access action (`POST /api/members/access/{action}`, spec 000 §7) with the browser's
 * `tz_offset`. The answer becomes the cached user; a failure goes to the form's banner.
 */
export function useAccessAction<A extends AccessAction>(action: A, onDone?: (user: User) => void) {
  const client = useQueryClient();
  const setUser = useSetUser();
  const reportError = useContext(AccessErrorContext);
  return useMutation({
    mutationFn: (input: AccessInput<A>) => sendAccess(action, { ...input, tz_offset: tzOffset() }),
    onMutate: () => reportError(null),
    onSuccess: (user) => {
      setUser(user);
      if (changesMember(action)) void invalidateMemberQueries(client);
      onDone?.(user);
    },
    onError: (error) => reportError(error),
  });
}
