// Offline support. The page puts everything it loaded into the cache (see index.html).
// Navigations: network first, the cached page when offline (so a new version is picked up).
// Everything else has a content hash in its name: cache first, network as fallback.
// Requests made with cache: 'no-store' (the update check of index.html) go to the network.
// Relative URLs throughout, so it works from any sub-path.
// Only a response that is the file asked for is kept: never an error, and never a host's
// HTML page served (with 200) for a wasm, script or style sheet that is missing.
// The index.html of the last version that started here is kept as well ("kr-boot-ok" from the
// page); a later version that fails to start asks for it ("kr-fallback"), and the next
// navigation then gets it, once.
const CACHE = 'kartenrunde-v1';
const GOOD = new URL('kr-last-good', self.registration.scope).href;
const files = (html) => [...new Set(html.match(/[A-Za-z0-9_]+-[0-9a-f]{8,}(?:_bg)?\.(?:js|wasm|css)/g) || [])].sort();
const LAZY = /^(?:split_\w+|chunk)-/;
let fallbackUntil = 0;
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
function fits(req, res) {
  if (!res || !res.ok || res.type === 'opaque') return false;
  const path = new URL(req.url || req).pathname;
  const type = res.headers.get('content-type') || '';
  if (/\.wasm$/.test(path)) return !/^text\//.test(type);
  if (/\.js$/.test(path)) return /javascript|ecmascript/.test(type);
  if (/\.css$/.test(path)) return /css/.test(type);
  return true;
}
const keep = (c, url) => fetch(url).then((res) => {
  if (!fits(url, res)) throw new Error(`${url}: HTTP ${res.status} ${res.headers.get('content-type')}`);
  return c.put(url, res);
});
const answers = {
  // The page sends the lazily loaded parts of the wasm once it has started: fetched here, off
  // the page's thread, those missing only; the page hears when they are in.
  'kr-precache': async (c, msg) => {
    await Promise.all(msg.urls.map((u) => c.match(u).then((hit) => hit || keep(c, u))));
    return { ok: true };
  },
  // The page started: its index.html (as cached for its address, if it names the same files)
  // becomes the one to fall back to.
  'kr-boot-ok': async (c, msg) => {
    const hit = await c.match(msg.page, { ignoreSearch: true });
    const html = hit && (await hit.text());
    if (!html || files(html).join(' ') !== msg.files.join(' ')) return { ok: false };
    await c.put(GOOD, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    return { ok: true };
  },
  // A page failed to start: is there another version that started here, with every file
  // it needs at start in the cache? Then the next navigation gets it.
  'kr-fallback': async (c, msg) => {
    const hit = await c.match(GOOD);
    const html = hit && (await hit.text());
    const list = html ? files(html) : [];
    if (!list.length || list.join(' ') === msg.files.join(' ')) return { ok: false };
    const found = await Promise.all(list.filter((f) => !LAZY.test(f)).map((f) => c.match(new URL(f, self.registration.scope).href, { ignoreSearch: true })));
    if (found.some((r) => !r)) return { ok: false };
    fallbackUntil = Date.now() + 30000;
    return { ok: true };
  },
};
self.addEventListener('message', (event) => {
  const msg = event.data;
  const answer = msg && answers[msg.type];
  if (!answer || !Array.isArray(msg.urls || msg.files)) return;
  const reply = (m) => event.ports[0] && event.ports[0].postMessage(m);
  event.waitUntil(
    caches.open(CACHE)
      .then((c) => answer(c, msg))
      .then(reply, (e) => reply({ ok: false, error: String(e && e.message) }))
  );
});
function remember(req, res) {
  if (fits(req, res)) {
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
    if (fallbackUntil > Date.now()) {
      fallbackUntil = 0;
      event.respondWith(caches.match(GOOD).then((hit) => hit || fetch(req)));
      return;
    }
    event.respondWith(
      fetch(req).then((res) => remember(req, res)).catch(() => caches.match(req, { ignoreSearch: true }))
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((c) => c.match(req.url, { ignoreSearch: true, ignoreVary: true })).then((hit) => hit || fetch(req).then((res) => remember(req, res)))
  );
});
