import { call } from '../../lib/api';
import { NoAnswerError, withDeadline } from './deadline';
import { base64urlToBytes, isSameKey, subscriptionBody } from './push-keys';

/**
 * Web Push for the signed-in member: the service worker (`/push-sw.js`, at the site root so its
 * scope covers the app) shows a notification when a render is ready. The server keeps the VAPID
 * key and the subscriptions under `/api/notify/app/webpush`.
 */
const SERVICE_WORKER_URL = '/push-sw.js';

/**
 * How long the service worker and the browser's push service each get to answer (ours). Without
 * a reachable push service `pushManager.subscribe` may never settle; the member is not kept waiting.
 */
export const PUSH_ANSWER_MS = 10_000;

/** 'no-answer': the service worker or the push service did not answer within {@link PUSH_ANSWER_MS}. */
export type PushSubscribeResult = 'subscribed' | 'denied' | 'unsupported' | 'no-answer';

/** Whether this browser can receive push messages here (secure context, service workers, Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Whether this browser already has a push subscription for our service worker. */
export async function isSubscribed(): Promise<boolean> {
  if (!pushSupported()) return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return Boolean(await registration?.pushManager.getSubscription());
}

/**
 * Registers the service worker, asks for permission (call it from a click: browsers refuse a
 * prompt without a user gesture), subscribes with the server's VAPID key and hands the
 * subscription to the server. A subscription made with an older key is replaced. The browser's
 * own waits are bounded (the member's answer to the permission prompt is not): 'no-answer'.
 */
export async function subscribeToPush(): Promise<PushSubscribeResult> {
  if (!pushSupported()) return 'unsupported';
  try {
    await withDeadline(
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }),
      PUSH_ANSWER_MS,
      'The service worker',
    );
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return 'denied';

    const { publicKey } = await call('webPushKey');
    // pushManager.subscribe needs an active worker; `ready` waits for it.
    const registration = await withDeadline(navigator.serviceWorker.ready, PUSH_ANSWER_MS, 'The service worker');
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !isSameKey(subscription.options.applicationServerKey, publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await withDeadline(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlToBytes(publicKey) }),
      PUSH_ANSWER_MS,
      'The push service',
    );
    const body = subscriptionBody(subscription.toJSON());
    if (!body) throw new Error('The browser made a push subscription without encryption keys.');
    await call('webPushSubscribe', body);
    return 'subscribed';
  } catch (error) {
    if (error instanceof NoAnswerError) return 'no-answer';
    throw error;
  }
}
