// End-to-end tests: serve the release dist/ on 127.0.0.1 under a sub-path and drive it in
// Debian's headless Chromium through playwright-core, as a user would.
// Usage: node tests/e2e/run.mjs [filter]
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './serve.mjs';
import shellTests from './shell.mjs';
import { fixSeed } from './bot_match.mjs';

const SUITES = [...shellTests];
// The spec files, run in this order (they share one browser profile), one line each. A
// game's spec is tests/e2e/<Game::NAME>.mjs; a native test (src/games/registry.rs) fails
// while a game of the registry has none listed here.
const SPECS = [
  'romme.mjs',
  'romme_moments.mjs',
  'abluxxen.mjs',
  'robust.mjs',
  'storage.mjs',
  'karussell.mjs',
  'profisort.mjs',
  'table.mjs',
  'devices.mjs',
  'rooms.mjs',
  'phone.mjs',
  'keyboard.mjs',
  'a11y.mjs',
  'bots.mjs',
  'stats.mjs',
  'rules.mjs',
  'update.mjs',
  'split.mjs',
  'coach.mjs',
  'endings.mjs',
  'records.mjs',
  'safety.mjs',
  'careful.mjs',
  'replay.mjs',
];
for (const f of SPECS) {
  SUITES.push(...(await import(new URL(`./${f}`, import.meta.url))).default.map((t) => ({ ...t, spec: f })));
}
// Specs that measure time (long tasks, decision times, taps 450 ms apart, painted frames,
// offline timers) run alone, after the others: every other test runs in one of
// E2E_WORKERS browsers side by side (default 1: everything in one browser, in order).
// scripts/test uses two: on a quiet 2-core machine the whole run took 795 s with two
// against about 900 s with one (under other load two were no faster).
const SOLO = new Set(['bots.mjs', 'split.mjs', 'romme_moments.mjs', 'keyboard.mjs', 'update.mjs', 'careful.mjs', 'safety.mjs']);
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 1));

const PORT = Number(process.env.E2E_PORT || 8123);
const SUB = '/kartenrunde/';
const BASE = `http://127.0.0.1:${PORT}${SUB}`;
const OUT = path.resolve('tests/e2e/out');
fs.mkdirSync(OUT, { recursive: true });
const filter = process.argv[2] || '';

const server = await serve(process.env.E2E_DIST || 'dist', PORT, SUB);

// A panic of the app (its panic hook's console error, or the wasm trap that ends it) fails
// the test it happens in, on every page: the test's own page fails on any console error (below),
// and the pages a test opens itself (a second tab, an offline check) on panics. No test may
// filter these away.
const PANIC = /Kartenrunde panic|RuntimeError|unreachable executed|already been disposed/;

// One browser with a profile of its own; the tests it runs share it, in order.
async function browser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kr-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1366, height: 768 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
  const w = { context, profile, panicsElsewhere: [] };
  context.on('page', (p) => {
    p.on('console', (m) => { if (m.type() === 'error' && PANIC.test(m.text())) p.__krOwn || w.panicsElsewhere.push(m.text()); });
    p.on('pageerror', (e) => { if (PANIC.test(String(e))) p.__krOwn || w.panicsElsewhere.push(String(e)); });
  });
  return w;
}

// FNV-1a of a test's name.
const seedOf = (name) => [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

let passed = 0, failed = 0;
const failures = [];

async function runTest(w, t) {
  const { context } = w;
  w.panicsElsewhere = [];
  const page = await context.newPage();
  page.__krOwn = true;
  // The games of every test come from a seed of its own (its name's hash): a test that
  // passes once passes every time, instead of failing on the rare deal its steps do not
  // expect. E2E_RANDOM=1 leaves the page's randomness alone (to look for such deals).
  if (!process.env.E2E_RANDOM) await fixSeed(page, seedOf(t.name));
  // E2E_CPU_SLOWDOWN=2: the page's CPU throttled (Chromium's DevTools emulation), to see how
  // the timing checks fare on a slower machine than this one.
  if (process.env.E2E_CPU_SLOWDOWN) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.E2E_CPU_SLOWDOWN) });
  }
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const failedRequests = [];
  page.on('requestfailed', (r) => failedRequests.push(`${r.url()} (${r.failure()?.errorText})`));
  const t0 = Date.now();
  try {
    await page.goto(BASE);
    await page.evaluate(() => localStorage.clear());
    // The first-game guides count as seen, so other tests meet the boards as before (the
    // guide never blocks play, see coach.mjs); E2E_COACH=1 leaves them on.
    if (!process.env.E2E_COACH) {
      await page.evaluate(() => localStorage.setItem('kartenrunde.coach.v1', JSON.stringify(['romme', 'karussell', 'profisort', 'abluxxen'])));
    }
    await page.reload();
    await t.run({ page, base: BASE, out: OUT, context, shot: (n) => page.screenshot({ path: path.join(OUT, n + '.png') }) });
    if (errors.length) throw new Error('console errors: ' + errors.join(' | '));
    if (w.panicsElsewhere.length) throw new Error('panics in another page of the test: ' + w.panicsElsewhere.join(' | '));
    passed++;
    console.log(`ok   ${t.name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    failures.push(`${t.name}: ${String(e && e.message ? e.message : e).split('\n')[0].slice(0, 300)}`);
    console.log(`FAIL ${t.name}: ${e && e.stack ? e.stack : e}`);
    if (errors.length) console.log('  console errors: ' + errors.join(' | '));
    if (failedRequests.length) console.log('  failed requests: ' + failedRequests.join(' | '));
    try { await page.screenshot({ path: path.join(OUT, 'FAIL-' + t.name.replace(/\W+/g, '_') + '.png') }); } catch {}
  }
  await page.close();
}

const chosen = SUITES.filter((t) => !filter || t.name.includes(filter));
const side = WORKERS > 1 ? chosen.filter((t) => !SOLO.has(t.spec)) : chosen;
const alone = WORKERS > 1 ? chosen.filter((t) => SOLO.has(t.spec)) : [];
const started = Date.now();
const workers = await Promise.all(Array.from({ length: Math.min(WORKERS, Math.max(1, side.length)) }, browser));
// Side by side: each browser takes the next test of the list when it is free.
let next = 0;
await Promise.all(workers.map(async (w) => {
  while (next < side.length) await runTest(w, side[next++]);
}));
if (alone.length) {
  console.log(`     (${side.length} tests in ${workers.length} browsers: ${Math.round((Date.now() - started) / 1000)} s; now ${alone.length} that measure time, alone)`);
  for (const w of workers.slice(1)) await w.context.close();
  for (const t of alone) await runTest(workers[0], t);
}
await workers[0].context.close();
server.close();
for (const w of workers) fs.rmSync(w.profile, { recursive: true, force: true });
// The failures once more at the end, where a shortened log (CI keeps its head and tail) shows them.
for (const f of failures) console.log(`FAILED: ${f}`);
if (process.env.E2E_FAILURES) fs.writeFileSync(process.env.E2E_FAILURES, failures.map((f) => `e2e FAILED: ${f}\n`).join(''));
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
