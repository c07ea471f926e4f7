// Looking back: a match finished in the test shows on the statistics page, which exports a
// CSV table and is readable on a phone.
import { assert, eq } from './assert.mjs';
import fs from 'node:fs';
import { playDeal } from './romme.mjs';
import { axe } from './a11y.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 20 });

export default [
  {
    name: 'stats: a finished Rommé match against two bots shows on the statistics page; CSV export',
    async run({ page, base, shot }) {
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.goto(base + '#/stats');
      await page.reload();
      await page.waitForSelector('[data-testid=no-stats]');

      // A one-deal match: the human against a normal and a hard bot (a first match starts
      // with easy bots).
      await page.goto(base + '#/setup/romme');
      await page.waitForSelector('[data-testid=seat-row]');
      await page.selectOption('[data-testid=seat-row] >> nth=1 >> select', 'normal');
      await page.selectOption('[data-testid=seat-row] >> nth=2 >> select', 'hard');
      await page.click('[data-testid=house-rules] > summary');
      await page.selectOption('[data-option="ro.match_end"] select', 'deals');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=romme-board]');
      await playDeal(page);
      await page.waitForSelector('[data-testid=match-winner]', { timeout: 60000 });
      const points = await page.$$eval('[data-testid=deal-end] [data-testid=end-points]', (e) => e.map((x) => x.textContent.trim()));

      await page.click('[data-testid=deal-end] [data-testid=to-stats]');
      await page.waitForSelector('[data-testid=stats-game][data-variant=romme]');
      eq(await page.textContent('[data-testid=stats-game][data-variant=romme] [data-testid=stats-played]'), '1', 'one match played');
      const against = await page.textContent('[data-testid=stats-game][data-variant=romme] [data-testid=stats-against]');
      assert(against.includes('Bot (normal) × 1') && against.includes('Bot (stark) × 1'), 'the bot levels played against: ' + against);
      const rows = await page.$$eval('[data-testid=stats-match]', (e) => e.map((x) => x.textContent));
      eq(rows.length, 1, 'one finished match listed');
      assert(rows[0].includes('Rommé') && rows[0].includes('Anna') && rows[0].includes('Sieg'), 'the match line: ' + rows[0]);
      for (const p of points) assert(rows[0].includes(p), `the match line shows the final points ${p}: ${rows[0]}`);
      const text = await page.textContent('[data-testid=stats-page]');
      assert(!/undefined|NaN|Some\(|None/.test(text), 'no debug text: ' + text);
      await shot('stats-1366');
      await axe(page, 'statistics page');

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=stats-export]')]);
      assert(/^kartenrunde-statistik-\d{4}-\d{2}-\d{2}\.csv$/.test(download.suggestedFilename()), 'file name ' + download.suggestedFilename());
      const csv = fs.readFileSync(await download.path(), 'utf8').trim().split('\n');
      eq(csv.length, 4, 'a header and a line per seat');
      assert(csv[1].includes(';Rommé (Grundspiel);') && csv[1].includes(';human;'), 'the first seat line: ' + csv[1]);
      await page.waitForSelector('[data-testid=stats-status]:has-text("heruntergeladen")');

      // Still there after a reload, and readable on a phone.
      await page.reload();
      await page.waitForSelector('[data-testid=stats-match]');
      for (const [w, h] of [[360, 640], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await page.waitForTimeout(100);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= w, `no sideways scrolling at ${w} px (${wide})`);
        await shot(`stats-${w}`);
      }
      // Printing shows the figures and hides the controls.
      await page.emulateMedia({ media: 'print' });
      assert(!(await page.isVisible('[data-testid=stats-export]')), 'no buttons on paper');
      assert(await page.isVisible('[data-testid=stats-game]'), 'the figures are printed');
      await page.emulateMedia({ media: 'screen' });
    },
  },
];
