import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_ANSWER_MS, type PushSubscribeResult, subscribeToPush } from './push';

// A VAPID public key as web-push makes it (65 bytes, base64url).
const VAPID_KEY = 'BC-zm4_i8Iv3db96SAeAl7Er2GjaVKJVMqet6EUsO0OJa8Hf2RgI3fj5QbZrUUDE4xpmZ4JSLxm8RBOBajzAX4M';
const never = () => new Promise<never>(() => {});

const subscription = {
  options: { applicationServerKey: null },
  toJSON: () => ({
    endpoint: 'https://push.example.test/1',
    keys: { p256dh: VAPID_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  }),
};

/**
 * The browser as the Push API shows it to the page: a secure context, a service worker
 * registration and its push manager, the permission prompt, and the app's server (fetch).
 */
function stubBrowser(options: { subscribe(): Promise<unknown>; ready?: Promise<unknown> }) {
  const registration = { pushManager: { getSubscription: async () => null, subscribe: options.subscribe } };
  const posted: unknown[] = [];
  vi.stubGlobal('window', { isSecureContext: true, PushManager: class {}, Notification: class {} });
  vi.stubGlobal('navigator', {
    serviceWorker: { register: async () => registration, ready: options.ready ?? Promise.resolve(registration) },
  });
  vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    if (init.method === 'POST') posted.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ publicKey: VAPID_KEY }), { status: 200 });
  });
  return { posted };
}

/** Starts a subscription and tells what it answered so far (undefined while it still waits). */
function start() {
  const outcome: { result?: PushSubscribeResult } = {};
  void subscribeToPush().then((result) => {
    outcome.result = result;
  });
  return outcome;
}

describe('subscribeToPush', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up when the push service never answers, after 10 s', async () => {
    stubBrowser({ subscribe: never });
    const outcome = start();
    await vi.advanceTimersByTimeAsync(PUSH_ANSWER_MS - 1);
    expect(outcome.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.result).toBe('no-answer');
    expect(PUSH_ANSWER_MS).toBe(10_000);
  });

  it('gives up when the service worker never becomes ready', async () => {
    stubBrowser({ subscribe: async () => subscription, ready: never() });
    const outcome = start();
    await vi.advanceTimersByTimeAsync(PUSH_ANSWER_MS);
    expect(outcome.result).toBe('no-answer');
  });

  it('hands a subscription made in time to the server', async () => {
    const { posted } = stubBrowser({ subscribe: async () => subscription });
    const outcome = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.result).toBe('subscribed');
    expect(posted).toEqual([subscription.toJSON()]);
  });
});
