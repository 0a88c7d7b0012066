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
 * Waits for a mail to `to` beyond the first `after` ones and answers its 8-digit code. Mail
 * leaves in the background after the request that caused it answers, so e2e tests wait for it.
 */
export async function waitForCode(
  dataDir: string,
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const { after = 0, timeoutMs = 15_000 } = options;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(to.toLowerCase()));
    if (mails.length > after) {
      const code = await latestCode(dataDir, to);
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new code mailed to ${to} within ${timeoutMs / 1000} s.`);
}
