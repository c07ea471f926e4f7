// Offline support. The page puts everything it loaded into the cache (see index.html).
// Navigations: network first, the cached page when offline (so a new version is picked up).
// Everything else has a content hash in its name: cache first, network as fallback.
// Requests made with cache: 'no-store' (the update check of index.html) go to the network.
// Relative URLs throughout, so it works from any sub-path.
const CACHE = 'kartenrunde-v1';
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.add('./')).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});
// The page sends the lazily loaded parts of the wasm once it has started: fetched here, off
// the page's thread, those missing only; the page hears when they are in.
self.addEventListener('message', (event) => {
  const msg = event.data;
  if (!msg || msg.type !== 'kr-precache' || !Array.isArray(msg.urls)) return;
  const reply = (m) => event.ports[0] && event.ports[0].postMessage(m);
  event.waitUntil(
    caches.open(CACHE)
      .then((c) => Promise.all(msg.urls.map((u) => c.match(u).then((hit) => hit || c.add(u)))))
      .then(() => reply({ ok: true }), (e) => reply({ ok: false, error: String(e && e.message) }))
  );
});
function remember(req, res) {
  if (res && res.ok) {
    const copy = res.clone();
    caches.open(CACHE).then((c) => c.put(req, copy));
  }
  return res;
}
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  // The page's update check (index.html) asks the network itself, past every cache.
  if (req.cache === 'no-store') return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req).then((res) => remember(req, res)).catch(() => caches.match(req, { ignoreSearch: true }))
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((c) => c.match(req.url, { ignoreSearch: true, ignoreVary: true })).then((hit) => hit || fetch(req).then((res) => remember(req, res)))
  );
});
