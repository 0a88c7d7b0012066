/** Background removal's slice of the configuration (config-slice.ts); no key, no service. */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../config-slice';

export const removeBgEnv = {
  REMOVE_BG_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'remove.bg: the key for background removal; without it `POST /api/members/remove-bg` answers 501 `not_configured`',
    ),
  REMOVE_BG_URL: httpUrl().default('https://api.remove.bg').describe("remove.bg's address"),
};

export function removeBgConfig(e: EnvOf<typeof removeBgEnv>) {
  return { apiKey: e.REMOVE_BG_API_KEY, url: e.REMOVE_BG_URL };
}
