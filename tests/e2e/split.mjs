// The lazily loaded parts of the wasm (docs/DESIGN.md "Code splitting"): each game's table
// (board, host, setup panel and the engine's replay of a save) is fetched when its setup or a
// game of its kind opens, its bots with their first decision, the other pages (saves,
// statistics, rules, a shared link) when one opens;
// all work offline after the first visit, and a part that cannot be fetched is explained in
// German while the game stays saved.
import fs, { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
import { assert, eq } from './assert.mjs';
import { nextVersion } from './update.mjs';
import { GAMES } from './games.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const SUB = '/kartenrunde/';
// A stored Karussell game (a save of an earlier version, as the engine's fixtures keep them).
const KARUSSELL_SAVE = readFileSync(new URL('../../crates/engine/tests/fixtures/karussell.wave2.save.json', import.meta.url), 'utf8');

// Starts a bots-only game of `game` (every seat a normal bot); waits for its table unless
// `table` is false.
async function botsOnly(page, game, table = true) {
  await page.evaluate(() => { location.hash = '#/'; });
  await page.evaluate((g) => { location.hash = '#/setup/' + g; }, game);
  await page.waitForSelector('[data-testid=seat-row]');
  const rows = (await page.$$('[data-testid=seat-row]')).length;
  for (let i = 0; i < rows; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
  await page.click('[data-testid=start]');
  if (table) await page.waitForSelector('.game-host');
}

const logLines = (page) => page.$$eval('[data-testid=log] li', (l) => l.length);

export default [
  {
    // Issue 43: on a slow phone the setup page waited for the main wasm to start before its
    // part was even asked for. Checked by order, not by time (the machine is shared).
    name: 'split: a game tapped on the boot screen (first visit, slow network) is answered at once; its setup part is fetched beside the main wasm, before the app has started, its table part once the app has started, each file once',
    async run({ base }) {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
      try {
        // The server compresses each file once, as a static host keeps them: done first, so the
        // visit does not wait for it.
        for (const f of fs.readdirSync('dist')) if (fs.statSync(`dist/${f}`).isFile()) await fetch(base + f, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer());
        const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const page = await ctx.newPage();
        await page.addInitScript(() => addEventListener('TrunkApplicationStarted', () => { window.__started = performance.now(); }));
        // The page's fetches (the boot page's and the parts' loader's; not the offline copy's
        // cache.addAll, which asks for the same files again once the app is idle).
        await page.addInitScript(() => {
          const orig = window.fetch;
          window.__fetched = [];
          window.fetch = function (u, ...rest) { window.__fetched.push([String(u.href || u), performance.now()]); return orig.call(this, u, ...rest); };
        });
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        // On a real slow phone the tap comes long before the main wasm is in. Here the test
        // itself may be slow to see the boot screen (a busy machine), so the main wasm's
        // response is held until the tap is made: the order is what this test checks.
        let tapped;
        const tapMade = new Promise((r) => { tapped = r; });
        await page.route(/kartenrunde-[0-9a-f]+_bg\.wasm$/, async (route) => { await tapMade; await route.continue(); });
        await page.goto(base, { waitUntil: 'commit' });
        const tap = '#boot a[href="#/setup/karussell"]';
        await page.waitForSelector(tap);
        // (A tap as the page gets it: no wait for the page to be idle, which is after the start.)
        await page.$eval(tap, (a) => a.click());
        tapped();
        // Answered on the boot screen itself, before the app has started.
        const said = await page.evaluate(() => ({ text: document.querySelector('[data-testid=boot-tapped]')?.textContent, started: window.__started }));
        assert(said.started === undefined, 'the tap came before the app started (else this test proves nothing)');
        assert((said.text || '').includes('Lädt'), `the tapped button says the game is coming: ${said.text}`);
        await page.$eval('[data-testid=boot-tapped]', (a) => a.scrollIntoView({ block: 'center' })).catch(() => {});
        await page.screenshot({ path: 'tests/e2e/out/first-visit-tapped-390.png' });
        await page.waitForSelector('[data-testid=start]', { timeout: 60000 });
        await page.screenshot({ path: 'tests/e2e/out/first-visit-setup-390.png' });
        // (The page's own fetches: the offline copy's cache.addAll asks for the same files again.)
        const entries = () => page.evaluate(() => [
          ...window.__fetched.map(([name, start]) => ({ name, start })),
          ...performance.getEntriesByType('resource').filter((e) => /_bg\.wasm$/.test(e.name)).map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd })),
        ]);
        const seen = await page.evaluate(() => ({ started: window.__started, parts: window.krParts }));
        assert(seen.started > 0, 'the app started');
        let list = await entries();
        const mainIn = list.find((e) => e.end !== undefined && /kartenrunde-[0-9a-f]+_bg\.wasm$/.test(e.name)).end;
        // On this slow first visit the main wasm's fetch starts with the page (the connection
        // says a round trip of 150 ms): before the stylesheet is in, not after the first
        // paint, and only once (the glue takes that fetch over).
        const early = await page.evaluate(() => {
          const res = performance.getEntriesByType('resource');
          // (Before the start: once the app is idle, the offline copy's cache.addAll, run from
          // the page, asks for it again.)
          const wasm = res.filter((e) => /kartenrunde-[0-9a-f]+_bg\.wasm$/.test(e.name) && e.startTime < window.__started);
          const css = res.find((e) => /main-[0-9a-f]+\.css$/.test(e.name));
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return { n: wasm.length, all: wasm.map((e) => [Math.round(e.startTime), Math.round(e.responseEnd)]), start: wasm[0]?.startTime, cssIn: css?.responseEnd, paint: paint?.startTime, rtt: navigator.connection?.rtt, fetched: !!window.krEarlyWasm };
        });
        eq(early.n, 1, `the main wasm fetched once before the start: ${JSON.stringify(early)}`);
        assert(early.fetched, `the boot page started the main wasm's fetch (round trip ${early.rtt} ms)`);
        assert(early.start < early.cssIn && early.start < early.paint, `the main wasm was asked for before the stylesheet was in and before the first paint: ${JSON.stringify(early)}`);
        // The setup's part beside the main wasm: asked for before the app started, its module
        // before the main wasm had even arrived.
        for (const f of seen.parts.karussell_setup) {
          const hits = list.filter((e) => e.name.endsWith('/' + f));
          eq(hits.length, 1, `${f} fetched once: the parts' loader took the boot page's fetch`);
          assert(hits[0].start < seen.started, `${f} was requested before the app started (${Math.round(hits[0].start)} < ${Math.round(seen.started)} ms)`);
        }
        const setupModule = list.find((e) => e.name.endsWith('/' + seen.parts.karussell_setup[0]));
        assert(setupModule.start < mainIn, `the setup part was asked for before the main wasm had arrived (${Math.round(setupModule.start)} < ${Math.round(mainIn)} ms)`);
        // The table's part next (not beside the main wasm: it would slow it), once the app has
        // started, each file once, and the game starts from it.
        await page.waitForFunction((files) => files.every((f) => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/' + f))), seen.parts.karussell_table, { timeout: 30000 });
        await page.screenshot({ path: 'tests/e2e/out/first-visit-before-start-390.png' });
        await page.click('[data-testid=start]', { timeout: 60000 });
        await page.waitForSelector('[data-testid=hand]', { timeout: 60000 });
        list = await entries();
        const setupFiles = new Set(seen.parts.karussell_setup);
        for (const f of seen.parts.karussell_table.filter((f) => !setupFiles.has(f))) {
          const hits = list.filter((e) => e.name.endsWith('/' + f));
          eq(hits.length, 1, `${f} fetched once: the table took the prefetch`);
          assert(hits[0].start >= seen.started - 5, `${f} was asked for once the app had started (${Math.round(hits[0].start)} ≥ ${Math.round(seen.started)} ms)`);
        }
        // Nothing but the tapped game's parts before the start (no other game's).
        const mine = [...seen.parts.karussell_setup, ...seen.parts.karussell_table];
        const others = list.filter((e) => /\/(split_\w+|chunk)-[0-9a-f]+\.wasm$/.test(e.name) && e.start < seen.started && !mine.some((f) => e.name.endsWith('/' + f)));
        eq(others.length, 0, `only the tapped game's parts before the start (${others.map((e) => e.name)})`);
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: 'split: the start loads only the main wasm; every game\'s bots play from the offline copy',
    async run({ page, context }) {
      await page.addInitScript(() => addEventListener('TrunkApplicationStarted', () => { window.__started = performance.now(); }));
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.reload();
      await page.waitForSelector('[data-testid=game-entry]');
      const lazy = await page.evaluate(() => window.krLazy);
      assert(Array.isArray(lazy) && lazy.filter((f) => /^split_\w+_bots-/.test(f)).length === 4, `four bot modules listed: ${lazy}`);
      // The app started before any bot module was asked for (they go into the offline copy
      // afterwards).
      const early = await page.evaluate(() => performance.getEntriesByType('resource')
        .filter((e) => /\/(split_\w+|chunk)-[0-9a-f]+\.wasm$/.test(e.name) && e.startTime < window.__started).map((e) => e.name));
      eq(early.length, 0, `no lazy module fetched before the app started (${early})`);
      await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 60000 });
      await page.waitForFunction(async () => {
        const hits = await Promise.all(window.krLazy.map((f) => caches.match(new URL(f, location.href).href)));
        return navigator.serviceWorker.controller && hits.every(Boolean);
      }, null, { timeout: 15000, polling: 200 });
      await context.setOffline(true);
      try {
        await page.reload();
        await page.waitForSelector('[data-testid=game-entry]', { timeout: 15000 });
        for (const game of GAMES) {
          await botsOnly(page, game);
          await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] li').length >= 3, null, { timeout: 20000 });
          assert(!/Mitspieler-Bots/.test(await page.textContent('[data-testid=error]')), `${game}: no load problem offline`);
        }
      } finally {
        await context.setOffline(false);
      }
    },
  },
  {
    name: 'split: with the data saver on, no part is fetched in advance (nor with an update); a part once used plays offline',
    async run() {
      // A browser of its own: a fresh offline copy, and the data saver on.
      const server = await serve('dist', 0, SUB);
      let next = null;
      const base = `http://127.0.0.1:${server.address().port}${SUB}`;
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage'],
      });
      try {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) }));
        const page = await context.newPage();
        const lazyFetched = () => page.evaluate(() => performance.getEntriesByType('resource')
          .filter((e) => /\/(split_\w+|chunk)-[0-9a-f]+\.wasm$/.test(e.name)).length);
        const lazyCached = () => page.evaluate(async () => {
          const hits = await Promise.all(window.krLazy.filter((f) => /^(split_|chunk-)/.test(f)).map((f) => caches.match(new URL(f, location.href).href)));
          return hits.filter(Boolean).length;
        });
        await page.goto(base);
        await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await page.reload();
        await page.waitForSelector('[data-testid=game-entry]');
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'used', null, { timeout: 15000 });
        // The service worker fetched nothing in advance (it would have by now without the saver).
        await page.waitForTimeout(1500);
        eq(await lazyCached(), 0, 'no part in the offline copy after the start');
        eq(await lazyFetched(), 0, 'no part fetched by the page');
        // An Abluxxen game against bots: its parts are fetched, and kept.
        await botsOnly(page, 'abluxxen');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] li').length >= 3, null, { timeout: 20000 });
        const used = await lazyFetched();
        assert(used > 0, 'the game fetched its parts');
        await page.waitForFunction(async () => caches.match(new URL(window.krLazy.find((f) => f.startsWith('split_abluxxen_bots-')), location.href).href), null, { timeout: 10000, polling: 200 });
        const cached = await lazyCached();
        assert(cached > 0 && cached < (await page.evaluate(() => window.krLazy.length)) - 1, `only the parts used are kept (${cached})`);
        // Offline: the game reopens and its bots play on, a new game of it starts; another game
        // explains that it needs the connection once.
        await context.setOffline(true);
        await page.reload();
        await page.waitForSelector('[data-testid=ab-board]', { timeout: 15000 });
        // The bots play on: the log changes (it keeps its last 60 lines).
        const before = await page.evaluate(() => [...document.querySelectorAll('[data-testid=log] li')].map((l) => l.textContent).join('\n'));
        await page.waitForFunction((b) => [...document.querySelectorAll('[data-testid=log] li')].map((l) => l.textContent).join('\n') !== b, before, { timeout: 20000 });
        await botsOnly(page, 'abluxxen');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] li').length >= 3, null, { timeout: 20000 });
        await page.evaluate(() => { location.hash = '#/setup/karussell'; });
        const why = await page.waitForSelector('[data-testid=setup-unreachable]', { timeout: 10000 });
        assert(/ohne Verbindung/.test(await why.textContent()), 'the other game explains itself');
        await context.setOffline(false);
        // An update goes into the offline copy without its parts.
        next = nextVersion();
        server.setDir(next.dir);
        await page.evaluate(() => { window.krUpdateGap = 1; location.hash = '#/'; });
        await page.waitForFunction(() => document.documentElement.dataset.updateCheck === 'new', null, { timeout: 30000 });
        const stored = await page.evaluate(async () => (await (await caches.open('kartenrunde-v1')).keys()).map((r) => r.url.split('/').pop()));
        const newFiles = (re) => stored.filter((f) => re.test(f) && [...next.hashes.values()].some((h) => f.includes(h)));
        assert(newFiles(/^kartenrunde-.*_bg\.wasm$/).length === 1, `the new main wasm is stored (${stored})`);
        eq(newFiles(/^(split_|chunk-)/).length, 0, 'no part of the new version is fetched in advance');
      } finally {
        await browser.close();
        server.closeAllConnections();
        server.close();
        if (next) fs.rmSync(next.dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'split: bots that cannot be fetched are explained, the game waits and goes on once they can',
    async run({ out }) {
      // A browser of its own without service workers: the module comes from the network only.
      const server = await serve('dist', 0, SUB);
      const base = `http://127.0.0.1:${server.address().port}${SUB}`;
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage'],
      });
      const crashes = [];
      let blocked = true;
      try {
        const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
        await context.route(/split_abluxxen_bots-[0-9a-f]+\.wasm$/, (r) => (blocked ? r.abort('internetdisconnected') : r.continue()));
        let pagesBlocked = true;
        await context.route(/split_more_pages-[0-9a-f]+\.wasm$/, (r) => (pagesBlocked ? r.abort('internetdisconnected') : r.continue()));
        let tableBlocked = true;
        await context.route(/split_karussell_(setup|table)-[0-9a-f]+\.wasm$/, (r) => (tableBlocked ? r.abort('internetdisconnected') : r.continue()));
        const page = await context.newPage();
        page.on('pageerror', (e) => crashes.push(String(e)));
        await page.goto(base);
        await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await page.reload();
        await page.waitForSelector('[data-testid=game-entry]');
        await botsOnly(page, 'abluxxen');
        // Said in the error line of the dock, in view on a phone.
        await page.waitForFunction(() => /Mitspieler-Bots/.test(document.querySelector('[data-testid=error]')?.textContent || ''), null, { timeout: 10000 });
        const problem = await page.$('[data-testid=error]');
        const text = await problem.textContent();
        const box = await problem.boundingBox();
        assert(box && box.y >= 0 && box.y + box.height <= 844, `the explanation is in view (${JSON.stringify(box)})`);
        assert(/Mitspieler-Bots konnten nicht geladen werden/.test(text) && /Partie bleibt gespeichert/.test(text), `German explanation: ${text}`);
        eq(await logLines(page), 0, 'no bot moved');
        assert(await page.$('[data-testid=ab-board]'), 'the table stays');
        await page.screenshot({ path: `${out}/split-bots-unreachable-390.png` });
        const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kartenrunde.game.')).length);
        eq(saved, 1, 'the game is saved');
        // The connection is back: the next try (every 3 s) loads the bots and they play.
        blocked = false;
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] li').length >= 3, null, { timeout: 20000 });
        assert(!/Mitspieler-Bots/.test(await page.textContent('[data-testid=error]')), 'the explanation is gone once the bots play');

        // A game whose part cannot be fetched: its setup lets the players be set and explains
        // the rest; a stored game of it opens to an explanation and a retry button.
        await page.evaluate(() => { location.hash = '#/setup/karussell'; });
        const setupWhy = await page.waitForSelector('[data-testid=setup-unreachable]', { timeout: 10000 });
        assert(/Startknopf dieses Spiels konnten nicht geladen werden/.test(await setupWhy.textContent()), 'German explanation on the setup');
        assert(await page.$('[data-testid=seat-row]'), 'the seats are there');
        await page.evaluate((json) => localStorage.setItem('kartenrunde.game.stored-k', json), KARUSSELL_SAVE);
        await page.evaluate(() => { location.hash = '#/play/stored-k'; });
        const why = await page.waitForSelector('[data-testid=table-unreachable]', { timeout: 10000 });
        const said = await why.textContent();
        assert(/Spieltisch konnte nicht geladen werden/.test(said) && /Partie bleibt gespeichert/.test(said), `German explanation: ${said}`);
        await page.screenshot({ path: `${out}/split-table-unreachable-390.png` });
        eq(await page.evaluate(() => localStorage.getItem('kartenrunde.game.stored-k')), KARUSSELL_SAVE, 'the stored game is untouched');
        tableBlocked = false;
        await Promise.all([page.waitForEvent('load'), page.click('[data-testid=table-unreachable] button')]);
        await page.waitForSelector('[data-testid=karussell-board]', { timeout: 10000 });
        await page.evaluate(() => { location.hash = '#/setup/karussell'; });
        await page.waitForSelector('[data-testid=start]', { timeout: 10000 });

        // A page of its own part (statistics, rules): an explanation, a retry and the way home.
        await page.evaluate(() => { location.hash = '#/stats'; });
        const pageWhy = await page.waitForSelector('[data-testid=page-unreachable]', { timeout: 10000 });
        assert(/ohne Verbindung/.test(await pageWhy.textContent()), 'German explanation on the page');
        pagesBlocked = false;
        await Promise.all([page.waitForEvent('load'), page.click('[data-testid=page-unreachable] button')]);
        await page.waitForSelector('[data-testid=stats-page]', { timeout: 10000 });
        eq(crashes.length, 0, `no page errors: ${crashes}`);
      } finally {
        await browser.close();
        server.close();
      }
    },
  },
  {
    name: 'split: the offline copy waits while the page is busy (a bot thinking, a part on its way) and goes on once it is idle',
    async run({ base, context }) {
      // A page on which something keeps the app busy from the start.
      const page = await context.newPage();
      try {
        await page.addInitScript(() => { window.krBusy = 1; });
        await page.goto(base + '#/');
        await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await page.waitForSelector('[data-testid=game-entry]');
        await page.waitForFunction(() => document.documentElement.dataset.precached === '0', null, { timeout: 30000 });
        await page.waitForTimeout(3000);
        eq(await page.evaluate(() => document.documentElement.dataset.precached), '0', 'no file fetched while busy');
        // Idle again: the copy is completed.
        await page.evaluate(() => { window.krBusy = 0; });
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 60000 });
        const n = await page.evaluate(() => [Number(document.documentElement.dataset.precached), window.krLazy.length]);
        eq(n[0], n[1], 'every lazy file in the copy');
        // A game against hard bots: the count goes back to 0 once they have played.
        await page.goto(base + '#/setup/romme');
        await page.waitForSelector('[data-testid=seat-row]');
        const rows = (await page.$$('[data-testid=seat-row]')).length;
        for (let i = 1; i < rows; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'hard');
        await page.click('[data-testid=start]');
        await page.waitForSelector('[data-testid=romme-board][data-mine=true]', { timeout: 60000 });
        eq(await page.evaluate(() => window.krBusy), 0, 'not busy once the bots have played');
      } finally {
        await page.close();
      }
    },
  },
];
