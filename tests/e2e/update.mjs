// Updates: a new deployment (new hashed file names in index.html) is noticed, offered as
// "Neue Version – neu laden" between games only (never in a running game, but on a finished
// match's end screen), and the reload starts the new version with every save kept; the new
// version then starts offline too. Served by its own server, whose directory is switched
// from dist/ to a copy with the file names a new build would have.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { serve } from './serve.mjs';
import { assert, eq } from './assert.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const SUB = '/kartenrunde/';
const HASHED = /^(.+)-([0-9a-f]{8,})(_bg)?\.(js|wasm|css)$/;

// A copy of dist/ as the next build: every hashed file renamed (another hash), index.html and
// the scripts pointing at the new names, index.html carrying a marker.
export function nextVersion() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kr-update-'));
  fs.cpSync('dist', dir, { recursive: true });
  const swap = (h) => h.replace(/[0-9a-f]/g, (d) => ((parseInt(d, 16) + 1) % 16).toString(16));
  const hashes = new Map();
  for (const f of fs.readdirSync(dir)) {
    const m = f.match(HASHED);
    if (!m) continue;
    hashes.set(m[2], swap(m[2]));
    fs.renameSync(path.join(dir, f), path.join(dir, f.replace(m[2], swap(m[2]))));
  }
  assert(hashes.size >= 2, 'dist/ has hashed js, wasm and css files');
  let html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  for (const [a, b] of hashes) html = html.replaceAll(a, b);
  // The glue names the loader of the lazy parts, the loader the parts (scripts/split-wasm.mjs).
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    let js = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const [a, b] of hashes) js = js.replaceAll(a, b);
    fs.writeFileSync(path.join(dir, f), js);
  }
  html = html.replace('</head>', '<meta name="kr-test-version" content="2" />\n  </head>');
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return { dir, hashes };
}

// A copy of dist/ as the next build after a change inside one part (issue 28): that part's
// bytes change (a custom section appended, as valid as before), so it gets a new name by its
// new hash, as do the loader that names it and the glue that names the loader; every other
// file keeps its name. Returns the directory and the old and new names of the changed files.
export function nextWithOnePartChanged(part) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kr-update-one-'));
  fs.cpSync('dist', dir, { recursive: true });
  const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const renamed = new Map();
  const rename = (from, to, bytes) => {
    fs.rmSync(path.join(dir, from));
    fs.writeFileSync(path.join(dir, to), bytes);
    renamed.set(from, to);
  };
  const old = fs.readdirSync(dir).find((f) => f.startsWith(`split_${part}-`) && f.endsWith('.wasm'));
  assert(old, `dist/ has the part ${part}`);
  const name = Buffer.from('kr-test');
  const section = Buffer.concat([Buffer.from([0, name.length + 2, name.length]), name, Buffer.from([1])]);
  const wasm = Buffer.concat([fs.readFileSync(path.join(dir, old)), section]);
  rename(old, `split_${part}-${hash(wasm)}.wasm`, wasm);
  const loaderOld = fs.readdirSync(dir).find((f) => /^wasm_split-[0-9a-f]+\.js$/.test(f));
  const loader = fs.readFileSync(path.join(dir, loaderOld), 'utf8').replaceAll(old, renamed.get(old));
  rename(loaderOld, `wasm_split-${hash(loader)}.js`, loader);
  const glueOld = fs.readdirSync(dir).find((f) => /^kartenrunde-[0-9a-f]+\.js$/.test(f));
  const glue = fs.readFileSync(path.join(dir, glueOld), 'utf8').replaceAll(loaderOld, renamed.get(loaderOld));
  rename(glueOld, `kartenrunde-${hash(glue)}.js`, glue);
  let html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  for (const [a, b] of renamed) html = html.replaceAll(a, b);
  html = html.replace('</head>', '<meta name="kr-test-version" content="3" />\n  </head>');
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return { dir, renamed };
}

const notice = (page) => page.$('[data-testid=update-notice]');

