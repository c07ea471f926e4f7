// Screenshots of the main screens at phone and desktop sizes, for a person to look at.
// Usage (after `trunk build --release`): node tests/e2e/shots.mjs [outdir]
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './serve.mjs';

const OUT = path.resolve(process.argv[2] || 'tests/e2e/out/shots');
fs.mkdirSync(OUT, { recursive: true });
const PORT = 8124;
const BASE = `http://127.0.0.1:${PORT}/kartenrunde/`;
const server = await serve('dist', PORT, '/kartenrunde/');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const sizes = [[360, 640], [390, 844], [1366, 768]];
// [name, route, what shows once the screen's part of the wasm has arrived]
const screens = [
  ['home', '#/', '[data-testid=game-entry]'],
  ['setup-romme-anlegen', '#/setup/romme_anlegen', '[data-testid=start]'],
  ['setup-kaufen', '#/setup/romme_kaufen', '[data-testid=start]'],
  ['saves', '#/saves', '.saves'],
  ['settings', '#/settings', '.settings'],
  ['setup-karussell', '#/setup/karussell', '[data-testid=start]'],
  ['setup-profisort', '#/setup/profisort', '[data-testid=start]'],
  ['rules-romme-raeuber', '#/rules/romme_raeuber', '[data-testid=rules-page]'],
  ['rules-abluxxen', '#/rules/abluxxen', '[data-testid=rules-page]'],
];
// A stored Karussell game (one of the engine's fixtures) for the screens of a stored game.
const KARUSSELL_SAVE = fs.readFileSync(new URL('../../crates/engine/tests/fixtures/karussell.wave2.save.json', import.meta.url), 'utf8');
for (const [w, h] of sizes) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  for (const [name, hash, ready] of screens) {
    await page.goto(BASE + hash);
    await page.waitForSelector(ready, { timeout: 15000 });
    await page.waitForTimeout(300);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.screenshot({ path: path.join(OUT, `${name}-${w}.png`), fullPage: false });
    console.log(`${name} ${w}x${h}: page width ${width}`);
  }
  // A Kaufen game: start and look at the table.
  await page.goto(BASE + '#/setup/romme_kaufen');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=hand], .hand', { timeout: 15000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(OUT, `kaufen-table-${w}.png`) });
  // A Karussell game: the human's first melding moment with the hint taken over.
  await page.goto(BASE + '#/setup/karussell');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=karussell-board]');
  for (let i = 0; i < 200 && (await page.$eval('[data-testid=karussell-board]', (e) => e.dataset.mine)) !== 'true'; i++) await page.waitForTimeout(50);
  if ((await page.$eval('[data-testid=karussell-board]', (e) => e.dataset.phase)) === 'draw') await page.click('[data-testid=stock]');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `karussell-turn-${w}.png`) });
  if (await page.$('[data-testid=hint]:not([disabled])')) {
    await page.click('[data-testid=hint]');
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(OUT, `karussell-hint-${w}.png`) });
  }
  const kw = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(`karussell ${w}x${h}: page width ${kw}`);
  // Profi-Sort: the task position (a task and an ace in hand), cards picked, the sheet open.
  {
    const fix = JSON.parse(fs.readFileSync(new URL('./fixtures/profisort.json', import.meta.url)));
    await page.goto(BASE + '#/link/' + fix.task.link);
    await page.waitForSelector('[data-testid=profisort-board]');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `profisort-turn-${w}.png`) });
    for (const id of fix.task.cards.slice(0, -1)) await page.click(`[data-testid=hand-card][data-card="${id}"]`);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(OUT, `profisort-picked-${w}.png`), fullPage: false });
    if (!(await page.$('[data-testid=sheet][data-seat="0"]'))) await page.click('[data-testid=sheet-tab][data-seat="0"]');
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(OUT, `profisort-sheet-${w}.png`), fullPage: false });
    const pw = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`profisort ${w}x${h}: page width ${pw}`);
  }
  // Abluxxen and its Profiduell: the table right after the start.
  for (const id of ['abluxxen', 'profiduell']) {
    await page.goto(BASE + '#/setup/' + id);
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=ab-board]');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: path.join(OUT, `${id}-table-${w}.png`) });
  }
  // The saved games, with the games started above (and the Profi-Sort one from a link).
  await page.goto(BASE + '#/saves');
  await page.waitForSelector('[data-testid=save-row]', { timeout: 15000 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(OUT, `saves-with-games-${w}.png`) });
  await ctx.close();
  // The lazily loaded parts cannot be fetched (offline before they were ever cached): the
  // table's explanation, and the bots' in the error line.
  {
    const off = await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' });
    await off.route(/split_(karussell_table|abluxxen_bots)-[0-9a-f]+\.wasm$/, (r) => r.abort('internetdisconnected'));
    const p = await off.newPage();
    await p.goto(BASE + '#/setup/karussell');
    await p.waitForSelector('[data-testid=setup-unreachable]', { timeout: 15000 });
    await p.screenshot({ path: path.join(OUT, `setup-unreachable-${w}.png`) });
    await p.evaluate((json) => localStorage.setItem('kartenrunde.game.stored-k', json), KARUSSELL_SAVE);
    await p.goto(BASE + '#/play/stored-k');
    await p.waitForSelector('[data-testid=table-unreachable]', { timeout: 15000 });
    await p.screenshot({ path: path.join(OUT, `table-unreachable-${w}.png`) });
    await p.goto(BASE + '#/setup/abluxxen');
    await p.waitForSelector('[data-testid=seat-row]');
    const rows = (await p.$$('[data-testid=seat-row]')).length;
    for (let i = 0; i < rows; i++) await p.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
    await p.click('[data-testid=start]');
    await p.waitForFunction(() => /Bots/.test(document.querySelector('[data-testid=error]')?.textContent || ''), null, { timeout: 15000 });
    await p.screenshot({ path: path.join(OUT, `bots-unreachable-${w}.png`) });
    await off.close();
  }
}
await browser.close();
server.close();
