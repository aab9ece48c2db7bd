// Service worker: keeps the app shell (page, wasm, JS, worker, CSS, icons)
// available offline. Network first, so a new deploy shows up on the next
// load; the cache answers only when the network fails.
//
// Trunk hashes the app's file names, so the shell is whatever the current
// index.html links to, plus the worker files, whose names are fixed.

const CACHE = "quoridor-shell-v1";
const FIXED = [
  "./",
  "worker_loader.js",
  "worker.js",
  "worker_bg.wasm",
  "manifest.webmanifest",
  "icons/icon.svg",
];

const scope = () => new URL(self.registration.scope);

// Same-origin URLs under our scope that index.html links to or loads.
function shellUrls(html) {
  const base = scope();
  const urls = new Set(FIXED.map((path) => new URL(path, base).href));
  for (const match of html.matchAll(/\b(?:href|src)\s*=\s*"([^"]+)"/g)) {
    const url = new URL(match[1], base);
    if (url.origin === base.origin && url.pathname.startsWith(base.pathname)) {
      url.hash = "";
      urls.add(url.href);
    }
  }
  return [...urls];
}

async function cacheShell(indexResponse) {
  const cache = await caches.open(CACHE);
  const html = await indexResponse.clone().text();
  const wanted = shellUrls(html);
  await cache.put(scope().href, indexResponse);
  const missing = [];
  for (const url of wanted) {
    if (!(await cache.match(url))) missing.push(url);
  }
  await cache.addAll(missing);
  // Drop files of older builds (their hashed names are no longer linked).
  for (const request of await cache.keys()) {
    if (!wanted.includes(request.url)) await cache.delete(request);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    fetch(scope().href, { cache: "no-cache" })
      .then((response) => {
        if (!response.ok) throw new Error(`index: HTTP ${response.status}`);
        return cacheShell(response);
      })
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  const base = scope();
  if (
    request.method !== "GET" ||
    url.origin !== base.origin ||
    !url.pathname.startsWith(base.pathname)
  ) {
    return;
  }
  const isPage = request.mode === "navigate";
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(request);
        if (response.ok) {
          if (isPage && url.href.split(/[?#]/)[0] === base.href) {
            event.waitUntil(cacheShell(response.clone()));
          } else {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((c) => c.put(request, copy)));
          }
        }
        return response;
      } catch (offline) {
        const cached = await caches.match(isPage ? base.href : request, {
          ignoreSearch: isPage,
        });
        if (cached) return cached;
        throw offline;
      }
    })(),
  );
});
