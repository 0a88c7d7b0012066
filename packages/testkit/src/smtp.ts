import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the fake server received, parsed, with the SMTP envelope. */
export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  /** Credentials the client logged in with, when it did. */
  auth: { username: string; password: string } | null;
  parsed: ParsedMail;
  /** Convenience: the first recipient address, subject and plain text. */
  to: string;
  subject: string;
  text: string;
};

export type FakeSmtpServer = {
  /** `smtp://user:pass@127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or yet to come) that matches. */
  waitForMessage(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * Starts an SMTP server on 127.0.0.1 (random port, plain text, any or no credentials accepted)
 * that keeps every message it receives.
 */
export async function startSmtpServer(): Promise<FakeSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: { username: auth.username ?? '', password: auth.password ?? '' } });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const user = session.user as unknown as { username: string; password: string } | undefined;
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            auth: user ?? null,
            parsed,
            to: session.envelope.rcptTo[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          messages.push(mail);
          for (const waiter of waiters) waiter(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms (received ${messages.length}).`));
        }, timeoutMs);
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
