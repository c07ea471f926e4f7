// Storage that never loses anything: blocked localStorage, export/import, share links opened
// twice, a corrupt index, damaged saves, and deleting only after a confirmation.
import fs from 'node:fs';
import { assert, eq } from './assert.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });

export async function fastSettings(page, base) {
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.goto(base + '#/');
  await page.reload();
}

async function board(page) {
  const b = await page.$('[data-testid=romme-board]');
  if (!b) return { phase: 'hidden', mine: false };
  return b.evaluate((e) => ({ phase: e.dataset.phase, mine: e.dataset.mine === 'true' }));
}

// Waits until it is my draw (passing on a buy offer), within `timeout` ms.
export async function untilMyDraw(page, timeout = 60000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    await page.waitForFunction(() => {
      const b = document.querySelector('[data-testid=romme-board]');
      return b && b.dataset.mine === 'true';
    }, null, { timeout: end - Date.now() });
    const b = await board(page);
    if (b.phase === 'draw') return;
    if (b.phase === 'claim') { await page.click('[data-testid=pass-buy]'); continue; }
    throw new Error('unexpected phase on my turn: ' + b.phase);
  }
  throw new Error('never got my draw');
}

// Draws from the stock and discards one card (asking twice if the board warns).
export async function drawAndDiscard(page) {
  await untilMyDraw(page);
  const before = await page.$$eval('[data-testid=hand-card]', (e) => e.length);
  await page.click('[data-testid=talon]');
  await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'play');
  eq(await page.$$eval('[data-testid=hand-card]', (e) => e.length), before + 1, 'drew one card');
  const card = await page.getAttribute('[data-testid=hand-card] >> nth=0', 'data-card');
  await page.click(`[data-testid=hand-card][data-card="${card}"]`);
  await page.click('[data-testid=discard]');
  if (await page.$('[data-testid=discard-warning]')) { await page.waitForTimeout(450); await page.click('[data-testid=discard]'); }
  await page.waitForFunction((c) => !document.querySelector(`[data-testid=hand-card][data-card="${c}"]`), card);
  eq(await page.$$eval('[data-testid=hand-card]', (e) => e.length), before, 'discarded one card');
}

// Starts a Rommé match of bots only, ended after its deals (one by default).
export async function botsOnlyOneDeal(page, base) {
  await page.goto(base + '#/setup/romme');
  await page.waitForSelector('[data-testid=seat-row]');
  const seats = await page.$$('[data-testid=seat-row]');
  for (let i = 0; i < seats.length; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
  await page.click('[data-testid=house-rules] > summary');
  await page.selectOption('[data-option="ro.match_end"] select', 'deals');
  await page.click('[data-testid=start]');
}

export async function startRomme(page, base) {
  await page.goto(base + '#/setup/romme');
  await page.waitForSelector('[data-testid=start]');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=romme-board]');
  return page.url().split('#/play/')[1];
}

export async function openSaves(page, base) {
  await page.goto(base + '#/saves');
  await page.reload();
  await page.waitForSelector('.saves');
}

export const gameKeys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kartenrunde.game.')).sort());
const rowIds = (page) => page.$$eval('[data-testid=save-row]', (e) => e.map((r) => r.dataset.id).sort());

