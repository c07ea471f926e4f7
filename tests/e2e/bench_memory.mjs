// Memory benchmark: the JS heap and the wasm memory (KB, after a forced GC) while the same
// page switches screens or plays one-deal bot matches, 60 times each.
// Usage (after trunk build --release): node tests/e2e/bench_memory.mjs
// MODES=setup,open,bots,page:settings:main,page:saves:main picks what is repeated.
// MODES=deals: ONE bot-only Rommé match of DEALS (default 50) deals in one page (a fixed
// seed, so always the same match); prints the figures after deal 1 and every 10 deals and
// the ratio last/first, and exits with 1 when the JS heap or the wasm memory grew by more
// than 20 % (issue 11's goal). Not in the default MODES.
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
import { fixSeed, startRommeBotMatch, dealEnd } from './bot_match.mjs';
const server = await serve(process.env.DIST || 'dist', 8141, '/kartenrunde/');
const b = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const base = 'http://127.0.0.1:8141/kartenrunde/';
// Waits for an element and lets go of its handle: Playwright keeps every returned element
// handle alive (a "DevTools console" global handle in a heap snapshot), and so the pages
// left, which earlier figures counted as a leak of 4–9 KB per screen change.
const ws = async (page, sel, opts) => (await page.waitForSelector(sel, opts)).dispose();
let failed = false;
for (const mode of (process.env.MODES || 'page:settings:main,setup,open,bots').split(',')) {
  const page = await b.newPage();
  // The same match every time: the game seed comes from crypto.getRandomValues.
  if (mode === 'deals') await fixSeed(page);
  await page.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }));
  await page.goto(base);
  await page.evaluate(() => { localStorage.clear(); localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 0 })); });
  await page.reload();
  const cdp = await page.context().newCDPSession(page);
  const m = async () => { await cdp.send('HeapProfiler.collectGarbage'); const { usedSize } = await cdp.send('Runtime.getHeapUsage'); return [Math.round(usedSize/1e3), Math.round(await page.evaluate(() => window.__wasm.memory.buffer.byteLength)/1e3)]; };
  let id = null;
  if (mode === 'open') {
    await startRommeBotMatch(page);
    await ws(page, '[data-testid=match-winner]', { timeout: 60000 });
    id = page.url().split('#/play/')[1];
  }
  const out = [];
  if (mode === 'deals') {
    const deals = Number(process.env.DEALS || 50);
    await startRommeBotMatch(page, deals);
    let first = null, last = null;
    for (let d = 1; d <= deals; d++) {
      await dealEnd(page, d);
      if (d === 1 || d % 10 === 0 || d === deals) {
        last = await m();
        if (d === 1) first = last;
        // The save's JSON (the record grows with every action: data, not a leak).
        const save = await page.evaluate(() => Math.max(...Object.keys(localStorage).filter((k) => k.includes('game')).map((k) => localStorage.getItem(k).length)));
        out.push(d + ':' + last.join('/') + ` (save ${Math.round(save / 1e3)})`);
      }
      if (d < deals) await page.click('[data-testid=next-deal]');
      else await ws(page, '[data-testid=match-winner]');
    }
    const ratio = last.map((x, k) => x / first[k]);
    console.log(mode, out.join('  '), ' ratio JS ' + ratio[0].toFixed(2) + ' wasm ' + ratio[1].toFixed(2));
    if (ratio.some((r) => r > 1.2)) failed = true;
    await page.close();
    continue;
  }
  for (let i = 1; i <= 60; i++) {
    if (mode.startsWith('page:')) { const [, a, sel] = mode.split(':'); await page.evaluate((a) => { location.hash = '#/' + a; }, a); await ws(page, sel); await page.evaluate(() => { location.hash = '#/'; }); await ws(page, '[data-testid=game-entry]'); }
    if (mode === 'setup') { await page.evaluate(() => { location.hash = '#/setup/romme'; }); await ws(page, '[data-testid=seat-row]'); await page.evaluate(() => { location.hash = '#/'; }); await ws(page, '[data-testid=game-entry]'); }
    if (mode === 'open') { await page.evaluate((id) => { location.hash = '#/play/' + id; }, id); await ws(page, '[data-testid=match-winner]'); await page.evaluate(() => { location.hash = '#/'; }); await ws(page, '[data-testid=game-entry]'); }
    if (mode === 'bots') {
      await startRommeBotMatch(page);
      await ws(page, '[data-testid=match-winner]', { timeout: 60000 });
    }
    if (i === 1 || i % 20 === 0) out.push(i + ':' + (await m()).join('/'));
  }
  console.log(mode, out.join('  '));
  await page.close();
}
await b.close();
server.close();
process.exit(failed ? 1 : 0);
