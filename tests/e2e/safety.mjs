// Data safety (issue 23): two tabs on one game, a deletion in another tab, storage that is
// full and then freed, an import into a full storage, a storage whose reads throw, and a
// link with an oversized name. Each test says what was lost before.
import fs from 'node:fs';
import { assert, eq } from './assert.mjs';
import { fastSettings, untilMyDraw, drawAndDiscard, startRomme, openSaves, gameKeys, botsOnlyOneDeal } from './storage.mjs';

const logLen = (page, id) => page.evaluate((id) => {
  const s = localStorage.getItem('kartenrunde.game.' + id);
  return s ? JSON.parse(s).record.log.length : -1;
}, id);

// A second tab of the same browser (same storage), failing on its own page errors too.
async function secondTab(context, errors) {
  const tab = await context.newPage();
  tab.on('pageerror', (e) => errors.push('tab B: ' + e));
  tab.on('console', (m) => { if (m.type() === 'error') errors.push('tab B: ' + m.text()); });
  return tab;
}

const hand = (page) => page.$$eval('[data-testid=hand-card]', (e) => e.map((c) => c.dataset.card).sort().join(','));
// Waits until `page` shows the hand `want` (a tab that follows another hears of each of its
// saves in turn: right after the first it may still show an older position where it was
// also this player's draw).
const follows = (page, want) => page.waitForFunction((w) => [...document.querySelectorAll('[data-testid=hand-card]')]
  .map((c) => c.dataset.card).sort().join(',') === w, want, { timeout: 15000 }).catch(() => {});

