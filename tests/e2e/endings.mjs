// The end of a match, in every game: bots-only matches of several deals (rounds) finish on
// fixed seeds, and the final panel is left by each of its buttons and by the browser's Back.
// After each way out the page must still work: the page it leads to is drawn, the header's
// links lead on, and no panic or other page error occurred (the runner fails a test on any
// console error; the panics are also caught here at once, with the seed that made them).
// Before the fix (issue 23) leaving the final panel of a Rommé match panicked on about one
// seed in four ("Tried to access a reactive value that has already been disposed": the focus
// trap's cleanup focused a hand card of the board being removed) and left the page blank.
import { assert } from './assert.mjs';
import { fixSeed } from './bot_match.mjs';
import { covering, VARIANTS } from './games.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 10 });
const OVER = '[data-testid=to-stats]'; // every game's final panel, and only the final one
const NEXT = '[data-testid=next-deal], [data-testid=next-round]';
// What a page shows once it is drawn (the app's pages reached from an end panel).
const PAGES = {
  home: '[data-testid=game-entry]',
  stats: '[data-testid=stats-page]',
  setup: '[data-testid=start]',
  settings: '.settings',
};

// Panics of the page (console error of the panic hook, or the wasm trap that follows).
function watchPanics(page) {
  const panics = [];
  const seen = (t) => { if (/panic|disposed|RuntimeError|unreachable/i.test(t)) panics.push(t); };
  page.on('console', (m) => { if (m.type() === 'error') seen(m.text()); });
  page.on('pageerror', (e) => seen(String(e)));
  return panics;
}

// Per game: its setup (options for a short match of more than one deal) and the ways out of
// its final panel: [name, selector to click or 'back', page it leads to].
const HOME = ['home link', '[data-testid=deal-end] a[href="#/"], [data-testid=to-home]', 'home'];
const STATS = ['Statistik', OVER, 'stats'];
const BACK = ['Back', 'back', null];
const ABLUXXEN_EXITS = [STATS, BACK, ['Startseite', '[data-testid=end-screen] [data-testid=home]', 'home'], ['Nochmal', '[data-testid=play-again]', 'setup']];
const ENDS = covering('endings', {
  romme: { exits: [STATS, BACK, HOME], options: romme },
  romme_kaufen: { exits: [STATS, BACK, HOME], options: romme },
  romme_anlegen: { exits: [STATS, BACK, HOME], options: romme },
  romme_raeuber: { exits: [STATS, BACK, HOME], options: romme },
  romme_trad: { exits: [STATS, BACK, HOME], options: romme },
  karussell: { exits: [STATS, BACK, HOME], options: async (page) => number(page, 'ka.opt.target', 150) },
  // Two tasks of the sheet: a match of a few deals.
  profisort: {
    exits: [STATS, BACK, HOME],
    options: async (page) => {
      await page.click('.ps-left-outs > summary');
      for (let t = 3; t <= 15; t++) await page.check(`[data-option="left_out.${t}"] input`);
    },
  },
  abluxxen: { exits: ABLUXXEN_EXITS, options: twoRounds },
  profiduell: { exits: ABLUXXEN_EXITS, options: twoRounds },
}, VARIANTS);

async function twoRounds(page) {
  await page.uncheck('[data-testid=per-player]');
  await number(page, 'ab.opt.rounds', 2);
}

async function number(page, option, value) {
  const input = `[data-option="${option}"] input`;
  await page.fill(input, String(value));
  await page.press(input, 'Tab');
}

// Two deals.
async function romme(page) {
  await page.selectOption('[data-option="ro.match_end"] select', 'deals');
  await number(page, 'ro.match_limit', 2);
}