// A static host for the broken-deploy test: serves `dir` (switchable) under SUB, without
// compression. A missing file is answered with 404 (`host.html = false`) or, as many hosts
// do for single-page apps, with index.html and status 200 (`host.html = true`), or never
// (`host.hang = true`).
async function brokenHost(dir) {
  const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png' };
  const host = { dir: path.resolve(dir), html: false, hang: false };
  host.server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!p.startsWith(SUB)) { res.writeHead(404); return res.end(); }
    const file = path.join(host.dir, p.slice(SUB.length) || 'index.html');
    fs.readFile(file, (err, data) => {
      if (err && host.hang) return;
      if (err && host.html) {
        res.writeHead(200, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache' });
        return res.end(fs.readFileSync(path.join(host.dir, 'index.html')));
      }
      if (err) { res.writeHead(404); return res.end('not found'); }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(data);
    });
  });
  await new Promise((done) => host.server.listen(0, '127.0.0.1', done));
  host.base = `http://127.0.0.1:${host.server.address().port}${SUB}`;
  return host;
}

// Everything the app keeps in localStorage (the saves, their index, statistics, settings …).
const stored = (page) => page.evaluate(() => JSON.stringify(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));

const BOOT_FAILED = {
  De: ['Das Spiel konnte nicht geladen werden. Deine gespeicherten Spiele bleiben erhalten.', 'Erneut versuchen'],
  En: ['The game could not be loaded. Your saved games are kept.', 'Try again'],
};

async function bootFailed(page, lang) {
  await page.waitForSelector('[data-testid=boot-failed]', { timeout: 30000 });
  const text = (await page.textContent('[data-testid=boot-failed]')).replace(/\s+/g, ' ').trim();
  eq(text, BOOT_FAILED[lang].join(' '), `the message (${lang})`);
  eq((await page.textContent('[data-testid=boot-retry]')).trim(), BOOT_FAILED[lang][1], `the retry button (${lang})`);
  assert(!(await page.$('.boot-spinner')), 'no spinner left turning');
  assert(await page.isVisible('[data-testid=boot-retry]'), 'the retry button is visible');
}

async function checked(page, result) {
  await page.waitForFunction((r) => document.documentElement.dataset.updateCheck === r, result, { timeout: 30000 });
}

// The first visit, with fast settings and an update check at every page change (the app
// waits a minute between checks otherwise).
async function firstVisit(page, base) {
  await page.addInitScript(() => { window.krUpdateGap = 1; });
  await page.goto(base);
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.reload();
  await page.waitForSelector('[data-testid=game-entry]');
}

// An Abluxxen match with easy bots in every seat.
async function abluxxenBotsOnly(page, base) {
  await page.goto(base + '#/setup/abluxxen');
  await page.waitForSelector('[data-testid=seat-row]');
  const rows = (await page.$$('[data-testid=seat-row]')).length;
  for (let i = 0; i < rows; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'easy');
  await page.click('[data-testid=start]');
}

