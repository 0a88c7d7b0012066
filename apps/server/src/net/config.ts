/** The guarded client's slice of the configuration (config-slice.ts). */
import { type EnvOf, flag } from '../config-slice';

export const fetchEnv = {
  FETCH_ALLOW_PRIVATE: flag
    .default(false)
    .describe(
      'let outgoing fetches of member-given URLs (URL import, media by URL, push endpoints) reach private and loopback addresses: for tests and intranets',
    ),
};

export function fetchConfig(e: EnvOf<typeof fetchEnv>) {
  return { allowPrivate: e.FETCH_ALLOW_PRIVATE };
}