export default [
  {
    name: 'storage: localStorage throwing on every call – the game plays in memory, with a notice',
    async run({ page, base, shot }) {
      await page.addInitScript(() => {
        const boom = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
        for (const m of ['getItem', 'setItem', 'removeItem', 'key', 'clear']) Storage.prototype[m] = boom;
        Object.defineProperty(Storage.prototype, 'length', { get: boom, configurable: true });
        Object.defineProperty(window, 'localStorage', { get: boom, configurable: true });
      });
      await page.reload();
      eq(await page.evaluate(() => { try { window.localStorage; return 'no'; } catch (e) { return e.name; } }), 'SecurityError', 'localStorage throws');
      await page.waitForSelector('[data-testid=game-entry]');
      await page.waitForSelector('[data-testid=storage-notice]');
      const notice = await page.textContent('[data-testid=storage-notice]');
      assert(notice.includes('Speichern nicht möglich') && notice.includes('verloren'), 'German notice: ' + notice);
      const id = await startRomme(page, base);
      assert(id, 'a game was started: ' + page.url());
      await drawAndDiscard(page);
      assert(await page.isVisible('[data-testid=storage-notice]'), 'the notice stays visible while playing');
      assert(!(await page.$('[data-testid=save-error]')), 'no save error under the board');
      await shot('storage-blocked-board');
      // The game is kept in memory: the list shows it and it opens again.
      await page.click('[data-testid=nav-saves]');
      await page.waitForSelector('[data-testid=save-row]');
      eq((await rowIds(page)).join(','), id, 'the game is listed (in memory)');
      await page.click('[data-testid=open]');
      await page.waitForSelector('[data-testid=romme-board]');
      // Settings work in memory too, and the notice follows the language.
      await page.click('[data-testid=nav-settings]');
      await page.click('text=English');
      await page.waitForFunction(() => document.querySelector('[data-testid=storage-notice]').textContent.includes('Saving is not possible'));
      await page.click('[data-testid=nav-saves]');
      await page.waitForSelector('[data-testid=save-row]');
      await page.setViewportSize({ width: 360, height: 640 });
      await shot('storage-blocked-360');
    },
  },
  {
    name: 'storage: export, clear, import – saves and score sheets come back; a damaged file changes nothing',
    async run({ page, base, shot }) {
      await fastSettings(page, base);
      // A finished match (bots only, one deal) with its score sheet …
      await botsOnlyOneDeal(page, base);
      await page.waitForSelector('[data-testid=match-winner]', { timeout: 90000 });
      const finishedId = page.url().split('#/play/')[1];
      const sheet = await page.$$eval('[data-testid=deal-end] [data-testid=sheet-row]', (e) => e.map((r) => r.textContent));
      const winner = await page.textContent('[data-testid=match-winner]');
      assert(sheet.length >= 1, 'the finished match has a score sheet');
      // … and a running game.
      const runningId = await startRomme(page, base);
      await openSaves(page, base);
      eq((await rowIds(page)).join(','), [finishedId, runningId].sort().join(','), 'two saves listed');
      const saved = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('kartenrunde.game.')).map((k) => [k, localStorage.getItem(k)])));

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
      assert(/^kartenrunde-\d{4}-\d{2}-\d{2}\.json$/.test(download.suggestedFilename()), 'file name: ' + download.suggestedFilename());
      const text = fs.readFileSync(await download.path(), 'utf8');
      const bundle = JSON.parse(text);
      eq(bundle.format, 'kartenrunde-saves', 'format tag');
      eq(bundle.version, 1, 'format version');
      eq(bundle.games.length, 2, 'both games exported');
      for (const g of bundle.games) eq(g.save, saved['kartenrunde.game.' + g.id], `raw save of ${g.id}`);
      await page.waitForSelector('[data-testid=saves-status]');

      // Clear everything but the settings.
      await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (!k.includes('settings')) localStorage.removeItem(k); });
      await openSaves(page, base);
      await page.waitForSelector('[data-testid=no-saves]');

      // A damaged file: a clear message, nothing changes.
      await page.setInputFiles('[data-testid=import-file]', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(text.slice(0, text.length / 2)) });
      await page.waitForSelector('[data-testid=saves-error]');
      const err = await page.textContent('[data-testid=saves-error]');
      assert(err.includes('beschädigt oder unvollständig') && err.includes('nichts verändert'), 'damaged file message: ' + err);
      eq((await gameKeys(page)).length, 0, 'nothing imported from a damaged file');
      await page.setInputFiles('[data-testid=import-file]', { name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
      await page.waitForFunction(() => document.querySelector('[data-testid=saves-error]').textContent.includes('keine Kartenrunde-Sicherung'));
      eq((await gameKeys(page)).length, 0, 'nothing imported from a foreign file');

      await page.setInputFiles('[data-testid=import-file]', { name: 'k.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.waitForSelector('[data-testid=saves-status]');
      assert((await page.textContent('[data-testid=saves-status]')).includes('2 neu'), 'import report: ' + await page.textContent('[data-testid=saves-status]'));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=save-row]').length === 2);
      eq((await rowIds(page)).join(','), [finishedId, runningId].sort().join(','), 'both saves are back');
      for (const [k, v] of Object.entries(saved)) eq(await page.evaluate((k) => localStorage.getItem(k), k), v, `${k} restored exactly`);
      await shot('storage-imported');

      // Importing the same file again adds no duplicates.
      await page.setInputFiles('[data-testid=import-file]', { name: 'k.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.waitForFunction(() => document.querySelector('[data-testid=saves-status]').textContent.includes('2 schon vorhanden'));
      eq((await gameKeys(page)).length, 2, 'no duplicates after a second import');

      // The score sheet of the finished match is back.
      await page.click(`[data-testid=save-row][data-id="${finishedId}"] [data-testid=open]`);
      await page.waitForSelector('[data-testid=match-winner]');
      eq(await page.textContent('[data-testid=match-winner]'), winner, 'same winner');
      eq((await page.$$eval('[data-testid=deal-end] [data-testid=sheet-row]', (e) => e.map((r) => r.textContent))).join('|'), sheet.join('|'), 'same score sheet');
    },
  },
  {
    name: 'storage: a link opened twice gives one saved game, and Back leaves the link route',
    async run({ page, base, shot }) {
      await fastSettings(page, base);
      await startRomme(page, base);
      await untilMyDraw(page);
      await page.click('[data-testid=share]');
      const url = await page.inputValue('[data-testid=share-url]');
      const warning = await page.textContent('[data-testid=share-warning]');
      assert(warning.includes('ganze Spiel') && warning.includes('Karten der anderen'), 'the share dialog warns: ' + warning);
      await shot('storage-share');
      // A fresh device: only the settings.
      await page.goto(base + '#/');
      await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (!k.includes('settings')) localStorage.removeItem(k); });
      await page.reload();
      await page.waitForSelector('[data-testid=game-entry]');

      await page.goto(url);
      await page.waitForSelector('[data-testid=romme-board]');
      const first = page.url();
      assert(first.includes('#/play/') && !first.includes('#/link/'), 'opened as a saved game: ' + first);
      eq((await gameKeys(page)).length, 1, 'one saved game');
      await page.goBack();
      await page.waitForSelector('[data-testid=game-entry]');
      assert(!page.url().includes('#/link/') && !page.url().includes('#/play/'), 'Back leaves the link route: ' + page.url());
      eq((await gameKeys(page)).length, 1, 'Back did not import again');

      await page.goto(url);
      await page.waitForSelector('[data-testid=romme-board]');
      eq(page.url(), first, 'the second opening opens the same save');
      eq((await gameKeys(page)).length, 1, 'still one saved game');
      await openSaves(page, base);
      eq((await page.$$('[data-testid=save-row]')).length, 1, 'one row in the list');
    },
  },
  {
    name: 'storage: a corrupt index is rebuilt; damaged saves are marked and can only be deleted',
    async run({ page, base, shot }) {
      await fastSettings(page, base);
      const id = await startRomme(page, base);
      await openSaves(page, base);
      await page.waitForSelector('[data-testid=save-row]');
      const title = await page.textContent('[data-testid=save-row] strong');
      await page.evaluate((id) => {
        localStorage.setItem('kartenrunde.game.copy1', localStorage.getItem('kartenrunde.game.' + id));
        localStorage.setItem('kartenrunde.game.bad2', '{"version": 1, "game": "romme", "record": 17');
        localStorage.setItem('kartenrunde.saves.v1', '{ this is not an index');
      }, id);
      await openSaves(page, base);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=save-row]').length === 3);
      eq((await rowIds(page)).join(','), ['bad2', 'copy1', id].sort().join(','), 'rebuilt from the stored games');
      eq(await page.textContent(`[data-testid=save-row][data-id="${id}"] strong`), title, 'title from the save');
      const index = await page.evaluate(() => JSON.parse(localStorage.getItem('kartenrunde.saves.v1')));
      eq(index.map((e) => e.id).sort().join(','), ['bad2', 'copy1', id].sort().join(','), 'the repaired index was written back');

      // A stale entry is dropped, a missing game re-added.
      await page.evaluate((id) => {
        const idx = JSON.parse(localStorage.getItem('kartenrunde.saves.v1')).filter((e) => e.id !== 'copy1');
        idx.push({ id: 'ghost', variant: 'romme', title: 'Weg', players: [], updated_ms: 1, finished: false });
        localStorage.setItem('kartenrunde.saves.v1', JSON.stringify(idx));
      }, id);
      await openSaves(page, base);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=save-row]').length === 3);
      eq((await rowIds(page)).join(','), ['bad2', 'copy1', id].sort().join(','), 'ghost dropped, copy1 re-added');

      // The damaged save: a badge with the reason, only "Löschen".
      const bad = '[data-testid=save-row][data-id="bad2"]';
      // The saves are checked in slices after the list shows (thousands never block the page).
      await page.waitForSelector(`${bad}[data-damaged=true]`);
      eq((await page.textContent(`${bad} [data-testid=damaged]`)).trim(), 'beschädigt', 'badge text');
      assert((await page.getAttribute(`${bad} [data-testid=damaged]`, 'title')).includes('beschädigt'), 'reason on hover');
      assert(!(await page.$(`${bad} [data-testid=open]`)), 'no resume for a damaged save');
      assert(!(await page.textContent(bad)).includes('läuft'), 'not "läuft"');
      await page.click(`${bad} [data-testid=damaged]`);
      await page.waitForSelector(`${bad} [data-testid=damaged-reason]`);
      eq(await page.getAttribute(`[data-testid=save-row][data-id="${id}"]`, 'data-damaged'), 'false', 'the good save is fine');
      await shot('storage-damaged');
      for (const [w, h] of [[360, 640], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert(!overflow, `no horizontal overflow at ${w}px`);
        await shot(`storage-saves-${w}`);
      }
      await page.setViewportSize({ width: 1366, height: 768 });
    },
  },
  {
    name: 'storage: deleting asks for a confirmation first',
    async run({ page, base, shot }) {
      await fastSettings(page, base);
      const id = await startRomme(page, base);
      await openSaves(page, base);
      const row = `[data-testid=save-row][data-id="${id}"]`;
      await page.click(`${row} [data-testid=delete]`);
      await page.waitForSelector('[data-testid=confirm-delete]');
      const q = await page.textContent('[data-testid=confirm-delete]');
      assert(q.includes('endgültig gelöscht') && q.includes('Abbrechen'), 'German question: ' + q);
      eq((await gameKeys(page)).length, 1, 'nothing deleted while asking');
      await shot('storage-confirm');
      await page.setViewportSize({ width: 360, height: 640 });
      await shot('storage-confirm-360');
      await page.setViewportSize({ width: 1366, height: 768 });
      eq(await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid), 'confirm-delete-no', 'focus on cancel');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=confirm-delete]', { state: 'detached' });
      eq((await gameKeys(page)).length, 1, 'Escape keeps the save');
      await page.click(`${row} [data-testid=delete]`);
      await page.click('[data-testid=confirm-delete-no]');
      await page.waitForSelector('[data-testid=confirm-delete]', { state: 'detached' });
      assert(await page.$(row), 'cancel keeps the save');
      eq((await gameKeys(page)).length, 1, 'cancel keeps the save in storage');
      await page.click(`${row} [data-testid=delete]`);
      await page.click('[data-testid=confirm-delete-yes]');
      await page.waitForSelector(row, { state: 'detached' });
      eq((await gameKeys(page)).length, 0, 'deleted after confirming');
      await page.waitForSelector('[data-testid=no-saves]');
    },
  },
];
