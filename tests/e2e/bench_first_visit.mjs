// First visit on a slow phone (issue 43): the release build served with brotli as a static
// host would, Chromium's network and CPU throttled at Lighthouse's mobile figures (150 ms
// round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU ×4). Per game, a first-time visitor taps
// "Spielen" as soon as the game list shows. Prints, from the moment the page was opened:
// the game list visible (the boot HTML), the setup page shown; then "Spiel starten" → the
// hand on the table, tapped THINK ms after the setup page showed. The same visitor then comes
// back (second visit: the offline copy and the browser's cache) and does the same.
// Usage (after trunk build --release): node tests/e2e/bench_first_visit.mjs [dist]
//   RUNS=3 visitors per game (default 3); THINK=2000 ms on the setup page (default 2000; 0:
//   "Spiel starten" at once); GAMES=romme,karussell,profisort,abluxxen.
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const dir = process.argv[2] || 'dist';
const runs = Number(process.env.RUNS) || 3;
const think = process.env.THINK === undefined ? 2000 : Number(process.env.THINK);
const games = (process.env.GAMES || 'romme,karussell,profisort,abluxxen').split(',');
const PORT = 8170;
const server = await serve(dir, PORT, '/kartenrunde/');
const base = `http://127.0.0.1:${PORT}/kartenrunde/`;
// The server compresses each file once (as a static host stores it compressed): done before
// the visits, so no visitor waits for it.
import fs from 'node:fs';
for (const f of fs.readdirSync(dir)) if (fs.statSync(`${dir}/${f}`).isFile()) await fetch(base + f, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

// One visit: the moments in ms since the navigation started.
async function visit(page, cdp, game) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const t0 = Date.now();
  // LOG=1: every request of the visit, when it started and ended (ms since the navigation).
  const log = [];
  const seen = (r, what) => log.push(`${String(Date.now() - t0).padStart(6)} ${what} ${r.url().replace(base, '') || '(the page)'} (${r.resourceType()})`);
  if (process.env.LOG) {
    page.on('request', (r) => seen(r, 'start'));
    page.on('requestfinished', (r) => seen(r, 'end  '));
  }
  await page.goto(base, { waitUntil: 'commit' });
  const tap = `#boot a[href="#/setup/${game}"], [data-testid=game-entry] a[href="#/setup/${game}"]`;
  await page.waitForSelector(tap, { timeout: 60000 });
  const list = Date.now() - t0;
  await page.click(tap);
  await page.waitForSelector('[data-testid=start]', { timeout: 60000 });
  const setup = Date.now() - t0;
  if (think) await page.waitForTimeout(think);
  const s0 = Date.now();
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=hand]', { timeout: 60000 });
  const start = Date.now() - s0;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  if (process.env.LOG) console.log(`${log.join('\n')}\n  list ${list}, setup ${setup}`);
  page.removeAllListeners('request');
  page.removeAllListeners('requestfinished');
  return { list, setup, start };
}

const rows = [];
for (const game of games) {
  for (let r = 0; r < runs; r++) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    const first = await visit(page, cdp, game);
    // Back later: the offline copy is complete once the page says so.
    await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 120000 }).catch(() => {});
    const second = await visit(page, cdp, game);
    rows.push({ game, first, second });
    console.log(`${game.padEnd(10)} first: list ${first.list} ms, setup ${first.setup} ms, start → hand ${first.start} ms | second: list ${second.list}, setup ${second.setup}, start → hand ${second.start}`);
    await ctx.close();
  }
}
await browser.close();
server.close();
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
console.log(`\nTHINK ${think} ms on the setup page; ${runs} visitors per game`);
console.log('game        first: list | setup | start→hand      second: list | setup | start→hand');
for (const game of games) {
  const g = rows.filter((r) => r.game === game);
  const f = (v, k) => range(g.map((r) => r[v][k]));
  console.log(`${game.padEnd(10)}  ${f('first', 'list')} | ${f('first', 'setup')} | ${f('first', 'start')}      ${f('second', 'list')} | ${f('second', 'setup')} | ${f('second', 'start')}`);
}
