// The Karussell solver in the browser versus native, on the same seeded positions.
// Usage: the page is only in a build with the app's feature `bench-page` (never shipped):
//   trunk build --release --features bench-page --dist /tmp/dist-bench
//   DIST=/tmp/dist-bench node tests/e2e/bench_solver.mjs [positions per row]
// Runs `bench_karussell_solver` natively (release profile bench-native), then the page
// `#/bench/<n>` of the served build in headless Chromium, and prints both with the ratio
// browser / native of mean and p95 per row. Exits non-zero when the page fails.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { serve } from './serve.mjs';

const n = Number(process.argv[2] || 20);
const out = execFileSync('cargo', ['run', '-q', '-p', 'bench', '--profile', 'bench-native', '--bin', 'bench_karussell_solver', String(n)], { encoding: 'utf8' });
const native = {};
for (const line of out.split('\n')) {
  const m = line.match(/^\s*(\d+)\s+(\d+)\s+(\d+)\s+\|\s+\S+\s+\S+\s+\S+\s+\|\s+(\S+)\s+(\S+)\s+(\S+)/);
  if (m) native[`${m[1]}/${m[2]}`] = { n: +m[3], mean: +m[4], p95: +m[5], max: +m[6] };
}

const PORT = 8125;
const server = await serve(process.env.DIST || 'dist', PORT, '/kartenrunde/');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${PORT}/kartenrunde/#/bench/${n}`);
await page.waitForFunction(() => document.querySelector('[data-testid=bench-status]')?.textContent === 'Fertig.', null, { timeout: 30 * 60 * 1000 });
const rows = await page.$$eval('[data-testid=bench-row]', (rs) => rs.map((r) => ({ ...r.dataset })));
await browser.close();
server.close();

const f = (x) => Number(x).toFixed(3).padStart(9);
console.log(`Karussell solver, ${n} positions per row, times in ms: native | browser (release wasm, headless Chromium) | ratio`);
console.log('table jokers |  mean      p95       max    |  mean      p95       max    | mean  p95');
for (const r of rows) {
  const k = `${r.table}/${r.jokers}`, a = native[k] || {};
  console.log(`${r.table.padStart(5)} ${r.jokers.padStart(6)} | ${f(a.mean)} ${f(a.p95)} ${f(a.max)} | ${f(r.mean)} ${f(r.p95)} ${f(r.max)} | ${(r.mean / a.mean).toFixed(2)} ${(r.p95 / a.p95).toFixed(2)}`);
}