// Starts a bots-only match of `game` on `seed` (a fresh document, so the page's randomness
// starts from the seed) and plays it to its final panel; `atDealEnd(page, deal)` (optional)
// sees each deal-end panel before it is left. Returns the save's id.
export async function finishMatch(page, base, game, seed, atDealEnd = null) {
  await fixSeed(page, seed);
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.goto(base + '#/setup/' + game);
  await page.reload();
  await page.waitForSelector('[data-testid=seat-row]');
  const rows = (await page.$$('[data-testid=seat-row]')).length;
  for (let i = 0; i < rows; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
  // The game's part of the setup (its options) arrives with its part of the wasm.
  const rules = await page.waitForSelector('[data-testid=house-rules]');
  if (!(await rules.evaluate((d) => d.open))) await page.click('[data-testid=house-rules] > summary');
  await ENDS[game].options(page);
  await page.click('[data-testid=start]');
  await page.waitForFunction(() => location.hash.startsWith('#/play/'));
  const id = page.url().split('#/play/')[1];
  let deals = 1;
  for (;;) {
    await page.waitForSelector(`${OVER}, ${NEXT}`, { timeout: 120000 });
    if (await page.$(OVER)) break;
    assert(++deals <= 30, `${game} seed ${seed}: the match ends (still going after 30 deals)`);
    if (atDealEnd) await atDealEnd(page, deals - 1);
    await page.click(NEXT);
    await page.waitForFunction((n) => !document.querySelector(n), NEXT, { timeout: 30000 });
  }
  assert(deals >= 2, `${game} seed ${seed}: a match of more than one deal (${deals})`);
  return { id, deals };
}

// Leaves the final panel by `exit`; then the page reached must work.
export async function leave(page, exit, what, panics) {
  const [name, sel, to] = exit;
  const before = page.url();
  if (sel === 'back') await page.goBack();
  else await page.click(sel);
  await page.waitForFunction((u) => location.href !== u && !location.hash.startsWith('#/play/'), before, { timeout: 10000 });
  const target = to ? PAGES[to] : Object.values(PAGES).join(', ');
  await page.waitForSelector(target, { timeout: 15000 }).catch((e) => {
    throw new Error(`${what}: after "${name}" the page shows nothing (${page.url()}): ${panics.join(' | ') || e.message}`);
  });
  assert(panics.length === 0, `${what}: "${name}" panicked: ${panics.join(' | ')}`);
  // The header's links still lead on, and a new page is drawn.
  await page.click('[data-testid=nav-settings]');
  await page.waitForSelector(PAGES.settings, { timeout: 10000 });
  await page.click('.topbar a.brand');
  await page.waitForSelector(PAGES.home, { timeout: 10000 });
  assert(panics.length === 0, `${what}: after "${name}": ${panics.join(' | ')}`);
}

// One game on `seeds`: each match is left right after it ended by one way out (in turn), then
// opened again from its save and left by every other way.
async function endings(page, base, game, seeds) {
  const panics = watchPanics(page);
  const exits = ENDS[game].exits;
  for (const [i, seed] of seeds.entries()) {
    const t0 = Date.now();
    const { id, deals } = await finishMatch(page, base, game, seed);
    const first = exits[i % exits.length];
    const what = `${game} seed ${seed}`;
    await leave(page, first, what, panics);
    for (const exit of exits.filter((e) => e !== first)) {
      await page.goto(base + '#/play/' + id);
      await page.waitForSelector(OVER, { timeout: 20000 });
      await leave(page, exit, what + ' (reopened)', panics);
    }
    console.log(`     ${what}: ${deals} deals, left by ${first[0]} then ${exits.filter((e) => e !== first).map((e) => e[0]).join(', ')} (${Date.now() - t0} ms)`);
  }
}

// Seeds on which leaving the final panel panicked before the fix (the build before issue 23's
// fix, these settings: Rommé 8, 12, 18, 21, 22, 24 of 1–24, by "Statistik" and by Back alike;
// Traditionell 2 of 1–6), and one that did not.
const ROMME_SEEDS = [8, 12, 18, 7];
const SEEDS = { romme_trad: [2, 7] };

export default [
  {
    name: 'endings: Rommé, bots only, two deals on several seeds – every way out of the final panel keeps the page working',
    run: ({ page, base }) => endings(page, base, 'romme', ROMME_SEEDS),
  },
  ...VARIANTS.filter((id) => id !== 'romme').map((game) => ({
    name: `endings: ${game}, bots only, a match of several deals – every way out of the final panel keeps the page working`,
    run: ({ page, base }) => endings(page, base, game, SEEDS[game] || [7]),
  })),
];
