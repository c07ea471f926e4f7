// Memory benchmark: the JS heap and the wasm memory (KB, after a forced GC) while the same
// page switches screens or plays one-deal bot matches, 60 times each.
// Usage (after trunk build --release): node tests/e2e/bench_memory.mjs
// MODES=setup,open,bots,page:settings:main,page:saves:main picks what is repeated.
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const server = await serve('dist', 8141, '/kartenrunde/');
const b = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const base = 'http://127.0.0.1:8141/kartenrunde/';
for (const mode of (process.env.MODES || 'page:settings:main,setup,open,bots').split(',')) {
  const page = await b.newPage();
  await page.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }));
  await page.goto(base);
  await page.evaluate(() => { localStorage.clear(); localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 0 })); });
  await page.reload();
  const cdp = await page.context().newCDPSession(page);
  const m = async () => { await cdp.send('HeapProfiler.collectGarbage'); const { usedSize } = await cdp.send('Runtime.getHeapUsage'); return [Math.round(usedSize/1e3), Math.round(await page.evaluate(() => window.__wasm.memory.buffer.byteLength)/1e3)]; };
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
  }
  console.log(mode, out.join('  '));
  await page.close();
}
await b.close();
server.close();
