// Bad input never crashes and never loses data: damaged saves, malformed links; sharing.
import { assert, eq } from './assert.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });

export default [
  {
    name: 'robust: a damaged save explains itself and leaves the other saves intact',
    async run({ page, base }) {
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.goto(base + '#/setup/romme');
      await page.reload();
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=romme-board]');
      const goodId = page.url().split('#/play/')[1];
      // Leave the game so its bots stop moving (the good save must then stay as it is).
      await page.goto(base + '#/saves');
      await page.waitForSelector('[data-testid=save-row]');
      await page.waitForTimeout(300);
      // A second, damaged save: its log names a card the player never had.
      const damaged = await page.evaluate((id) => {
        const json = JSON.parse(localStorage.getItem('kartenrunde.game.' + id));
        json.record.log.push([0, { type: 'Discard', card: 9999 }]);
        localStorage.setItem('kartenrunde.game.bad1', JSON.stringify(json));
        localStorage.setItem('kartenrunde.game.bad2', '{"version": 1, "game": "romme", "record": 17');
        localStorage.setItem('kartenrunde.game.bad3', JSON.stringify({ ...json, version: 99 }));
        return true;
      }, goodId);
      assert(damaged, 'prepared damaged saves');
      const before = await page.evaluate((id) => localStorage.getItem('kartenrunde.game.' + id), goodId);
      for (const [id, text] of [['bad1', 'nicht erlaubt'], ['bad2', 'beschädigt'], ['bad3', 'neueren Version']]) {
        await page.goto(base + '#/play/' + id);
        await page.waitForSelector('[data-testid=load-error]');
        const msg = await page.textContent('[data-testid=load-error]');
        assert(msg.includes(text), `${id}: specific message (${msg})`);
      }
      eq(await page.evaluate((id) => localStorage.getItem('kartenrunde.game.' + id), goodId), before, 'the good save is untouched');
      assert(await page.evaluate(() => localStorage.getItem('kartenrunde.game.bad2')) !== null, 'the damaged save is kept, not deleted');
      await page.goto(base + '#/play/' + goodId);
      await page.waitForSelector('[data-testid=romme-board]');
    },
  },
  {
    name: 'robust: a malformed link explains itself; a shared link opens the same game',
    async run({ page, base, context }) {
      await page.goto(base + '#/link/not-a-valid-link');
      await page.waitForSelector('[data-testid=link-error]');
      assert((await page.textContent('[data-testid=link-error]')).includes('beschädigt'), 'specific link message');
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.goto(base + '#/setup/romme');
      await page.reload();
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=romme-board]');
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.mine === 'true');
      const hand = await page.$$eval('[data-testid=hand-card]', (e) => e.map((x) => x.dataset.face).sort().join(' '));
      await page.click('[data-testid=share]');
      const url = await page.inputValue('[data-testid=share-url]');
      assert(url.includes('#/link/'), 'a link was made: ' + url.slice(0, 80));
      const other = await context.newPage();
      await other.goto(url);
      await other.waitForSelector('[data-testid=romme-board]');
      const hand2 = await other.$$eval('[data-testid=hand-card]', (e) => e.map((x) => x.dataset.face).sort().join(' '));
      eq(hand2, hand, 'the link opens the same game');
      assert(!other.url().includes('#/link/'), 'the link was imported as a saved game');
      await other.close();
    },
  },
];
