// A table that feels right on a phone (issue 13): setup in two taps, house rules per preset,
// bot speed wording, the hand order kept over a reload, the share-link notice.
import { assert, eq } from './assert.mjs';
import { VARIANTS } from './games.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const SETUPS = VARIANTS;
const RULES = '[data-testid=house-rules]';

const handIds = (page) => page.$$eval('[data-testid=hand-card]', (els) => els.map((e) => e.dataset.card).join(','));

async function startRomme(page, base) {
  await page.goto(base + '#/');
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.goto(base + '#/setup/romme');
  await page.reload();
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=romme-board]');
}

export default [
  {
    name: 'table: at 360x640 and 390x844 every setup shows "Spiel starten" without scrolling; house rules closed',
    async run({ page, base, shot }) {
      for (const [w, h] of [[360, 640], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        for (const id of SETUPS) {
          await page.goto(base + '#/setup/' + id);
          await page.waitForSelector('[data-testid=start]');
          const r = await page.$eval('[data-testid=start]', (b) => {
            const x = b.getBoundingClientRect();
            return { top: x.top, bottom: x.bottom, left: x.left, right: x.right, vh: innerHeight, vw: innerWidth, sy: scrollY };
          });
          assert(r.sy === 0 && r.top >= 0 && r.bottom <= r.vh && r.left >= 0 && r.right <= r.vw,
            `${id} at ${w}x${h}: start button in view ${JSON.stringify(r)}`);
          eq(await page.$eval(RULES, (d) => d.open), false, `${id}: house rules closed`);
          const line = await page.textContent('[data-testid=rules-summary]');
          assert(line.trim().length > 0, `${id}: a summary of the rules`);
        }
        await shot(`table-setup-romme-${w}`);
      }
    },
  },
  {
    name: 'table: house rules of Traditionelles Rommé offer no buying; changes stay after closing',
    async run({ page, base }) {
      await page.goto(base + '#/setup/romme_trad');
      await page.waitForSelector('[data-testid=start]');
      assert((await page.textContent('[data-testid=rules-summary]')).includes('10 Karten'), 'summary names the hand size');
      await page.click(`${RULES} > summary`);
      assert(await page.isVisible('[data-option="ro.jokers"]'), 'jokers offered');
      for (const key of ['ro.buying', 'ro.buy_limit', 'ro.robbing', 'ro.joker_penalty']) {
        assert(!(await page.isVisible(`[data-option="${key}"]`)), `${key} hidden in Traditionelles Rommé`);
      }
      // Jokers added: their options appear, the summary follows, the change survives closing.
      await page.fill('[data-option="ro.jokers"] input', '4');
      await page.press('[data-option="ro.jokers"] input', 'Tab');
      assert(await page.isVisible('[data-option="ro.joker_penalty"]'), 'joker penalty shown once there are jokers');
      await page.click(`${RULES} > summary`);
      eq(await page.$eval(RULES, (d) => d.open), false, 'closed again');
      assert((await page.textContent('[data-testid=rules-summary]')).includes('4 Joker'), 'summary shows the change');
      await page.click(`${RULES} > summary`);
      eq(await page.inputValue('[data-option="ro.jokers"] input'), '4', 'the change stayed');
      // Mit Kaufen offers its buy limit.
      await page.goto(base + '#/setup/romme_kaufen');
      await page.reload();
      await page.waitForSelector('[data-testid=start]');
      assert((await page.textContent('[data-testid=rules-summary]')).includes('mit Kaufen'), 'kaufen summary');
      await page.click(`${RULES} > summary`);
      assert(await page.isVisible('[data-option="ro.buy_limit"]'), 'buy limit in Rommé mit Kaufen');
    },
  },
  {
    name: 'table: bot speed reads langsam … schnell, right is faster, old settings still read',
    async run({ page, base }) {
      await page.evaluate(() => localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'System', bot_delay_ms: 1500 })));
      await page.goto(base + '#/settings');
      await page.reload();
      await page.waitForSelector('[data-testid=bot-speed]');
      const text = await page.textContent('.bot-speed');
      assert(text.includes('langsam') && text.includes('schnell') && text.indexOf('langsam') < text.indexOf('schnell'), 'slow … fast: ' + text);
      eq(await page.inputValue('[data-testid=bot-speed]'), '500', 'a stored 1500 ms pause is near the slow end');
      await page.$eval('[data-testid=bot-speed]', (e) => { e.value = e.max; e.dispatchEvent(new Event('input', { bubbles: true })); });
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('kartenrunde.settings.v1')).bot_delay_ms === 0);
    },
  },
  {
    name: 'table: the hand order survives a reload; a link says whom you play',
    async run({ page, base, context }) {
      await startRomme(page, base);
      const before = await handIds(page);
      await page.click('[data-testid=sort-suit]');
      let sorted = await handIds(page);
      if (sorted === before) {
        await page.click('[data-testid=sort-rank]');
        sorted = await handIds(page);
      }
      assert(sorted !== before, 'sorting changed the order');
      const id = page.url().split('#/play/')[1];
      await page.waitForFunction((k) => localStorage.getItem(k) !== null, 'kartenrunde.hand.' + id);
      await page.reload();
      await page.waitForSelector('[data-testid=romme-board]');
      eq(await handIds(page), sorted, 'same order after the reload');
      // A broken stored order falls back to the default order.
      await page.evaluate((k) => localStorage.setItem(k, '{kaputt'), 'kartenrunde.hand.' + id);
      await page.reload();
      await page.waitForSelector('[data-testid=romme-board]');
      eq((await handIds(page)).split(',').sort().join(), sorted.split(',').sort().join(), 'every card still there');
      // Share and open the link: the page says so.
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.mine === 'true');
      await page.click('[data-testid=share]');
      const url = await page.inputValue('[data-testid=share-url]');
      const other = await context.newPage();
      await other.goto(url);
      await other.waitForSelector('[data-testid=link-notice]');
      const notice = await other.textContent('[data-testid=link-notice]');
      assert(notice.includes('Spiel aus einem Link') && notice.includes('du spielst als Anna'), 'notice: ' + notice);
      await other.close();
    },
  },
];
