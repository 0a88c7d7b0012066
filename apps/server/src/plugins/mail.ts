import fp from 'fastify-plugin';
import { devMailboxRoutes } from '../mail/dev-mailbox';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Exposes the mailer as `app.mailer` and lets pending mail finish on close. With DEV_MAILBOX on
 * it also serves the dev mailbox (`GET /dev/mail`), for reading local mail on one's own machine.
 */
export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer(app.config, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
    if (app.config.devMailbox) await app.register(devMailboxRoutes);
  },
  { name: 'mail', dependencies: ['config'] },
);