export default [
  {
    name: 'update: a new version is offered between games only, and the reload keeps the saves',
    async run({ page, context, shot }) {
      const server = await serve('dist', 0, SUB);
      const base = `http://127.0.0.1:${server.address().port}${SUB}`;
      const next = nextVersion();
      try {
        await firstVisit(page, base);
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 60000 });
        // First visit: the served version is the running one – nothing offered.
        await checked(page, 'same');
        assert(!(await notice(page)), 'no update notice on the first visit');

        // A finished match: Abluxxen, bots only.
        await abluxxenBotsOnly(page, base);
        for (let guard = 0; guard < 20; guard++) {
          await page.waitForSelector('[data-testid=end-screen], [data-testid=next-deal], [data-testid=next-round]', { timeout: 90000 });
          if (await page.$('[data-testid=end-screen]')) break;
          await page.click('[data-testid=next-deal], [data-testid=next-round]');
          await page.waitForTimeout(100);
        }
        await page.waitForSelector('[data-testid=end-screen]');
        const finished = page.url().split('#/play/')[1];

        // A running game: Rommé against two bots, the human to play.
        await page.goto(base + '#/setup/romme');
        await page.waitForSelector('[data-testid=start]');
        await page.click('[data-testid=start]');
        await page.waitForSelector('[data-testid=romme-board]');
        const running = page.url().split('#/play/')[1];
        assert(running && finished && running !== finished, 'two saved games');

        // The new version is deployed while the game runs.
        server.setDir(next.dir);
        await page.waitForTimeout(300);
        assert(!(await notice(page)), 'no update notice in a running game');

        // Back home: the app notices the new version and offers it.
        await page.click('.topbar a.brand');
        await page.waitForSelector('[data-testid=game-entry]');
        await checked(page, 'new');
        await page.waitForSelector('[data-testid=update-notice]', { timeout: 5000 });
        eq((await page.textContent('[data-testid=update-reload]')).trim(), 'Neue Version – neu laden', 'the button says what it does');
        await shot('update-offer');
        // Its files are in the offline cache already.
        for (const h of next.hashes.values()) {
          assert(await page.evaluate(async (h) => (await (await caches.open('kartenrunde-v1')).keys()).some((r) => r.url.includes(h)), h), `new file ${h} cached`);
        }

        // Not in the running game …
        await page.goto(base + '#/play/' + running);
        await page.waitForSelector('[data-testid=romme-board]');
        await page.waitForTimeout(300);
        assert(!(await notice(page)), 'no update notice in the running game');
        // … but on the finished match's end screen, and on the other pages.
        await page.goto(base + '#/play/' + finished);
        await page.waitForSelector('[data-testid=end-screen]');
        await page.waitForSelector('[data-testid=update-notice]', { timeout: 5000 });
        for (const [route, sel] of [['#/settings', '.settings'], ['#/stats', '.page'], ['#/rules/romme', '.rules-page'], ['#/setup/romme', '[data-testid=start]'], ['#/saves', '[data-testid=save-row]']]) {
          await page.goto(base + route);
          await page.waitForSelector(sel);
          await page.waitForSelector('[data-testid=update-notice]', { timeout: 5000 });
        }
        // In English too.
        await page.click('[data-testid=nav-settings]');
        await page.click('text=English');
        eq((await page.textContent('[data-testid=update-reload]')).trim(), 'New version – reload', 'English label');
        await page.click('text=Deutsch');

        // The reload starts the new version; the saves are still there.
        await page.goto(base + '#/saves');
        await page.waitForSelector('[data-testid=save-row]');
        await Promise.all([page.waitForEvent('load'), page.click('[data-testid=update-reload]')]);
        await page.waitForSelector('[data-testid=save-row]');
        assert(await page.$('meta[name=kr-test-version]'), 'the new version runs');
        const ids = await page.$$eval('[data-testid=save-row]', (els) => els.map((e) => e.dataset.id));
        assert(ids.includes(running) && ids.includes(finished), `both saves kept (${ids.join(', ')})`);
        await checked(page, 'same');
        assert(!(await notice(page)), 'no update notice in the new version');
        await page.goto(base + '#/play/' + running);
        await page.waitForSelector('[data-testid=romme-board]');

        // The new version starts offline as well.
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 60000 });
        // The old version's files have left the cache.
        const cached = await page.evaluate(async () => (await (await caches.open('kartenrunde-v1')).keys()).map((r) => r.url));
        for (const h of next.hashes.keys()) assert(!cached.some((u) => u.includes(h)), `old files ${h} removed from the cache: ${cached.filter((u) => u.includes(h))}`);
        await context.setOffline(true);
        try {
          await page.goto(base + '#/');
          await page.reload();
          await page.waitForSelector('[data-testid=game-entry]', { timeout: 15000 });
          assert(await page.$('meta[name=kr-test-version]'), 'the new version runs offline');
          assert(!(await notice(page)), 'no update notice offline');
        } finally {
          await context.setOffline(false);
        }
        await page.goto('about:blank'); // nothing asks the server any more
      } finally {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
        fs.rmSync(next.dir, { recursive: true, force: true });
      }
    },
  },
  {
    // Before: the page stayed at "Das Spiel wird geladen …" for good, and a host's HTML page
    // served for the missing wasm went into the offline copy as that wasm.
    name: 'update: a broken deploy (its main wasm missing) – the page falls back to the last version that started, else says so with "Erneut versuchen"; the saves stay untouched',
    async run({ context, out }) {
      const host = await brokenHost('dist');
      const next = nextVersion();
      // The new version's main wasm did not arrive.
      const missing = fs.readdirSync(next.dir).find((f) => /^kartenrunde-[0-9a-f]+_bg\.wasm$/.test(f));
      assert(missing, 'the next version has a main wasm');
      fs.rmSync(path.join(next.dir, missing));
      const base = host.base;
      // A page of its own: the failed start logs the failed request as a console error, which
      // fails a test's own page (panics fail this one too, see run.mjs).
      const page = await context.newPage();
      try {
        await page.goto(base);
        await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await page.reload();
        await page.waitForSelector('[data-testid=game-entry]');
        // This version started: the service worker keeps it as the one to fall back to.
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 60000 });
        await page.waitForFunction(() => document.documentElement.dataset.lastGood === 'true', null, { timeout: 10000 });
        // A save.
        await page.goto(base + '#/setup/romme');
        await page.click('[data-testid=start]');
        await page.waitForSelector('[data-testid=romme-board]');
        const running = page.url().split('#/play/')[1];
        await page.click('.topbar a.brand');
        await page.waitForSelector('[data-testid=game-entry]');
        const saves = await stored(page);
        assert(saves.includes(running), 'the game is saved');

        // The broken version is deployed; the next visit starts the last one that started.
        host.dir = next.dir;
        await page.reload();
        await page.waitForFunction(() => document.documentElement.dataset.bootFallback === 'true', null, { timeout: 30000 });
        await page.waitForSelector('[data-testid=game-entry]', { timeout: 20000 });
        assert(!(await page.$('meta[name=kr-test-version]')), 'the previous version runs');
        eq(await stored(page), saves, 'the saves are untouched');
        await page.goto(base + '#/play/' + running);
        await page.waitForSelector('[data-testid=romme-board]');
        await page.click('.topbar a.brand');
        await page.waitForSelector('[data-testid=game-entry]');
        // Its update check does not offer the broken version.
        await page.waitForFunction(() => document.documentElement.dataset.updateCheck === 'failed', null, { timeout: 20000 });
        assert(!(await notice(page)), 'the broken version is not offered');
        const wasmUrl = base + missing;
        assert(!(await page.evaluate((u) => caches.match(u).then(Boolean), wasmUrl)), 'nothing cached for the missing wasm');
        // (Opening the game may write to the save, e.g. bots playing on: the saves as they
        // are now.)
        const played = await stored(page);

        // Without a version to fall back to: the message and the retry button, German …
        await page.waitForFunction(() => document.documentElement.dataset.lastGood !== undefined, null, { timeout: 20000 });
        assert(await page.evaluate((b) => caches.open('kartenrunde-v1').then((c) => c.delete(b + 'kr-last-good')), base), 'the kept version is dropped');
        await page.reload();
        await bootFailed(page, 'De');
        assert(await page.$('meta[name=kr-test-version]'), "the broken version's page is the one shown");
        for (const [w, h] of [[360, 640], [390, 844], [1366, 768]]) {
          await page.setViewportSize({ width: w, height: h });
          await page.waitForTimeout(100);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          assert(wide <= w, `no sideways scrolling at ${w} px (${wide})`);
          assert(await page.isVisible('[data-testid=boot-retry]'), `the retry button in view at ${w} px`);
          await page.screenshot({ path: path.join(out, `update-broken-${w}.png`) });
        }
        eq(await stored(page), played, 'the saves are untouched');
        // … English with the English settings, and a host that answers a missing file with
        // its HTML page (status 200): that page is not cached as the wasm.
        await page.evaluate(() => {
          const s = JSON.parse(localStorage.getItem('kartenrunde.settings.v1'));
          localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ ...s, lang: 'En' }));
        });
        const english = await stored(page);
        host.html = true;
        await page.reload();
        await bootFailed(page, 'En');
        eq(await page.getAttribute('html', 'lang'), 'en', 'the page language');
        assert(!(await page.evaluate((u) => caches.match(u).then(Boolean), wasmUrl)), 'the HTML page served for the missing wasm is not cached');
        eq(await stored(page), english, 'the saves are untouched');
        // A start that never ends (the wasm never arrives): the same message once the page
        // has waited long enough (20 s; 3 s here).
        await page.addInitScript(() => { window.krBootTimeout = 3000; });
        host.hang = true;
        await page.reload({ waitUntil: 'domcontentloaded' });
        assert(await page.$('.boot-spinner'), 'first the boot screen waits');
        await bootFailed(page, 'En');
        host.hang = false;

        // The host is repaired: "Try again" starts the game, every save still there.
        host.dir = path.resolve('dist');
        host.html = false;
        await Promise.all([page.waitForEvent('load'), page.click('[data-testid=boot-retry]')]);
        await page.waitForSelector('[data-testid=game-entry]', { timeout: 20000 });
        eq(await stored(page), english, 'the saves are untouched');
        await page.goto(base + '#/play/' + running);
        await page.waitForSelector('[data-testid=romme-board]');
        await page.goto('about:blank');
      } finally {
        await page.close();
        host.server.closeAllConnections();
        await new Promise((done) => host.server.close(done));
        fs.rmSync(next.dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'update: after a change inside one part, the update fetches only the changed files, and the new part plays',
    async run({ page }) {
      const server = await serve('dist', 0, SUB);
      const base = `http://127.0.0.1:${server.address().port}${SUB}`;
      const next = nextWithOnePartChanged('abluxxen_bots');
      const asked = [];
      server.on('request', (req) => asked.push(decodeURIComponent(new URL(req.url, 'http://x').pathname).slice(SUB.length)));
      try {
        await firstVisit(page, base);
        // The whole offline copy first (every part), as a returning player has it.
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 60000 });
        await page.waitForFunction(() => Number(document.documentElement.dataset.precached) === window.krLazy.length, null, { timeout: 60000 });
        await checked(page, 'same');
        // Quiet first: no request for 2 s. On a busy machine a batch the service worker
        // answers after 20 s is fetched by the page as well, and the worker's own requests
        // may still be on their way (the CI once counted them as the update's).
        for (let n = -1, t = 0; n !== asked.length && t < 30; t++) { n = asked.length; await page.waitForTimeout(2000); }

        server.setDir(next.dir);
        asked.length = 0;
        await page.goto(base + '#/settings');
        await page.waitForSelector('.settings');
        await checked(page, 'new');
        await page.waitForSelector('[data-testid=update-notice]', { timeout: 5000 });
        const fetched = asked.filter((f) => /\.(wasm|js|css)$/.test(f)).sort();
        eq(fetched.join(' '), [...next.renamed.values()].sort().join(' '), 'the update fetched the changed part, the loader and the glue, nothing else');

        // The new version runs, and its changed part plays: Abluxxen, bots only.
        await Promise.all([page.waitForEvent('load'), page.click('[data-testid=update-reload]')]);
        await page.waitForSelector('.settings');
        assert(await page.$('meta[name=kr-test-version][content="3"]'), 'the new version runs');
        await abluxxenBotsOnly(page, base);
        await page.waitForSelector('[data-testid=end-screen], [data-testid=next-deal], [data-testid=next-round]', { timeout: 90000 });
        const wasm = asked.filter((f) => f.endsWith('.wasm'));
        eq(wasm.filter((f) => !f.startsWith('split_abluxxen_bots-')).length, 0, `no other wasm fetched again (${wasm.join(', ')})`);
      } finally {
        server.close();
        fs.rmSync(next.dir, { recursive: true, force: true });
      }
    },
  },
];
