/* global self, caches, clients, fetch, Response, URL, Request */
// The site's service worker (registered by src/main.tsx in production builds): an offline page for navigations the
// network cannot answer, and web push. Nothing else is cached: pages and API answers always come from the network.

const CACHE = 'offline-v1';
const OFFLINE = '/offline.html';

/** Only navigations need the worker: every other request goes to the network without waking it (where supported). */
async function onlyNavigations(event) {
  try {
    if (event.addRoutes) await event.addRoutes({ condition: { not: { requestMode: 'navigate' } }, source: 'network' });
  } catch {
    // older browsers: the fetch handler below lets those requests pass
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(CACHE).then((cache) => cache.add(new Request(OFFLINE, { cache: 'reload' }))),
      onlyNavigations(event),
    ]),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      caches.keys().then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n)))),
      self.registration.navigationPreload && self.registration.navigationPreload.enable(),
      // the tabs already open too, so a notification's click can take them to its page
      self.clients.claim(),
    ]),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(event.request));
      } catch {
        return (await caches.match(OFFLINE)) || Response.error();
      }
    })(),
  );
});

/** A page of this site; anything else (another origin, nothing) is the home page. */
function sitePage(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = (event.data && event.data.json()) || {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || '팀메이트';
  const body = payload.body || '';
  const url = sitePage(payload.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icon-192.png',
      lang: 'ko',
      // the same notice delivered twice shows once
      tag: [title, body, url].join('\n'),
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sitePage(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const tabs = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((c) => c.url === url) || tabs.find((c) => c.focused) || tabs[0];
      if (!tab) return clients.openWindow(url);
      // focus can be refused (no user gesture behind the click); the tab still goes to the page
      await tab.focus().catch(() => {});
      if (tab.url !== url) await tab.navigate(url).catch(() => clients.openWindow(url));
    })(),
  );
});
