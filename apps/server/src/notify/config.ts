/** Web Push's slice of the configuration (config-slice.ts). */
import { z } from 'zod';
import type { EnvOf } from '../config-slice';

export const notifyEnv = {
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional()
    .describe('the contact push services may use about our messages (`mailto:…` or `https:…`)')
    .meta({ defaultText: '`PUBLIC_URL` when it is https, else `mailto:` the address of `MAIL_FROM`' }),
};

export function notifyConfig(e: EnvOf<typeof notifyEnv>) {
  return { vapidSubject: e.VAPID_SUBJECT };
}
