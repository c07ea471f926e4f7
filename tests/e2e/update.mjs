// Updates: a new deployment (new hashed file names in index.html) is noticed, offered as
// "Neue Version – neu laden" between games only (never in a running game, but on a finished
// match's end screen), and the reload starts the new version with every save kept; the new
// version then starts offline too. Served by its own server, whose directory is switched
// from dist/ to a copy with the file names a new build would have.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  // The glue and the loader of the lazy parts name each other (scripts/split-wasm.mjs).
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    let js = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const [a, b] of hashes) js = js.replaceAll(a, b);
    fs.writeFileSync(path.join(dir, f), js);
  }
  html = html.replace('</head>', '<meta name="kr-test-version" content="2" />\n  </head>');
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return { dir, hashes };
}

const notice = (page) => page.$('[data-testid=update-notice]');

async function checked(page, result) {
  await page.waitForFunction((r) => document.documentElement.dataset.updateCheck === r, result, { timeout: 30000 });
}

export default [
  {
    name: 'update: a new version is offered between games only, and the reload keeps the saves',
    async run({ page, context, shot }) {
      const server = await serve('dist', 0, SUB);
      const base = `http://127.0.0.1:${server.address().port}${SUB}`;
      const next = nextVersion();
      try {
        // Checks at every page change in this test (the app waits a minute between checks).
        await page.addInitScript(() => { window.krUpdateGap = 1; });
        await page.goto(base);
        await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await page.reload();
        await page.waitForSelector('[data-testid=game-entry]');
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 15000 });
        // First visit: the served version is the running one – nothing offered.
        await checked(page, 'same');
        assert(!(await notice(page)), 'no update notice on the first visit');

        // A finished match: Abluxxen, bots only.
        await page.goto(base + '#/setup/abluxxen');
        await page.waitForSelector('[data-testid=seat-row]');
        const rows = (await page.$$('[data-testid=seat-row]')).length;
        for (let i = 0; i < rows; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'easy');
        await page.click('[data-testid=start]');
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
        await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 15000 });
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
];
