import { api } from '../../lib/api';
import { base64urlToBytes, isSameKey, subscriptionBody } from './push-keys';

/**
 * Web Push for the signed-in member: the service worker (`/push-sw.js`, at the site root so its
 * scope covers the app) shows a notification when a render is ready. The server keeps the VAPID
 * key and the subscriptions under `/api/notify/app/webpush`.
 */
const WEBPUSH_PATH = '/api/notify/app/webpush';
const SERVICE_WORKER_URL = '/push-sw.js';

export type PushSubscribeResult = 'subscribed' | 'denied' | 'unsupported';

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
 * subscription to the server. A subscription made with an older key is replaced.
 */
export async function subscribeToPush(): Promise<PushSubscribeResult> {
  if (!pushSupported()) return 'unsupported';
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';

  const { publicKey } = await api.get<{ publicKey: string }>(WEBPUSH_PATH);
  // pushManager.subscribe needs an active worker; `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64urlToBytes(publicKey),
  });
  const body = subscriptionBody(subscription.toJSON());
  if (!body) throw new Error('The browser made a push subscription without encryption keys.');
  await api.post(WEBPUSH_PATH, body);
  return 'subscribed';
}
