/** Mail's slice of the configuration (config-slice.ts). */
import { z } from 'zod';
import { type EnvOf, flag } from '../config-slice';

export const mailEnv = {
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe(
      'send mail through SMTP (`smtp://user:pass@host:587` or `smtps://…:465`); without it no mail leaves the machine. A copy of every message is still written under `DATA_DIR/mail/`',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Reelwright <no-reply@reelwright.local>')
    .describe('the sender of outgoing mail'),
  DEV_MAILBOX: flag
    .optional()
    .describe(
      'serve the mail outbox at `/dev/mail`: every code in it, so anyone who can reach the page can take any account',
    )
    .meta({ defaultText: 'on, unless `SMTP_URL` is set or `NODE_ENV=production`' }),
};

export function mailConfig(e: EnvOf<typeof mailEnv>, context: { production: boolean }) {
  return {
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** Whether /dev/mail serves the outbox (DEV_MAILBOX). */
    devMailbox: e.DEV_MAILBOX ?? (!context.production && !e.SMTP_URL),
  };
}
