// Accessibility: axe-core on the home, setup, board, deal-end and saves pages – no serious or
// critical violations (WCAG 2.2 AA rules).
import { assert } from './assert.mjs';
import path from 'node:path';
import { GAMES } from './games.mjs';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');
const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 20 });

export async function axe(page, label) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')} – ${v.help}`);
  });
  assert(found.length === 0, `${label}: ${found.join(' | ')}`);
}

const PAGES = [
  ['home', '#/', '[data-testid=game-entry]'],
  ['setup', '#/setup/romme', '[data-testid=start]'],
  ['saves', '#/saves', '.saves-tools, main'],
  ['settings', '#/settings', '.settings'],
  ['rules', '#/rules/romme_raeuber', '[data-testid=rules-page]'],
];

export default [
  {
    name: 'a11y: axe-core finds no serious or critical violations on home, setup, saves, settings, every board and a deal end',
    async run({ page, base }) {
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      for (const [name, hash, sel] of PAGES) {
        await page.goto(base + hash);
        await page.waitForSelector(sel);
        await axe(page, name);
      }
      for (const id of GAMES) {
        await page.goto(base + '#/setup/' + id);
        await page.reload();
        await page.click('[data-testid=start]');
        await page.waitForSelector('[data-testid=dock]');
        await page.waitForTimeout(300);
        await axe(page, `${id} board`);
      }
      // A deal end: a bots-only Rommé game reaches it quickly.
      await page.goto(base + '#/setup/romme');
      await page.reload();
      await page.selectOption('[data-testid=seat-row] >> nth=0 >> select', 'normal');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=deal-end]', { timeout: 60000 });
      await axe(page, 'deal end');
    },
  },
];
