// tableapp's service worker: the app shell is precached under VERSION so the app opens with no
// network; the API is never cached (views and tokens are always live or absent).
// The server fills in VERSION and SHELL when it serves this file (tableapp/server/pwa.py,
// service_worker): SHELL lists the shell's files, VERSION hashes them and this worker, so a
// changed or added file needs no edit here.

const VERSION = "tableapp-dev";
const SHELL = [];
// Paths that are the one-page app itself: any of them is answered with the cached shell.
const APP_PATHS = /^\/(?:index\.html)?$|^\/(?:join|table)\/[A-Za-z0-9]+\/?$/;

// Install: fetch and keep every shell file (the server makes every fetch revalidate).
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(VERSION)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

// Activate: drop the caches of older versions and take over open pages at once.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== VERSION).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// Fetch: leave non-GET, other origins and /api/ to the network; serve the shell from the cache.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  const key = request.mode === "navigate" && APP_PATHS.test(url.pathname) ? "/" : request;
  event.respondWith(
    caches.open(VERSION)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
