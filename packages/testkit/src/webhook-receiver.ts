import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got, and the status it answered. */
export type ReceivedWebhook = {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  answered: number;
};

export type FakeWebhookReceiver = {
  /** `http://127.0.0.1:<port>/hooks` */
  url: string;
  /** Every request, in order, the failed answers included. */
  requests: ReceivedWebhook[];
  /** The next `count` requests are answered `status` (500 unless told). */
  failNext(count: number, status?: number): void;
  /** Resolves once `count` requests came (within `timeoutMs`). */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};

/**
 * A webhook receiver on 127.0.0.1: records every request with its raw body and answers 204, or
 * the status `failNext` set for the next few requests (a receiver that is down for a while).
 */
export async function startWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const failing = failures.left > 0;
      if (failing) failures.left -= 1;
      const answered = failing ? failures.status : 204;
      requests.push({
        path: request.url ?? '/',
        method: request.method ?? 'GET',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered,
      });
      response.writeHead(answered).end(failing ? 'receiver failing on purpose' : undefined);
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    failNext(count, status = 500) {
      failures = { left: count, status };
    },
    waitForRequests(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          cleanup();
          resolve(requests.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the webhook receiver got ${requests.length} of ${count} requests in ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type WebhookVerification = { valid: true; payload: unknown } | { valid: false; reason: string };

/**
 * Verifies a delivery as a receiver following the Standard Webhooks specification would, written
 * apart from the server's signer: the key is the base64 after `whsec_`; the signed content is
 * `{webhook-id}.{webhook-timestamp}.{body}`; `webhook-signature` lists space-separated
 * `v1,<base64>` signatures, any of which may match (compared in constant time); the timestamp
 * must be within `toleranceSeconds` (5 minutes) of `now`.
 */
export function verifyWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): WebhookVerification {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return { valid: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  }
  const sentAt = Number(timestamp);
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - sentAt) > (options.toleranceSeconds ?? 300)) {
    return { valid: false, reason: 'the timestamp is missing or too far from now' };
  }
  if (!secret.startsWith('whsec_')) return { valid: false, reason: 'the secret does not start with whsec_' };
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { valid: false, reason: 'no signature matches' };
  return { valid: true, payload: JSON.parse(body) };
}
