import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/** http_ece ships no types; only `decrypt` is used (RFC 8188 records, RFC 8291 keys). */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** What a browser's `PushSubscription.toJSON()` gives, minus expirationTime. */
export type FakePushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A push message the fake accepted and decrypted. */
export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted payload parsed as JSON (the raw text if it is not JSON). */
  payload: unknown;
  /** The `sub` claim of the VAPID token (the sender's contact). */
  subject: string | undefined;
  ttl: number;
  urgency: string | undefined;
};

/** A request the fake refused, with why (for failing tests that want to know). */
export type RejectedPush = { subscriptionId: string; status: number; reason: string };

export type FakePushService = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** A new browser-side subscription: a P-256 key pair and auth secret kept by the fake. */
  createSubscription(): FakePushSubscription;
  /** From now on the endpoint answers 410 Gone, as for a browser that unsubscribed. */
  expire(subscriptionId: string): void;
  /** The id in a subscription's endpoint. */
  idOf(endpoint: string): string;
  received: ReceivedPush[];
  rejected: RejectedPush[];
  /** The first message (already received or arriving within `timeoutMs`) that `match` accepts. */
  waitForMessage(match?: (message: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
};

type Browser = { ecdh: ECDH; auth: string; expired: boolean };

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A Web Push service on 127.0.0.1 speaking RFC 8030 (push message delivery), RFC 8291
 * (aes128gcm payload encryption) and RFC 8292 (VAPID): a POST to `/push/<id>` must carry `TTL`,
 * `Content-Encoding: aes128gcm` and `Authorization: vapid t=<ES256 JWT>, k=<public key>`; the
 * token's signature is checked with `k`, its `aud` must be this origin and its `exp` in the next
 * 24 hours. The payload is decrypted with the subscription's private key and recorded; the
 * answer is 201. An expired subscription answers 410.
 */
export async function startPushService(): Promise<FakePushService> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  async function accept(id: string, request: IncomingMessage, body: Buffer): Promise<ReceivedPush> {
    const browser = browsers.get(id);
    if (!browser) throw new Refusal(404, 'no such subscription');
    if (browser.expired) throw new Refusal(410, 'the subscription has expired');
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL missing');
    if (request.headers['content-encoding'] !== 'aes128gcm')
      throw new Refusal(415, 'Content-Encoding must be aes128gcm');
    const subject = await verifyVapid(request.headers.authorization, origin);
    let plain: Buffer;
    try {
      plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
    } catch (error) {
      throw new Refusal(400, `cannot decrypt: ${(error as Error).message}`);
    }
    const text = plain.toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {}
    const urgency = request.headers.urgency;
    return { subscriptionId: id, payload, subject, ttl, urgency: typeof urgency === 'string' ? urgency : undefined };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const match = /^\/push\/([\w-]+)$/.exec(request.url ?? '');
    if (!match?.[1] || request.method !== 'POST') return void response.writeHead(404).end();
    const id = match[1];
    try {
      const message = await accept(id, request, body);
      received.push(message);
      for (const wake of waiters) wake();
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 500;
      rejected.push({ subscriptionId: id, status, reason: (error as Error).message });
      response.writeHead(status, { 'content-type': 'text/plain' }).end((error as Error).message);
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void handle(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);

  return {
    origin,
    received,
    rejected,
    idOf,
    createSubscription() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      browsers.set(id, { ecdh, auth, expired: false });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: publicKey.toString('base64url'), auth } };
    },
    expire(subscriptionId) {
      const browser = browsers.get(subscriptionId);
      if (!browser) throw new Error(`no subscription ${subscriptionId}`);
      browser.expired = true;
    },
    waitForMessage(match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const why = rejected.map((r) => `${r.status} ${r.reason}`).join('; ');
          reject(new Error(`no push message within ${timeoutMs} ms${why ? ` (rejected: ${why})` : ''}`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §2–3); returns the `sub` claim. */
async function verifyVapid(header: string | undefined, audience: string): Promise<string | undefined> {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new Refusal(401, 'Authorization must use the vapid scheme');
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const token = params.t;
  const key = Buffer.from(params.k ?? '', 'base64url');
  if (!token || key.length !== 65 || key[0] !== 4)
    throw new Refusal(401, 'vapid t= and k= (an uncompressed P-256 key) are required');
  try {
    const x = key.subarray(1, 33).toString('base64url');
    const y = key.subarray(33).toString('base64url');
    const publicKey = await importJWK({ kty: 'EC', crv: 'P-256', x, y }, 'ES256');
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: ['ES256'],
      audience,
      requiredClaims: ['exp', 'aud'],
    });
    if ((payload.exp ?? 0) > Date.now() / 1000 + 24 * 60 * 60) throw new Error('exp is more than 24 hours ahead');
    return payload.sub;
  } catch (error) {
    throw new Refusal(403, `bad VAPID token: ${(error as Error).message}`);
  }
}
