// Import benchmark (issue 23): imports an export file of N saved games (default 3,000, made
// from one real Rommé save with other ids and titles) and opens the saves list, in headless
// Chromium. Prints the time until the import reports, the longest task and the number of
// tasks over 50 ms during the import and during the list's checking, and how many games were
// stored. Usage (after trunk build --release): node tests/e2e/bench_import.mjs [dist]
//   N=3000 games.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './serve.mjs';

const dir = process.argv[2] || 'dist';
const N = Number(process.env.N) || 3000;
const server = await serve(dir, 8170, '/kartenrunde/');
const base = 'http://127.0.0.1:8170/kartenrunde/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
const page = await ctx.newPage();
await page.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__long.push(Math.round(e.duration)); (window.__at = window.__at || []).push([Math.round(e.startTime), Math.round(e.duration)]); } })
    .observe({ type: 'longtask', buffered: true });
});
await page.goto(base);
await page.evaluate(() => localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 })));
await page.goto(base + '#/setup/romme');
await page.reload();
await page.waitForSelector('[data-testid=start]');
await page.click('[data-testid=start]');
await page.waitForSelector('[data-testid=romme-board]');
const id = page.url().split('#/play/')[1];
const save = await page.evaluate((id) => localStorage.getItem('kartenrunde.game.' + id), id);
const games = [];
for (let i = 0; i < N; i++) {
  const s = JSON.parse(save);
  s.meta.title = `Import ${i}`;
  games.push({ id: `imp${i}`, entry: null, save: JSON.stringify(s) });
}
const text = JSON.stringify({ format: 'kartenrunde-saves', version: 1, exported_ms: 1, games });
const file = path.join(os.tmpdir(), `kr-bench-import-${N}.json`);
fs.writeFileSync(file, text);
await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (!k.includes('settings')) localStorage.removeItem(k); });
await page.goto(base + '#/saves');
await page.reload();
await page.waitForSelector('.saves');
await page.evaluate(() => { window.__long = []; window.__at = []; window.__t0 = performance.now();
  new MutationObserver(() => { const s = document.querySelector('[data-testid=saves-status], [data-testid=saves-error]'); (window.__st = window.__st || []).push([Math.round(performance.now() - window.__t0), s ? s.textContent.slice(0, 30) : '']); }).observe(document.body, { subtree: true, childList: true, characterData: true });
});
const t0 = Date.now();
// From a file on disk: Chromium reads it itself (a buffer would be decoded by page-side
// script of the test tool, a long task that is not the app's).
await page.setInputFiles('[data-testid=import-file]', file);
await page.waitForFunction(() => {
  const s = document.querySelector('[data-testid=saves-status], [data-testid=saves-error]');
  return s && !s.textContent.includes('läuft');
}, null, { timeout: 600000 });
const importMs = Date.now() - t0;
const report = await page.textContent('[data-testid=saves-status], [data-testid=saves-error]');
const during = await page.evaluate(() => window.__long.splice(0));
if (process.env.TRACE) console.log(JSON.stringify(await page.evaluate(() => ({ at: window.__at.filter((a) => a[1] > 50).map(([s, d]) => [Math.round(s - window.__t0), d]), st: window.__st.slice(0, 5).concat(window.__st.slice(-3)) }))));
const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kartenrunde.game.')).length);
// The list checks every save (in slices) after the import.
await page.waitForTimeout(2000);
await page.goto(base + '#/');
await page.evaluate(() => { window.__long = []; });
const t1 = Date.now();
await page.goto(base + '#/saves');
await page.waitForSelector('[data-testid=save-row]');
const listMs = Date.now() - t1;
await page.waitForTimeout(Math.min(60000, 20 * N));
const visit = await page.evaluate(() => window.__long.splice(0));
const stat = (a) => `longest ${a.length ? Math.max(...a) : 0} ms, ${a.filter((d) => d > 50).length} tasks over 50 ms`;
console.log(`games in the file: ${N} (${(text.length / 1048576).toFixed(1)} MB)`);
console.log(`import: ${importMs} ms until the report; ${stat(during)}; stored ${stored}`);
console.log(`report: ${report.trim()}`);
console.log(`saves list visit: first row after ${listMs} ms; ${stat(visit)}`);
await browser.close();
server.close();
fs.rmSync(file, { force: true });
