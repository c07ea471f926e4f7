// Fixed deals for the e2e runner and single tests (fixSeed), and a long bot-only Rommé
// match for the memory benchmarks (bench_memory.mjs, bench_live.mjs).

// The page's randomness from a fixed seed: the same match every time (call before goto).
export const fixSeed = (page, seed = 12345) => page.addInitScript((seed) => {
  let x = seed;
  crypto.getRandomValues = (a) => {
    const u = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < u.length; i++) { x = (x * 1103515245 + 12345) >>> 0; u[i] = x >>> 24; }
    return a;
  };
}, seed);

// Starts a Rommé match of `deals` deals (default: the setup's number) with three normal bots
// from the setup page.
export async function startRommeBotMatch(page, deals) {
  await page.evaluate(() => { location.hash = '#/setup/romme'; });
  await page.waitForSelector('[data-testid=seat-row]');
  for (let i = 0; i < 3; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
  await page.click('[data-testid=house-rules] > summary');
  await page.selectOption('[data-option="ro.match_end"] select', 'deals');
  if (deals) {
    await page.fill('[data-option="ro.match_limit"] input', String(deals));
    await page.press('[data-option="ro.match_limit"] input', 'Tab');
  }
  await page.click('[data-testid=start]');
}

// Waits for the deal-end panel of deal `d` (its score sheet has d rows).
export const dealEnd = (page, d) => page.waitForFunction((d) => document.querySelectorAll('[data-testid=deal-end] [data-testid=sheet-row]').length === d, d, { timeout: 120000, polling: 50 });
