// Screenshots of the storage screens of issue 23 at 360×640, 390×844 and 1366×768: the
// notices (not saved yet, saved again, reads blocked), a game another tab played on, a
// save that cannot be read, the saves list with more than 100 saves, a refused link and
// the settings page with the storage state.
// Usage (after trunk build --release): node tests/e2e/shots_storage.mjs [dist] [out folder]
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { serve } from './serve.mjs';
import { GAMES } from './games.mjs';

const dir = process.argv[2] || 'dist';
const out = process.argv[3] || 'tests/e2e/out';
fs.mkdirSync(out, { recursive: true });
const server = await serve(dir, 8190, '/kartenrunde/');
const base = 'http://127.0.0.1:8190/kartenrunde/';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const SIZES = [[360, 640], [390, 844], [1366, 768]];
const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });

async function fresh(init) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => { console.log('page error: ' + e); process.exitCode = 1; });
  if (init) await page.addInitScript(init);
  await page.goto(base);
  await page.evaluate(([s, games]) => { localStorage.clear(); localStorage.setItem('kartenrunde.settings.v1', s); localStorage.setItem('kartenrunde.coach.v1', JSON.stringify(games)); }, [FAST, GAMES]);
  await page.reload();
  await page.waitForSelector('[data-testid=game-entry]');
  return { ctx, page };
}
async function start(page) {
  await page.goto(base + '#/setup/romme');
  await page.waitForSelector('[data-testid=start]');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=romme-board]');
  return page.url().split('#/play/')[1];
}
async function shots(page, name, sel) {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    if (sel) await page.evaluate((s) => document.querySelector(s).scrollIntoView({ block: 'end' }), sel);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (overflow) { console.log(`OVERFLOW ${name} at ${w}`); process.exitCode = 1; }
    await page.screenshot({ path: `${out}/${name}-${w}.png` });
  }
}

// Not saved yet (a full storage), then saved again.
{
  const { ctx, page } = await fresh(() => {
    const set = Storage.prototype.setItem;
    window.krFull = false;
    Storage.prototype.setItem = function (k, v) { if (window.krFull) throw new DOMException('full', 'QuotaExceededError'); return set.call(this, k, v); };
  });
  await page.evaluate(() => { window.krFull = true; });
  await start(page);
  await page.waitForSelector('[data-testid=storage-notice]');
  await shots(page, 'st-pending');
  await page.evaluate(() => { window.krFull = false; });
  await page.waitForFunction(() => document.querySelector('[data-testid=storage-notice]')?.textContent.includes('Wieder'), null, { timeout: 15000 });
  await shots(page, 'st-saved-again');
  await ctx.close();
}
// Another tab played on.
{
  const { ctx, page } = await fresh();
  const id = await start(page);
  const b = await ctx.newPage();
  await b.goto(base + '#/play/' + id);
  await b.waitForSelector('[data-testid=romme-board]');
  await page.bringToFront();
  await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]')?.dataset.mine === 'true');
  await page.click('[data-testid=talon]');
  await b.waitForSelector('[data-testid=tab-notice]');
  await shots(b, 'st-tab-newer');
  await ctx.close();
}
// Reads blocked: the notice, the saves list and the game.
{
  const { ctx, page } = await fresh();
  const id = await start(page);
  await page.addInitScript(() => { Storage.prototype.getItem = function () { throw new DOMException('no', 'SecurityError'); }; });
  await page.goto(base + '#/saves');
  await page.reload();
  await page.waitForSelector('[data-testid=blocked]');
  await shots(page, 'st-saves-blocked');
  await page.goto(base + '#/play/' + id);
  await page.waitForSelector('[data-testid=load-blocked]');
  await shots(page, 'st-play-blocked');
  await ctx.close();
}
// The saves list with 130 saves; a link that is refused; the settings page.
{
  const { ctx, page } = await fresh();
  const id = await start(page);
  await page.evaluate((id) => {
    const save = localStorage.getItem('kartenrunde.game.' + id);
    // The same save under 130 ids (its title is part of its digest).
    for (let i = 0; i < 130; i++) localStorage.setItem('kartenrunde.game.many' + i, save);
  }, id);
  await page.goto(base + '#/saves');
  await page.reload();
  await page.waitForSelector('[data-testid=more-saves]');
  await shots(page, 'st-saves-more', '[data-testid=more-saves]');
  await page.goto(base + '#/link/1AAAA');
  await page.waitForSelector('[data-testid=link-error]');
  await shots(page, 'st-link-error');
  await page.goto(base + '#/settings');
  await page.waitForSelector('[data-testid=persist-state]');
  await page.waitForFunction(() => document.querySelector('[data-testid=persist-state]').textContent.length > 0);
  await shots(page, 'st-settings', '[data-testid=persist-state]');
  await ctx.close();
}
await browser.close();
server.close();
console.log('shots in ' + out);
