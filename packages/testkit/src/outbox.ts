import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

/** One message of the server's outbox (`<dataDir>/mail/*.eml`). */
export type OutboxMail = { file: string; to: string[]; subject: string; text: string; parsed: ParsedMail };

const addressesOf = (parsed: ParsedMail): string[] => {
  const fields = parsed.to ? (Array.isArray(parsed.to) ? parsed.to : [parsed.to]) : [];
  return fields.flatMap((field) => field.value.map((a) => (a.address ?? '').toLowerCase()));
};

/** Every message of the outbox, oldest first (file names sort by time). */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      return { file, to: addressesOf(parsed), subject: parsed.subject ?? '', text: parsed.text ?? '', parsed };
    }),
  );
}

/** The 8-digit code of the newest message to `to`, or null when there is none. */
export async function latestCode(dataDir: string, to: string): Promise<string | null> {
  const mails = await readOutbox(dataDir);
  const newest = mails.reverse().find((mail) => mail.to.includes(to.toLowerCase()));
  if (!newest) return null;
  return /\b(\d{8})\b/.exec(`${newest.subject}\n${newest.text}`)?.[1] ?? null;
}

/**
 * Waits for a mail to `to` beyond the first `after` ones (and whose subject matches, when
 * given). Mail leaves in the background after the request or job that caused it, so tests wait.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  options: { after?: number; timeoutMs?: number; subject?: RegExp } = {},
): Promise<OutboxMail> {
  const { after = 0, timeoutMs = 15_000, subject } = options;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(to.toLowerCase()));
    const newest = mails
      .slice(after)
      .filter((mail) => !subject || subject.test(mail.subject))
      .at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new mail${subject ? ` matching ${subject}` : ''} to ${to} within ${timeoutMs / 1000} s.`);
}

/** Waits for a new mail to `to` (see waitForMail) and answers its 8-digit code. */
export async function waitForCode(
  dataDir: string,
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const mail = await waitForMail(dataDir, to, { ...options, subject: /code/i });
  const code = /\b(\d{8})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
  if (!code) throw new Error(`The mail "${mail.subject}" to ${to} holds no 8-digit code.`);
  return code;
}
