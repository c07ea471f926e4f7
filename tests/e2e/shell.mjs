// The app shell: home screen, card faces, settings, routes, sub-path.
import { assert, eq } from './assert.mjs';

export default [
  {
    name: 'home lists the nine games and card faces render',
    async run({ page, shot }) {
      await page.waitForSelector('[data-testid=game-entry]');
      const ids = await page.$$eval('[data-testid=game-entry]', (els) => els.map((e) => e.dataset.game));
      eq(ids.join(','), 'romme,romme_kaufen,romme_anlegen,romme_raeuber,romme_trad,karussell,profisort,abluxxen,profiduell', 'home entries');
      const text = await page.textContent('.game-list');
      for (const title of ['Rommé (Grundspiel)', 'Rommé mit Kaufen', 'Rommé mit Anlegen', 'Räuber-Rommé', 'Traditionelles Rommé', 'Karussell', 'Profi-Sort', 'Abluxxen', 'Abluxxen Profiduell']) {
        assert(text.includes(title), `home shows ${title}`);
      }
      // Card faces: SVG with a rank and a suit path, laid out with a real size.
      const cards = await page.$$eval('svg.card', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return [r.width, r.height, e.querySelectorAll('*').length]; }));
      assert(cards.length >= 10, 'cards on the home screen');
      for (const [w, h, parts] of cards) assert(w >= 30 && h > w && parts > 0, `card renders (${w}x${h}, ${parts} parts)`);
      const rank = await page.textContent('.card-strip svg.card .suit-hearts text.rank');
      eq(rank, '10', 'the ♥10 shows its rank');
      await shot('home-1366');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot('home-390');
    },
  },
  {
    name: 'settings: English and 4-colour deck persist across a reload',
    async run({ page, shot }) {
      await page.click('[data-testid=nav-settings]');
      await page.waitForSelector('.settings');
      await page.click('text=English');
      await page.click('[data-testid=deck-4]');
      await page.waitForSelector('.app.deck-4');
      await page.reload();
      await page.waitForSelector('.settings');
      eq(await page.textContent('.settings h1'), 'Settings', 'English after reload');
      assert(await page.$('.app.deck-4'), '4-colour deck kept');
      const diamonds = await page.$eval('.settings .suit-diamonds', (e) => getComputedStyle(e).color);
      eq(diamonds, 'rgb(21, 101, 192)', '♦ blue in the 4-colour deck');
      await shot('settings-en');
    },
  },
  {
    name: 'hash routes work from the sub-path; unknown routes explain',
    async run({ page, base }) {
      await page.goto(base + '#/setup/profisort');
      await page.waitForSelector('[data-testid=start]');
      await page.goto(base + '#/setup/karussell');
      await page.waitForSelector('[data-testid=start]');
      await page.goto(base + '#/no-such-page');
      await page.waitForSelector('text=Diese Seite gibt es nicht.');
    },
  },

  {
    name: 'offline: after the first visit the app starts without network',
    async run({ page, base, context }) {
      await page.waitForSelector('[data-testid=game-entry]');
      await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 60000 });
      // Every file the app needs is in the cache, and a service worker controls the page.
      await page.waitForFunction(async () => {
        const urls = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => /\.(js|wasm|css)$/.test(u));
        const hits = await Promise.all(urls.map((u) => caches.match(u)));
        return navigator.serviceWorker.controller && urls.length >= 3 && hits.every(Boolean);
      }, null, { timeout: 15000, polling: 200 });
      await context.setOffline(true);
      try {
        await page.reload();
        await page.waitForSelector('[data-testid=game-entry]', { timeout: 15000 });
        eq((await page.$$('[data-testid=game-entry]')).length, 9, 'home works offline');
      } finally {
        await context.setOffline(false);
      }
    },
  },
];
