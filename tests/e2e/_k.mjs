import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const server = await serve('dist', 8126, '/kartenrunde/');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
for (const [w, h] of [[390, 844], [1366, 768]]) {
  const p = await (await b.newContext({ viewport: { width: w, height: h } })).newPage();
  p.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
  await p.goto('http://127.0.0.1:8126/kartenrunde/#/');
  await p.evaluate(() => localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 })));
  await p.goto('http://127.0.0.1:8126/kartenrunde/#/setup/karussell');
  await p.reload();
  await p.waitForSelector('[data-testid=start]');
  await p.click('[data-testid=start]');
  await p.waitForSelector('[data-testid=karussell-board]');
  for (let i = 0; i < 30; i++) {
    const ph = await p.$eval('[data-testid=karussell-board]', (e) => e.dataset.phase);
    const st = await p.$eval('[data-testid=status]', (e) => e.textContent);
    if (st.startsWith('Du bist dran')) break;
    await p.waitForTimeout(300);
  }
  await p.screenshot({ path: `/tmp/shots/k-draw-${w}.png` });
  await p.click('[data-testid=stock]');
  await p.waitForTimeout(400);
  await p.screenshot({ path: `/tmp/shots/k-meld-${w}.png` });
  console.log(w, await p.$eval('[data-testid=status]', (e) => e.textContent), await p.evaluate(() => document.documentElement.scrollWidth));
}
await b.close(); server.close();
