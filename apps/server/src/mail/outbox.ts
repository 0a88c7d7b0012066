import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder, under the data folder, where every outgoing message is kept as an .eml file. */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'mail');

let sequence = 0;

/**
 * Writes a raw message to the outbox. Names sort by time: an ISO timestamp, then a counter for
 * messages written in the same millisecond, then a random tag so two processes never collide.
 */
export async function writeToOutbox(dataDir: string, raw: Buffer, now = new Date()): Promise<string> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`);
  await writeFile(file, raw);
  return file;
}

/** What the dev mailbox shows of one message. */
export type OutboxEntry = { file: string; to: string; subject: string; date: string; code: string | null };

/** The outbox, newest first. Reads only the headers: our messages have plain ASCII ones. */
export async function listOutbox(dataDir: string): Promise<OutboxEntry[]> {
  const dir = outboxDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const emls = names.filter((name) => name.endsWith('.eml')).sort((a, b) => b.localeCompare(a));
  return Promise.all(
    emls.map(async (name) => {
      const headers = parseHeaders(await readFile(path.join(dir, name), 'utf8'));
      const subject = headers.get('subject') ?? '';
      return {
        file: name,
        to: headers.get('to') ?? '',
        subject,
        date: headers.get('date') ?? '',
        code: /\b(\d{8})\b/.exec(subject)?.[1] ?? null,
      };
    }),
  );
}

/** Header block of a raw message: unfolds continuation lines; names lower-cased. */
function parseHeaders(raw: string): Map<string, string> {
  const block = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}
