import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { OutgoingMail } from './messages';
import { writeToOutbox } from './outbox';

/** Sends mail. Every message is also kept as an .eml file in `<dataDir>/mail/`. */
export type Mailer = {
  /** Whether messages leave the machine (SMTP_URL is set). */
  readonly delivers: boolean;
  /** The app's public address, for links inside messages. */
  readonly appUrl: string;
  /** Sends now; a delivery failure becomes a 502 the person can act on. */
  send(mail: OutgoingMail): Promise<void>;
  /** Sends without making the caller wait (or reveal timing); failures are logged. */
  sendInBackground(mail: OutgoingMail): void;
  /** Resolves once every background send has finished. */
  settled(): Promise<void>;
  close(): Promise<void>;
};

/** Builds the mailer from the config: SMTP when `smtpUrl` is set, otherwise no network at all. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  // Builds the raw message once, so the outbox copy is byte for byte what SMTP receives.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function send(mail: OutgoingMail): Promise<void> {
    const built = await composer.sendMail({ from: config.mailFrom, ...mail });
    const raw = built.message as Buffer;
    await writeToOutbox(config.dataDir, raw);
    if (!smtp) {
      log.info(`Mail to ${mail.to} kept in ${config.dataDir}/mail (no SMTP_URL): ${mail.subject}`);
      return;
    }
    try {
      await smtp.sendMail({ envelope: built.envelope, raw });
    } catch (error) {
      log.error({ err: error, to: mail.to }, 'mail delivery failed');
      throw new AppError(502, 'mail_failed', 'We could not send the email right now. Please try again in a minute.');
    }
  }

  return {
    delivers: smtp !== null,
    appUrl: config.publicUrl,
    send,
    sendInBackground(mail) {
      const task = send(mail)
        .catch((error: unknown) => log.error({ err: error, to: mail.to }, 'background mail failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      await this.settled();
      smtp?.close();
    },
  };
}
