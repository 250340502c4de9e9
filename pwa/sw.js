// tableapp's service worker: the app shell is precached under VERSION so the app opens with no
// network; the API is never cached (views and tokens are always live or absent).
// VERSION must change whenever a shell file changes: tests/browser/test_pwa_files.py computes
// the value from the files and says what to write here.

const VERSION = "tableapp-20818a79d053";
const SHELL = [
  "/",
  "/app.js",
  "/manifest.webmanifest",
  "/css/app.css",
  "/css/eat-zem-all.css",
  "/css/student-bodies.css",
  "/css/zombicide.css",
  "/icons/icon.svg",
  "/icons/icon-192.png",
  "/js/actions.js",
  "/js/api.js",
  "/js/chart.js",
  "/js/device.js",
  "/js/dom.js",
  "/js/games/eat-zem-all-forms.js",
  "/js/games/eat-zem-all-strings.js",
  "/js/games/eat-zem-all.js",
  "/js/games/generic.js",
  "/js/games/index.js",
  "/js/games/student-bodies-text.js",
  "/js/games/student-bodies.js",
  "/js/games/zombie-life.js",
  "/js/games/zombicide-board.js",
  "/js/games/zombicide.js",
  "/js/i18n.js",
  "/js/icons.js",
  "/js/live.js",
  "/js/log.js",
  "/js/moments.js",
  "/js/qr.js",
  "/js/screens/end.js",
  "/js/screens/home.js",
  "/js/screens/join.js",
  "/js/screens/player.js",
  "/js/screens/table.js",
  "/js/seats.js",
  "/js/session.js",
  "/js/store.js",
  "/js/ui.js",
];
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
