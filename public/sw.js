// Tablecraft's service worker: after the first visit the app, its computer
// player and the example games open with no network. Every request is tried
// on the network first (so updates arrive), and what comes back is kept;
// without a network the kept copy answers.
//
// Each build has its own cache: the page registers `sw.js?v=<build>` (the
// hash Trunk put in the page's file names), so a new build is a new service
// worker that keeps a whole new set of files before it takes over, and then
// deletes the caches of older builds. Files of two builds never share a cache.
const BUILD = new URL(self.location.href).searchParams.get("v") || "dev";
const PREFIX = "tablecraft-";
const CACHE = PREFIX + BUILD;

// This build's cache, opened once: after a newer build has deleted it, the
// requests still on their way here write to the deleted one, never making it
// again (a new caches.open would).
let opened = null;
function own() {
  opened ??= caches.open(CACHE);
  return opened;
}

// Files whose names Trunk does not hash, and the example games.
const KNOWN = ["./", "index.html", "tablecraft-worker.js", "tablecraft-worker_bg.wasm",
  "manifest.webmanifest", "favicon.svg", "icon-192.png", "icon-512.png", "games/index.json"];

// Keeps each file on its own, so that one missing file does not stop the
// others from being kept (cache.addAll keeps all or nothing). Files come from
// the server, never from the browser's HTTP cache, which may hold an older build's.
async function keep(cache, urls) {
  await Promise.all([...new Set(urls)].map((url) =>
    cache.add(new Request(url, { cache: "reload" })).catch(() => {})));
}

async function precache() {
  const cache = await own();
  await keep(cache, KNOWN);
  // The page's own hashed scripts, styles and wasm, as named in index.html.
  try {
    const html = await (await fetch("index.html", { cache: "no-store" })).text();
    const links = [...html.matchAll(/(?:href|src)="([^"#?]+)"/g)].map((m) => m[1])
      .filter((url) => !/^[a-z]+:/i.test(url));
    await keep(cache, links);
    const games = await (await fetch("games/index.json", { cache: "no-store" })).json();
    await keep(cache, games.map((g) => `games/${g}`));
  } catch (_) {
    // Offline at install time: the pages fetched later are kept as they come.
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await own();
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      if (request.mode === "navigate") {
        const page = await cache.match("index.html");
        if (page) return page;
      }
      throw error;
    }
  })());
});
