// Live wasm heap of a long bot-only Rommé match, to tell data from leaks. Needs a build with
// the counting allocator: trunk build --release --features diag-alloc --dist /tmp/dist-live
// Usage: node tests/e2e/bench_live.mjs /tmp/dist-live   (DEALS=20 by default; fixed seed)
// Prints the live bytes after deal 1 and every 5 deals, which allocation sizes grew, then the
// live bytes on the home screen after the match, with the match reopened (a fresh board with
// the same record and score sheet: what the page needs) and on the home screen again. The
// match's live bytes minus the reopened match's are what the page kept of views that are
// gone: a leak.
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
import { fixSeed, startRommeBotMatch, dealEnd } from './bot_match.mjs';
import { GAMES } from './games.mjs';

const dir = process.argv[2];
if (!dir) { console.error('usage: node tests/e2e/bench_live.mjs DIST (built with --features diag-alloc)'); process.exit(2); }
const deals = Number(process.env.DEALS || 20);
const server = await serve(dir, 8171, '/kartenrunde/');
const b = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await b.newPage();
await page.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }));
// A fixed seed: the same match every time.
await fixSeed(page);
await page.goto('http://127.0.0.1:8171/kartenrunde/');
await page.evaluate((games) => {
  localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 0 }));
  localStorage.setItem('kartenrunde.coach.v1', JSON.stringify(games));
}, GAMES);
await page.reload();
await page.waitForSelector('[data-testid=game-entry]');
if (!(await page.evaluate(() => typeof window.__wasm.kr_live_bytes === 'function'))) {
  console.error(dir + ' has no counting allocator: build it with --features diag-alloc');
  process.exit(2);
}
const snap = () => page.evaluate(() => {
  const e = window.__wasm;
  const h = [];
  for (let i = 0; i <= 512; i++) h.push(e.kr_hist(i));
  return { live: e.kr_live_bytes(), peak: e.kr_peak_bytes(), big: e.kr_big_allocs(), mem: e.memory.buffer.byteLength, h };
});
const kb = (x) => Math.round(x / 1024);
await startRommeBotMatch(page, deals);
let first = null, last = null;
const line = [];
for (let d = 1; d <= deals; d++) {
  await dealEnd(page, d);
  if (d === 1 || d % 5 === 0 || d === deals) {
    last = await snap();
    if (d === 1) first = last;
    line.push(`${d}:${kb(last.live)} (peak ${kb(last.peak)}, ${last.big} big, mem ${kb(last.mem)})`);
  }
  if (d < deals) await page.click('[data-testid=next-deal]');
}
console.log(`live KB after deal  ${line.join('  ')}   (wasm memory ${kb(first.mem)} -> ${kb(last.mem)} KB)`);
const grew = last.h.map((v, i) => [i * 8, v - first.h[i]]).filter(([, dv]) => dv > 0).sort((x, y) => y[0] * y[1] - x[0] * x[1]).slice(0, 10);
console.log('grew most (size: count): ' + grew.map(([sz, dv]) => `${sz} B: +${dv}`).join(', '));
const id = page.url().split('#/play/')[1];
const go = async (hash, sel) => { await page.evaluate((h) => { location.hash = h; }, hash); await page.waitForSelector(sel); await page.waitForTimeout(300); return (await snap()).live; };
const home = await go('#/', '[data-testid=game-entry]');
const reopened = await go('#/play/' + id, '[data-testid=romme-board]');
const home2 = await go('#/', '[data-testid=game-entry]');
console.log(`live KB: home after the match ${kb(home)}, the match reopened ${kb(reopened)}, home again ${kb(home2)}`);
console.log(`kept of views that are gone: ${kb(last.live - reopened)} KB over ${deals} deals (${((last.live - reopened) / 1024 / deals).toFixed(1)} KB per deal)`);
await b.close();
server.close();
