/*
 * Reelwright's push service worker, served at the site root so its scope covers the app. The
 * server sends `{ title, body, url }` (apps/server/src/notify/service.ts); we show it, and a click
 * focuses a tab already on that page or opens one. It does nothing else (no caching, no fetch
 * handler), so installing it never changes how the app loads.
 */

const ICON = '/favicon.svg';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Reelwright';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: ICON,
      badge: ICON,
      data: { url: sameOriginUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});

/**
 * A link on this site: a notification never opens another one. A link to another origin (say
 * PUBLIC_URL names a different host than the one the member uses) keeps its path here.
 */
function sameOriginUrl(value) {
  const origin = self.location.origin;
  try {
    const url = new URL(typeof value === 'string' ? value : '/', origin);
    return new URL(`${url.pathname}${url.search}${url.hash}`, origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}
