// sw.js: the service worker. It precaches the whole site at install so the game
// plays offline, and answers from that cache first. The build (web/sitebuild)
// replaces the two placeholders below: the cache version (a hash of the site's
// contents, so every new build installs a fresh cache and drops the old one) and
// the list of the site's files.
'use strict';
const VERSION = "__CHIMERA_VERSION__";
const PRECACHE = ["__CHIMERA_PRECACHE__"];
const CACHE = 'chimera-' + VERSION;
// The game page in the modes other sites may frame (index.html?mode=embed,
// ...): precached as they are served, with the Content-Security-Policy
// headers that allow it, and answered for a page opened in that mode.
const FRAMEABLE = PRECACHE.filter(u => u.includes('?mode='));

// A content-hashed name (main.0123456789abcdef.wasm, web/sitebuild) names
// one content for ever: a new version takes it from the old cache.
const HASHED = /\.[0-9a-f]{16}\.[a-z0-9]+$/;

// The new version installs in the background, while the page runs from the
// old one's cache: the files whose names carry their content's hash are
// copied from an older cache when it has them (main.wasm and engine.wasm
// are most of the site, and an update that did not change them downloads
// only the small files).
self.addEventListener('install', event => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const old = [];
    for (const key of await caches.keys()) {
      if (key.startsWith('chimera-') && key !== CACHE) old.push(await caches.open(key));
    }
    const fetchList = [];
    for (const url of PRECACHE) {
      let hit = null;
      if (HASHED.test(url)) {
        for (const c of old) if ((hit = await c.match(url))) break;
      }
      if (hit) await cache.put(url, hit);
      else fetchList.push(url);
    }
    // no-cache: revalidate with the server so a new version never caches old files.
    await cache.addAll(fetchList.map(url => new Request(url, { cache: 'no-cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', event => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('chimera-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', event => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page is opened with parameters (?variant=...&fen=...): ignore them,
    // but for a mode that has its own copy.
    let key = req, opts = { ignoreSearch: true };
    if (url.pathname.endsWith('/') || url.pathname.endsWith('/index.html')) {
      const mode = url.searchParams.get('mode');
      key = FRAMEABLE.find(u => u.endsWith('?mode=' + mode)) || (url.pathname.endsWith('/') ? './' : './index.html');
      opts = {};
    }
    const hit = await cache.match(key, opts);
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (err) {
      if (req.mode === 'navigate') {
        const page = await cache.match('./index.html');
        if (page) return page;
      }
      throw err;
    }
  })());
});

self.addEventListener('message', event => {
  if (event.data && event.data.type === 'version') {
    event.source && event.source.postMessage({ type: 'version', version: VERSION });
  }
});
