// Screenshots of "Analyse" on a Rommé deal-end panel at phone and desktop sizes (progress,
// result), for a person to look at: node tests/e2e/shots_analysis.mjs [dist] [outdir]
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './serve.mjs';
import { playDeal } from './romme.mjs';
import { GAMES } from './games.mjs';

const DIST = process.argv[2] || 'dist';
const OUT = path.resolve(process.argv[3] || 'tests/e2e/out/shots');
fs.mkdirSync(OUT, { recursive: true });
const PORT = 8125;
const BASE = `http://127.0.0.1:${PORT}/kartenrunde/`;
const server = await serve(DIST, PORT, '/kartenrunde/');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
const page = await ctx.newPage();
await page.goto(BASE);
await page.evaluate((games) => {
  localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 }));
  localStorage.setItem('kartenrunde.coach.v1', JSON.stringify(games));
}, GAMES);
await page.goto(BASE + '#/setup/romme');
await page.reload();
await page.waitForSelector('[data-testid=seat-row]');
await page.selectOption('[data-testid=seat-row] >> nth=1 >> select', 'normal');
await page.click('[data-testid=start]');
await page.waitForSelector('[data-testid=romme-board]');
await playDeal(page);
await page.waitForSelector('[data-testid=deal-end] [data-testid=analysis-start]', { timeout: 60000 });
for (const [w, h] of [[360, 640], [390, 844], [1366, 768]]) {
  await page.setViewportSize({ width: w, height: h });
  await page.reload();
  await page.waitForSelector('[data-testid=deal-end] [data-testid=analysis-start]');
  await page.$eval('[data-testid=analysis-start]', (e) => e.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: path.join(OUT, `analysis-button-${w}.png`) });
  await page.click('[data-testid=analysis-start]');
  await page.waitForFunction(() => /von/.test(document.querySelector('[data-testid=analysis-progress]')?.textContent || ''), null, { timeout: 30000 }).catch(() => {});
  await page.screenshot({ path: path.join(OUT, `analysis-progress-${w}.png`) });
  await page.waitForSelector('[data-testid=analysis-result]', { timeout: 180000 });
  await page.$eval('[data-testid=analysis-result]', (e) => e.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(200);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.screenshot({ path: path.join(OUT, `analysis-result-${w}.png`) });
  console.log(`${w}x${h}: page width ${width}`);
}
await browser.close();
server.close();
