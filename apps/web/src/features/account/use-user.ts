import { type Abilities, type User, VISITOR_ABILITIES } from '@reelwright/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

/** The browser's timezone offset in minutes, sent with every access call (spec 000 §7). */
export const tzOffset = () => new Date().getTimezoneOffset();

export const USER_QUERY_KEY = ['user'] as const;

/** The current user, asked of the server at start (`access/info`); id 0 is a visitor. */
export function useUser() {
  return useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: () => call('accessInfo', { tz_offset: tzOffset() }),
    staleTime: 60_000,
  });
}

/** Replaces the cached user with an access action's answer. */
export function useSetUser() {
  const client = useQueryClient();
  return (user: User) => client.setQueryData(USER_QUERY_KEY, user);
}

/** Logged in means id above 0 (spec 000 §6). */
export const isLoggedIn = (user: User | undefined): user is User => !!user && user.id > 0;

/** Public settings of the running app (identity provider, hidden signup, debug). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: () => call('appConfig'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The user as last known, outside React (step hooks, stores). */
export const currentUser = () => queryClient.getQueryData<User>(USER_QUERY_KEY);

/**
 * What the user may do and the limits they work within, as the server said (`user.abilities`);
 * a visitor's (the free plan's, spec 001 §6) until it has answered. Plan rules are read here,
 * never worked out from the plan (D63).
 */
export const abilitiesOf = (user: User | undefined): Abilities => user?.abilities ?? VISITOR_ABILITIES;
