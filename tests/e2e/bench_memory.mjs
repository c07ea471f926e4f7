// Memory benchmark: the JS heap and the wasm memory (KB, after a forced GC) while the same
// page switches screens or plays one-deal bot matches, 60 times each.
// Usage (after trunk build --release): node tests/e2e/bench_memory.mjs
// MODES=setup,open,bots,page:settings:main,page:saves:main picks what is repeated.
// MODES=deals: ONE bot-only Rommé match of DEALS (default 50) deals in one page; prints the
// figures after deal 1 and every 10 deals and the ratio last/first, and exits with 1 when
// the JS heap or the wasm memory grew by more than 20 % (issue 11's goal).
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const server = await serve('dist', 8141, '/kartenrunde/');
const b = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const base = 'http://127.0.0.1:8141/kartenrunde/';
let failed = false;
for (const mode of (process.env.MODES || 'page:settings:main,setup,open,bots').split(',')) {
  const page = await b.newPage();
  await page.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }));
  await page.goto(base);
  await page.evaluate(() => { localStorage.clear(); localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 0 })); });
  await page.reload();
  const cdp = await page.context().newCDPSession(page);
  const m = async () => { await cdp.send('HeapProfiler.collectGarbage'); const { usedSize } = await cdp.send('Runtime.getHeapUsage'); const r = [Math.round(usedSize/1e3), Math.round(await page.evaluate(() => window.__wasm.memory.buffer.byteLength)/1e3)]; if (process.env.DIAG) r.push(...await page.evaluate(() => [Math.round(window.__wasm.kr_live_bytes()/1e3), window.__wasm.kr_live_allocs()])); return r; };
  const hist = () => page.evaluate(() => Array.from({ length: 513 }, (_, i) => window.__wasm.kr_hist(i)));
  let id = null;
  if (mode === 'open') {
    await page.evaluate(() => { location.hash = '#/setup/romme'; });
    await page.waitForSelector('[data-testid=seat-row]');
    for (let i = 0; i < 3; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
    await page.click('[data-testid=house-rules] > summary');
    await page.selectOption('[data-option="ro.match_end"] select', 'deals');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=match-winner]', { timeout: 60000 });
    id = page.url().split('#/play/')[1];
  }
  const out = [];
  if (mode === 'deals') {
    const deals = Number(process.env.DEALS || 50);
    await page.evaluate(() => { location.hash = '#/setup/romme'; });
    await page.waitForSelector('[data-testid=seat-row]');
    for (let i = 0; i < 3; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
    await page.click('[data-testid=house-rules] > summary');
    await page.selectOption('[data-option="ro.match_end"] select', 'deals');
    await page.fill('[data-option="ro.match_limit"] input', String(deals));
    await page.press('[data-option="ro.match_limit"] input', 'Tab');
    await page.click('[data-testid=start]');
    let first = null, last = null;
    for (let d = 1; d <= deals; d++) {
      // The deal-end panel of deal d: its score sheet has d rows.
      await page.waitForFunction((d) => document.querySelectorAll('[data-testid=deal-end] [data-testid=sheet-row]').length === d, d, { timeout: 120000, polling: 50 });
      if (d === 1 || d % 10 === 0 || d === deals) {
        last = await m();
        if (d === 1) first = last;
        if (process.env.DIAG && d === 1) globalThis.h1 = await hist();
        if (process.env.DIAG && d === deals) { const h2 = await hist(); console.log('hist diff (size<=, count):', h2.map((x, i) => [i * 8, x - globalThis.h1[i]]).filter(([, x]) => Math.abs(x) > 20).map((p) => p.join(':')).join(' ')); }
        out.push(d + ':' + last.join('/') + (process.env.LS ? '/ls' + Math.round(await page.evaluate(() => Object.keys(localStorage).reduce((n, k) => n + localStorage.getItem(k).length, 0)) / 1e3) : ''));
      }
      if (d < deals) await page.click('[data-testid=next-deal]');
      else await page.waitForSelector('[data-testid=match-winner]');
    }
    const ratio = last.map((x, k) => x / first[k]);
    console.log(mode, out.join('  '), ' ratio JS ' + ratio[0].toFixed(2) + ' wasm ' + ratio[1].toFixed(2));
    if (ratio.some((r) => r > 1.2)) failed = true;
    await page.close();
    continue;
  }
  for (let i = 1; i <= 60; i++) {
    if (mode.startsWith('page:')) { const [, a, sel] = mode.split(':'); await page.evaluate((a) => { location.hash = '#/' + a; }, a); await page.waitForSelector(sel); await page.evaluate(() => { location.hash = '#/'; }); await page.waitForSelector('[data-testid=game-entry]'); }
    if (mode === 'setup') { await page.evaluate(() => { location.hash = '#/setup/romme'; }); await page.waitForSelector('[data-testid=seat-row]'); await page.evaluate(() => { location.hash = '#/'; }); await page.waitForSelector('[data-testid=game-entry]'); }
    if (mode === 'open') { await page.evaluate((id) => { location.hash = '#/play/' + id; }, id); await page.waitForSelector('[data-testid=match-winner]'); await page.evaluate(() => { location.hash = '#/'; }); await page.waitForSelector('[data-testid=game-entry]'); }
    if (mode === 'bots') {
      await page.evaluate(() => { location.hash = '#/setup/romme'; });
      await page.waitForSelector('[data-testid=seat-row]');
      for (let i = 0; i < 3; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
      await page.click('[data-testid=house-rules] > summary');
      await page.selectOption('[data-option="ro.match_end"] select', 'deals');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=match-winner]', { timeout: 60000 });
    }
    if (i === 1 || i % 20 === 0) out.push(i + ':' + (await m()).join('/'));
    if (process.env.DIAG && i === 1) globalThis.h1 = await hist();
    if (process.env.DIAG && i === 60) { const h2 = await hist(); console.log('hist diff (size<=, count):', h2.map((x, i) => [i * 8, x - globalThis.h1[i]]).filter(([, x]) => Math.abs(x) > 20).map((p) => p.join(':')).join(' ')); }
  }
  console.log(mode, out.join('  '));
  await page.close();
}
await b.close();
server.close();
process.exit(failed ? 1 : 0);
