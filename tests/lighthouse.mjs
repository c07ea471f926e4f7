// Lighthouse (mobile preset, simulated slow 4G and 4× CPU) on the release dist/, served with
// brotli like a static host. Prints the figures of the "lean and fast" issue; exits 1 when a
// goal is missed (performance ≥ 98, LCP ≤ 1.5 s, TBT 0).
// Lighthouse is not a project dependency (114 packages); install it next to the tools first:
//   npm i --no-save lighthouse@13.5.0 && node tests/lighthouse.mjs
import { serve } from './e2e/serve.mjs';

let lighthouse, chromeLauncher;
try {
  lighthouse = (await import('lighthouse')).default;
  chromeLauncher = await import('chrome-launcher');
} catch {
  console.error('lighthouse is not installed: npm i --no-save lighthouse@13.5.0');
  process.exit(2);
}
const PORT = 8150;
const server = await serve('dist', PORT, '/kartenrunde/');
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const runs = Number(process.argv[2] || 3);
const rows = [];
for (let i = 0; i < runs; i++) {
  const { lhr } = await lighthouse(`http://127.0.0.1:${PORT}/kartenrunde/`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
  const a = lhr.audits;
  const wire = a['network-requests'].details.items.reduce((n, r) => n + r.transferSize, 0);
  rows.push({
    performance: Math.round(lhr.categories.performance.score * 100),
    fcp_ms: Math.round(a['first-contentful-paint'].numericValue),
    lcp_ms: Math.round(a['largest-contentful-paint'].numericValue),
    tbt_ms: Math.round(a['total-blocking-time'].numericValue),
    cls: a['cumulative-layout-shift'].numericValue,
    long_tasks_simulated: (a['long-tasks'].details?.items || []).map((t) => Math.round(t.duration)).join(' '),
    wire_bytes: wire,
    lcp_element: (a['lcp-breakdown-insight']?.details?.items || []).find((x) => x.type === 'node')?.selector || '',
  });
}
await chrome.kill();
server.close();
console.table(rows);
const worst = (k, f) => rows.map((r) => r[k]).reduce((x, y) => f(x, y));
const perf = worst('performance', Math.min), lcp = worst('lcp_ms', Math.max), tbt = worst('tbt_ms', Math.max);
console.log(`worst of ${runs}: performance ${perf}, LCP ${lcp} ms, TBT ${tbt} ms`);
process.exit(perf >= 98 && lcp <= 1500 && tbt === 0 ? 0 : 1);
