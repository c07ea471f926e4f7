// Start benchmark: the long tasks of a first visit after the wasm has arrived, at 4× CPU
// slowdown (as Lighthouse's mobile preset), in headless Chromium. Prints per load the long
// tasks (ms) before | after the app started, the durations of the User Timing entries
// kr-mount (the app's frame) / kr-page (its first page), and the mean blocking time after the
// start (the sum of every long task's part over 50 ms). Several dist folders are loaded in
// turns, so a loaded machine slows each alike.
// Usage (after trunk build --release): node tests/e2e/bench_start.mjs [dist ...]
//   RUNS=10 loads per folder (default 6); JSF="--no-wasm-lazy-compilation" passes V8 flags.
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['dist'];
const runs = Number(process.env.RUNS) || 6;
const servers = await Promise.all(dirs.map((d, i) => serve(d, 8160 + i, '/kartenrunde/')));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', ...(process.env.JSF ? ['--js-flags=' + process.env.JSF] : [])],
});
const res = dirs.map(() => []);
for (let run = 0; run < runs; run++) {
  for (let i = 0; i < dirs.length; i++) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__before = []; window.__after = []; window.__started = false;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) (window.__started ? window.__after : window.__before).push(Math.round(e.duration));
      }).observe({ type: 'longtask', buffered: true });
      addEventListener('TrunkApplicationStarted', () => { window.__started = true; });
    });
    await page.goto(`http://127.0.0.1:${8160 + i}/kartenrunde/`);
    await page.waitForSelector('[data-testid=game-entry]', { timeout: 60000 });
    await page.waitForTimeout(1200);
    res[i].push(await page.evaluate(() => ({
      before: window.__before, after: window.__after,
      steps: ['kr-mount', 'kr-page'].map((n) => performance.getEntriesByName(n).map((m) => Math.round(m.duration)).join(',')).join(' / '),
    })));
    await ctx.close();
  }
}
await browser.close();
for (const s of servers) s.close();
for (let i = 0; i < dirs.length; i++) {
  console.log(dirs[i]);
  for (const r of res[i]) console.log(`  long tasks ${r.before.join(' ') || '-'} | ${r.after.join(' ') || '-'}   kr-mount / kr-page ${r.steps}`);
  const bt = res[i].map((r) => r.after.reduce((a, d) => a + Math.max(0, d - 50), 0));
  console.log(`  blocking after start per load: ${bt.join(' ')}  mean ${(bt.reduce((a, b) => a + b, 0) / bt.length).toFixed(0)} ms`);
}