// setItem throws QuotaExceededError while `window.krFull` is true (a full storage).
const FULL = () => {
  const set = Storage.prototype.setItem;
  window.krFull = false;
  Storage.prototype.setItem = function (k, v) {
    if (window.krFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return set.call(this, k, v);
  };
};

export default [
  {
    // Before: tab B, opened earlier, still showed the old position with no notice, played
    // one turn and wrote a log of 12 over tab A's 19: A's last moves were gone.
    name: 'safety: two tabs on one game – the older tab follows and no move is lost',
    async run({ page, base, context, shot }) {
      const errors = [];
      await fastSettings(page, base);
      const id = await startRomme(page, base);
      await drawAndDiscard(page);
      const b = await secondTab(context, errors);
      await b.goto(base + '#/play/' + id);
      await b.waitForSelector('[data-testid=romme-board]');
      // Tab A plays two turns; B hears of every save and shows the newest position.
      await drawAndDiscard(page);
      await drawAndDiscard(page);
      await untilMyDraw(page);
      const afterA = await logLen(page, id);
      await b.waitForSelector('[data-testid=tab-notice]');
      assert((await b.textContent('[data-testid=tab-notice]')).includes('in einem anderen Tab weitergespielt'), 'B says so');
      const handA = await hand(page);
      await follows(b, handA);
      await untilMyDraw(b);
      eq(await hand(b), handA, 'B shows the same hand as A');
      await b.setViewportSize({ width: 390, height: 844 });
      await b.screenshot({ path: 'tests/e2e/out/safety-tab-notice-390.png' });
      // B plays a turn: nothing of A's is lost, and A follows.
      await drawAndDiscard(b);
      await untilMyDraw(b);
      const afterB = await logLen(page, id);
      assert(afterB > afterA, `B's turn extends A's log (${afterA} → ${afterB})`);
      await page.waitForSelector('[data-testid=tab-notice]');
      const handB = await hand(b);
      await follows(page, handB);
      await untilMyDraw(page);
      eq(await hand(page), handB, 'A shows the same hand as B');
      eq((await gameKeys(page)).length, 1, 'one game, no copies (the tabs never diverged)');
      await shot('safety-two-tabs');
      await b.close();
      eq(errors.join(' | '), '', 'no page errors in tab B');
    },
  },
  {
    // Before: a game deleted in tab B was resurrected by tab A's next autosave.
    name: 'safety: a game deleted in another tab closes here and never comes back',
    async run({ page, base, context }) {
      const errors = [];
      await fastSettings(page, base);
      const id = await startRomme(page, base);
      const b = await secondTab(context, errors);
      await openSaves(b, base);
      await b.click(`[data-testid=save-row][data-id="${id}"] [data-testid=delete]`);
      await b.click('[data-testid=confirm-delete-yes]');
      await b.waitForSelector('[data-testid=saves-status]');
      assert((await b.textContent('[data-testid=saves-status]')).includes('Gelöscht'), 'the deletion is reported as done');
      // Tab A closes the game and says why.
      await page.waitForSelector('[data-testid=tab-notice]');
      assert((await page.textContent('[data-testid=tab-notice]')).includes('in einem anderen Tab gelöscht'), 'A says so');
      assert(page.url().includes('#/saves'), 'A shows the saves: ' + page.url());
      await page.waitForTimeout(1500);
      eq((await gameKeys(page)).length, 0, 'the game did not come back');
      eq(await page.$$eval('[data-testid=save-row]', (r) => r.length), 0, 'not listed');
      await b.close();
      eq(errors.join(' | '), '', 'no page errors in tab B');
    },
  },
  {
    // Before: a match started and finished while storage was full was never written when
    // space returned; after a reload it was gone, and its result never reached the
    // statistics. The notice stayed up after saving worked again.
    name: 'safety: storage full, then freed – the finished match and a running game are stored and counted',
    async run({ page, base, shot }) {
      await page.addInitScript(FULL);
      await fastSettings(page, base);
      await page.evaluate(() => { window.krFull = true; });
      await botsOnlyOneDeal(page, base);
      await page.waitForSelector('[data-testid=match-winner]', { timeout: 90000 });
      const finished = page.url().split('#/play/')[1];
      const running = await startRomme(page, base);
      await drawAndDiscard(page);
      await page.waitForSelector('[data-testid=storage-notice]');
      const notice = await page.textContent('[data-testid=storage-notice]');
      assert(notice.includes('2 Spiele sind noch nicht gespeichert'), 'the notice names what is at risk: ' + notice);
      assert(await page.$('[data-testid=storage-export]'), 'the notice offers the export file');
      eq((await gameKeys(page)).length, 0, 'nothing in storage yet');
      for (const [w, h] of [[360, 640], [390, 844], [1366, 768]]) {
        await page.setViewportSize({ width: w, height: h });
        await shot(`safety-full-${w}`);
      }
      // Space returns: the retries store both games and the statistics, and say so.
      await page.evaluate(() => { window.krFull = false; });
      await page.waitForFunction(() => {
        const n = document.querySelector('[data-testid=storage-notice]');
        return n && n.textContent.includes('Wieder gespeichert');
      }, null, { timeout: 15000 });
      await shot('safety-saved-again-1366');
      eq((await gameKeys(page)).sort().join(','), [finished, running].map((i) => 'kartenrunde.game.' + i).sort().join(','), 'both games stored');
      const stats = await page.evaluate(() => localStorage.getItem('kartenrunde.stats.v1') || '');
      assert(stats.includes(finished), 'the finished match is in the statistics');
      const running_log = await logLen(page, running);
      assert(running_log > 0, 'the running game has its moves');
      await page.reload();
      await page.waitForSelector('[data-testid=romme-board]');
      assert(!(await page.$('[data-testid=load-error]')), 'the game opens after a reload');
      await page.goto(base + '#/play/' + finished);
      await page.waitForSelector('[data-testid=match-winner]');
    },
  },
  {
    // Before: "Import fertig: 2 neu" while 0 of 2 games were stored; after a reload they
    // were gone.
    name: 'safety: an import into a full storage says that nothing was stored',
    async run({ page, base, shot }) {
      await page.addInitScript(FULL);
      await fastSettings(page, base);
      await startRomme(page, base);
      await startRomme(page, base);
      await openSaves(page, base);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
      const text = fs.readFileSync(await download.path(), 'utf8');
      await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (!k.includes('settings')) localStorage.removeItem(k); });
      await openSaves(page, base);
      await page.evaluate(() => { window.krFull = true; });
      await page.setInputFiles('[data-testid=import-file]', { name: 'k.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.waitForSelector('[data-testid=saves-error]');
      const err = await page.textContent('[data-testid=saves-error]');
      assert(err.includes('0 von 2 gespeichert') && err.includes('2 von 2 konnten nicht gespeichert werden') && err.includes('voll'), 'honest report: ' + err);
      await shot('safety-import-full');
      await page.evaluate(() => { window.krFull = false; });
      await openSaves(page, base);
      eq((await gameKeys(page)).length, 0, 'nothing was stored, and nothing claims it was');
      await page.setInputFiles('[data-testid=import-file]', { name: 'k.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.waitForSelector('[data-testid=saves-status]');
      assert((await page.textContent('[data-testid=saves-status]')).includes('2 von 2 gespeichert'), 'with room: stored');
      eq((await gameKeys(page)).length, 2, 'both stored');
    },
  },
  {
    // Before: getItem throwing (setItem working) marked the old save as damaged, and a new
    // game could not be started.
    name: 'safety: reads that throw – the old save is "nicht lesbar" and untouched, a new game starts',
    async run({ page, base, shot }) {
      await fastSettings(page, base);
      const old = await startRomme(page, base);
      const before = await page.evaluate((id) => localStorage.getItem('kartenrunde.game.' + id), old);
      await page.addInitScript(() => {
        window.krGet = Storage.prototype.getItem;
        Storage.prototype.getItem = function () { throw new DOMException('The operation is insecure.', 'SecurityError'); };
      });
      await page.goto(base + '#/play/' + old);
      await page.reload();
      await page.waitForSelector('[data-testid=load-blocked]');
      assert((await page.textContent('[data-testid=load-blocked]')).includes('nicht lesbar'), 'said as unreadable');
      assert(!(await page.textContent('body')).includes('beschädigt'), 'not called damaged');
      await openSaves(page, base);
      await page.waitForSelector(`[data-testid=save-row][data-id="${old}"] [data-testid=blocked]`);
      assert(!(await page.$(`[data-testid=save-row][data-id="${old}"] [data-testid=delete]`)), 'nothing offered that could touch it');
      await shot('safety-read-blocked');
      const fresh = await startRomme(page, base);
      assert(fresh && fresh !== old, 'a new game was started');
      await drawAndDiscard(page);
      eq(await page.evaluate((id) => window.krGet.call(localStorage, 'kartenrunde.game.' + id), old), before, 'the old save is untouched');
      assert(await page.evaluate((id) => window.krGet.call(localStorage, 'kartenrunde.game.' + id) !== null, fresh), 'the new game is stored');
    },
  },
  {
    // Before: a 159 KB link carrying a 5.2-million-character player name was stored and
    // left no room for the next match.
    name: 'safety: a link with an oversized name is refused before anything is stored',
    async run({ page, base, shot }) {
      await fastSettings(page, base);
      const id = await startRomme(page, base);
      const link = await page.evaluate((id) => {
        const save = JSON.parse(localStorage.getItem('kartenrunde.game.' + id));
        save.meta.player_names[0] = 'x'.repeat(100000);
        const bytes = new TextEncoder().encode(JSON.stringify(save));
        let h = 0x811c9dc5;
        for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
        const all = new Uint8Array(bytes.length + 4);
        all.set(bytes);
        new DataView(all.buffer).setUint32(bytes.length, h, true);
        let bin = '';
        for (const b of all) bin += String.fromCharCode(b);
        return '1' + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      }, id);
      // A fresh device: no game on the page (its bots would save it again), only the settings.
      await page.goto(base + '#/');
      await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (!k.includes('settings')) localStorage.removeItem(k); });
      await page.reload();
      await page.waitForSelector('[data-testid=game-entry]');
      const used = await page.evaluate(() => Object.keys(localStorage).sort().join(','));
      await page.goto(base + '#/link/' + link);
      await page.waitForSelector('[data-testid=link-error]');
      const msg = await page.textContent('[data-testid=link-error]');
      assert(msg.includes('Spielername') && msg.includes('32 Zeichen'), 'says why: ' + msg);
      eq(await page.evaluate(() => Object.keys(localStorage).sort().join(',')), used, 'nothing was stored');
      await shot('safety-link-too-long');
    },
  },
];
