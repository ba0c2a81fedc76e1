// The service worker (served at /sw.js: its scope is the whole site). It shows a seat's
// "your turn" Web Push as a notification with every Starport tab closed, and opens the
// table when the notification is clicked. The push's payload (server/alerts.py,
// Alert.push): { title, body, link, table, seat, test }.

/** The worker's global scope, as a service worker's (the type check's name for ``self``). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", () => sw.skipWaiting());
sw.addEventListener("activate", (event) => event.waitUntil(sw.clients.claim()));

/** The table's page on this site: only the link's path is kept (never another origin). */
function pageOf(link) {
  try {
    const url = new URL(link || "/", sw.location.origin);
    return /^\/t\/[A-Za-z0-9_-]+\/?$/.test(url.pathname) ? url.pathname : "/";
  } catch {
    return "/";
  }
}

function readPush(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

sw.addEventListener("push", (event) => {
  const data = readPush(event);
  const page = pageOf(data.link);
  const title = data.title || "Starport: your turn";
  event.waitUntil((async () => {
    await sw.registration.showNotification(title, {
      body: data.body || "A game is waiting for you.",
      tag: data.table ? `starport-${data.table}` : "starport",
      // @ts-expect-error the browsers' renotify (alert again for the same table), not in TypeScript's DOM types
      renotify: true,
      data: { page },
    });
    // an open Starport page hears it too (it may say so, and the tests watch it)
    const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of windows) client.postMessage({ type: "starport-push", title, page, data });
  })());
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const page = pageOf(event.notification.data?.page);
  event.waitUntil((async () => {
    const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((c) => new URL(c.url).pathname === page);
    if (open) return open.focus();
    return sw.clients.openWindow(page);
  })());
});
