// Rules pages: every game's rules open from the home screen; a running game's rules show
// its house rules (a changed option); the page follows the language setting.
import fs from 'node:fs';
import { assert, eq } from './assert.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const SHOTS = '/tmp/rules-shots';

// The page fits the screen's width (no horizontal scrolling).
async function fitsWidth(page, what) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert(scroll <= inner, `${what}: page ${scroll}px wider than the screen ${inner}px`);
}

async function checkPage(page, variant, lang) {
  await page.waitForSelector(`[data-testid=rules-page][data-variant=${variant}]`);
  const h1 = await page.textContent('[data-testid=rules-page] h1');
  assert(h1.startsWith(lang === 'De' ? 'Regeln: ' : 'Rules: '), `${variant}: title ${h1}`);
  const sections = await page.$$eval('[data-testid=rules-page] .rules-section', (e) => e.length);
  assert(sections >= 8, `${variant}: ${sections} sections`);
  const house = await page.$$eval('[data-testid=rules-house] li', (e) => e.length);
  assert(house >= 3, `${variant}: ${house} house rules`);
  const text = await page.textContent('[data-testid=rules-page]');
  assert(!/rules\.|\{|Some\(|None/.test(text), `${variant}: a key or Debug text on the page`);
  return text;
}

const TESTS = [
  {
    name: 'rules: every game has a rules page, opened from the home screen; it fits 360x640',
    async run({ page }) {
      await page.waitForSelector('[data-testid=game-entry]');
      const ids = await page.$$eval('[data-testid=game-entry]', (els) => els.map((e) => e.dataset.game));
      eq(ids.length, 9, 'nine catalog entries');
      const links = await page.$$eval('[data-testid=game-entry] [data-testid=rules-link]', (e) => e.length);
      eq(links, 9, 'a rules link per game');
      for (const id of ids) {
        await page.click(`[data-testid=game-entry][data-game=${id}] [data-testid=rules-link]`);
        const text = await checkPage(page, id, 'De');
        assert(text.includes('Hausregeln'), `${id}: house rules heading`);
        if (id === 'romme_raeuber') assert(text.includes('Rauben'), 'Räuber-Rommé explains robbing');
        if (id === 'romme') assert(!text.includes('Rauben'), 'the Grundspiel has no robbing');
        if (id === 'profiduell') assert(text.includes('Schatten'), 'the Profiduell explains the shadow');
        // "Play this game" leads to the setup, whose "read the rules" leads back here.
        await page.click('[data-testid=rules-play]');
        await page.waitForSelector('[data-testid=start]');
        await page.click('.setup [data-testid=rules-link]');
        await checkPage(page, id, 'De');
        await page.goto(page.url().split('#')[0] + '#/');
        await page.waitForSelector('[data-testid=game-entry]');
      }
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.click('[data-testid=game-entry][data-game=romme_kaufen] [data-testid=rules-link]');
      await checkPage(page, 'romme_kaufen', 'De');
      await fitsWidth(page, '1366x768');
      await page.screenshot({ path: `${SHOTS}/rules-1366x768.png` });
      await page.screenshot({ path: `${SHOTS}/rules-1366x768-full.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 640 });
      await page.waitForTimeout(200);
      await fitsWidth(page, '360x640');
      await page.screenshot({ path: `${SHOTS}/rules-360x640.png` });
      await page.screenshot({ path: `${SHOTS}/rules-360x640-full.png`, fullPage: true });
      await page.locator('.rules-house-wrap').screenshot({ path: `${SHOTS}/rules-360x640-house.png` });
      await page.setViewportSize({ width: 1366, height: 768 });
    },
  },
  {
    name: 'rules: a running Rommé game shows its house rules (changed opening minimum), in German and English',
    async run({ page, base }) {
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.goto(base + '#/setup/romme_kaufen');
      await page.reload();
      await page.waitForSelector('[data-testid=start]');
      assert(await page.$('.setup [data-testid=rules-link]'), 'the setup links the rules');
      await page.click('[data-testid=house-rules] summary');
      const input = page.locator('[data-testid=house-rules] [data-option="ro.first_meld_min"] input');
      await input.fill('45');
      await input.dispatchEvent('change');
      await page.waitForFunction(() => document.querySelector('[data-testid=rules-summary]').textContent.includes('45'));
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=romme-board]');
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/game-1366x768-full.png`, fullPage: true });
      await page.click('.host-tools [data-testid=rules-link]');
      await page.waitForSelector('[data-testid=rules-page][data-from-game=true]');
      let text = await checkPage(page, 'romme_kaufen', 'De');
      eq(await page.textContent('[data-testid=rules-house] [data-option="ro.first_meld_min"] [data-testid=rules-house-value]'), '45', 'the house rules show the changed minimum');
      assert(text.includes('mindestens 45 Punkte'), 'the rule text names the changed minimum');
      assert(text.includes('Hausregeln dieser Partie'), 'house rules of this game');
      assert(text.includes('Kaufen'), 'mit Kaufen explains buying');
      const rulesUrl = page.url();
      // English: the same page in English, nothing German left.
      await page.click('[data-testid=nav-settings]');
      await page.waitForSelector('.settings');
      await page.click('text=English');
      await page.goto(rulesUrl);
      await page.waitForSelector('[data-testid=rules-page][data-from-game=true]');
      text = await checkPage(page, 'romme_kaufen', 'En');
      assert(text.includes('at least 45 points'), 'English rule text names the changed minimum');
      assert(text.includes('House rules of this game'), 'English house rules heading');
      for (const german of ['Hausregeln', 'mindestens', 'Karten', 'Spieler', ' und ', ' der ']) {
        assert(!text.includes(german), `German "${german}" on the English page`);
      }
      eq(await page.textContent('[data-testid=rules-house] [data-option="ro.first_meld_min"] [data-testid=rules-house-value]'), '45', 'house rules in English too');
      // Back to the game.
      await page.click('[data-testid=rules-back]');
      await page.waitForSelector('[data-testid=romme-board]');
      // The saved games link each game's rules too.
      await page.goto(base + '#/saves');
      await page.click('[data-testid=save-row] [data-testid=rules-link]');
      await page.waitForSelector('[data-testid=rules-page][data-from-game=true]');
      eq(await page.textContent('[data-testid=rules-house] [data-option="ro.first_meld_min"] [data-testid=rules-house-value]'), '45', 'house rules from the saved games');
    },
  },
];

export default TESTS;
