// The careful player (issue 26): every page, every board mid-turn, every game's deal end and
// match end and the dialogs at 360x640, 390x844 and 1366x768 – no horizontal overflow, no text
// under 12 px, no English word in the German UI, no control covered by another element, and
// on phone sizes no control under 44x44 px (a check box is hit through its label row).
import { assert, eq } from './assert.mjs';
import { finishMatch } from './endings.mjs';
import { readFileSync } from 'node:fs';
import { BOARD, GAMES } from './games.mjs';

const KARUSSELL_SAVE = readFileSync(new URL('../../crates/engine/tests/fixtures/karussell.wave2.save.json', import.meta.url), 'utf8');

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 20 });
const SIZES = [[360, 640], [390, 844], [1366, 768]];
const BOARDS = Object.values(BOARD);
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
      // Not inside a closed <details> (its content keeps a layout box) or another hidden part.
      if (!e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return false;
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
    const out = { overflow: document.documentElement.scrollWidth - innerWidth, small: [], english: [], controls: [], outside: [], covered: [] };
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
    // A focusable live region (the game's log, scrollable by keyboard) is no tap target.
    const ctl = 'button, a[href], [role=button], input:not([type=hidden]), select, summary, [tabindex="0"]:not([aria-live])';
    for (const e of document.querySelectorAll(ctl)) {
      // Cards in a row overlap by design, the hand's and a table meld's (each shows its
      // corner; the 22-card test below checks how much): not measured, and a table card only
      // checked for what else covers it.
      if (e.matches('.hand-card, .ab-hand-card') || !visible(e) || e.disabled) continue;
      const card = e.matches('.table-card');
      // An open modal dialog covers the page behind it by design: only its own controls count.
      const modal = document.querySelector('[aria-modal="true"]');
      if (modal && !modal.contains(e)) continue;
      // A check box, radio button or file input is hit through its label: the label is the
      // target that is measured.
      const target = e.matches('input') ? (e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`)) || e) : e;
      const r = target.getBoundingClientRect();
      if (!card && (r.width < 43.5 || r.height < 43.5)) (inScope(e) ? out.controls : out.outside).push(`${name(target)} ${Math.round(r.width)}x${Math.round(r.height)}`);
      // Nothing lies over a control: the point in its middle hits it (controls of the
      // screen's visible part only; the page scrolls the others into view).
      const [cx, cy] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
      if (cx < 0 || cy < 0 || cx >= innerWidth || cy >= innerHeight) continue;
      // Scrolled out of sight inside a scrolling area (a long table): reached by scrolling it.
      let clipped = false;
      for (let x = target.parentElement; x && x !== document.body; x = x.parentElement) {
        if (getComputedStyle(x).overflowY === 'visible') continue;
        const c = x.getBoundingClientRect();
        if (cx < c.left || cx > c.right || cy < c.top || cy > c.bottom) { clipped = true; break; }
      }
      if (clipped) continue;
      const hit = document.elementFromPoint(cx, cy);
      if (card && hit && hit.closest('.table-card')) continue;
      if (hit && hit !== target && !target.contains(hit) && !hit.contains(target)) out.covered.push(`${name(target)} under ${name(hit)}`);
    }
    return out;
  }, [ENGLISH, scope]);
}

// Checks the page (controls under 44 px on phone sizes only). Returns the failures.
async function audit(page, label, { phone, scope = null }) {
  const m = await measure(page, scope);
  const bad = [];
  if (m.overflow > 0) bad.push(`horizontal overflow of ${m.overflow} px`);
  if (m.english.length) bad.push(`English in German: ${m.english.join(', ')}`);
  if (m.small.length) bad.push(`text under 12 px: ${m.small.join('; ')}`);
  if (phone && m.controls.length) bad.push(`controls under 44 px: ${m.controls.join('; ')}`);
  if (phone && m.outside.length) bad.push(`controls of the frame under 44 px: ${m.outside.join('; ')}`);
  if (m.covered.length) bad.push(`controls covered by another element: ${m.covered.join('; ')}`);
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
    bad.push(...(await audit(page, `home ${w}`, { phone, scope: '.home' })));
    for (const id of ids) {
      await page.goto(base + '#/setup/' + id);
      await page.waitForSelector('[data-testid=start]');
      bad.push(...(await audit(page, `setup ${id} ${w}`, { phone })));
      await page.goto(base + '#/rules/' + id);
      await page.waitForSelector('.rules-page');
      bad.push(...(await audit(page, `rules ${id} ${w}`, { phone })));
      const board = await startMidTurn(page, base, id);
      // The Profi-Sort sheet open too: its table and legend are part of the board.
      if (board === 'profisort-board' && !(await page.$('[data-testid=sheet]'))) {
        await page.click('[data-testid=sheet-tab]');
        await page.waitForSelector(process.env.CAREFUL_VERBOSE ? '[data-testid=sheet]' : '[data-testid=sheet-legend]');
      }
      bad.push(...(await audit(page, `board ${id} ${w}`, { phone, scope: `[data-testid=${board}]` })));
      await shot(`careful-${id}-${w}`);
    }
    // The pages around the games, with the games just played saved.
    await page.goto(base + '#/');
    await page.waitForSelector('[data-testid=resume]');
    bad.push(...(await audit(page, `home with a running game ${w}`, { phone, scope: '.home' })));
    await shot(`careful-home-${w}`);
    for (const [route, sel] of [['saves', '[data-testid=save-row]'], ['settings', '.settings'], ['stats', 'main']]) {
      await page.goto(base + '#/' + route);
      await page.waitForSelector(sel);
      bad.push(...(await audit(page, `${route} ${w}`, { phone })));
    }
    assert(bad.length === 0, `careful player at ${w}x${h}:\n  ${bad.join('\n  ')}`);
  },
}));

// The board's panels (deal end, match end) and the dialogs, each checked at the three sizes.
async function auditAtSizes(page, label, scope, shot) {
  const bad = [];
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    bad.push(...(await audit(page, `${label} ${w}`, { phone: w < 500, scope })));
    await shot(`careful-${label.replace(/\W+/g, '-')}-${w}`);
  }
  return bad;
}

TESTS.push({
  name: 'careful: deal end and match end of every game, the coach, a replay and the delete dialog at 360, 390 and 1366',
  async run({ page, base, shot }) {
    const bad = [];
    // One game per board (the Rommé presets share theirs); bots only, a short match.
    for (const game of GAMES) {
      await page.setViewportSize({ width: 390, height: 844 });
      let seen = false;
      await finishMatch(page, base, game, 7, async (p, deal) => {
        if (deal === 1) bad.push(...(await auditAtSizes(p, `deal end ${game}`, END, shot)));
        seen = true;
      });
      assert(seen, `${game}: a deal end before the match end`);
      bad.push(...(await auditAtSizes(page, `match end ${game}`, END, shot)));
    }
    // A Karussell table full of melds after the draw (the wave-2 fixture): nothing covers
    // the table at any size.
    await page.evaluate(([j, s]) => { localStorage.setItem('kartenrunde.game.careful-k', j); localStorage.setItem('kartenrunde.settings.v1', s); }, [KARUSSELL_SAVE, FAST]);
    await page.goto(base + '#/play/careful-k');
    await page.waitForSelector('[data-testid=table-card]');
    if (await page.$('[data-testid=coach-close]')) await page.click('[data-testid=coach-close]');
    bad.push(...(await auditAtSizes(page, 'karussell table', '[data-testid=karussell-board]', shot)));
    // The same game watched again: the replay's controls and its board.
    await page.goto(base + '#/replay/careful-k');
    await page.waitForSelector('[data-testid=replay] [data-testid=karussell-board]');
    // To the end of the round so far: the table full of melds, as above.
    await page.click('[data-testid=replay-deal-on]');
    await page.waitForSelector('[data-testid=replay] [data-testid=table-card]');
    bad.push(...(await auditAtSizes(page, 'replay', '[data-testid=replay]', shot)));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
    await startMidTurn(page, base, 'romme');
    await page.click('[data-testid=coach-show]');
    await page.waitForSelector('[data-testid=coach]');
    bad.push(...(await auditAtSizes(page, 'coach', '[data-testid=coach]', shot)));
    await page.goto(base + '#/saves');
    await page.waitForSelector('[data-testid=save-row] [data-testid=delete]');
    await page.click('[data-testid=save-row] [data-testid=delete]');
    await page.waitForSelector('[data-testid=confirm-delete]');
    bad.push(...(await auditAtSizes(page, 'delete dialog', '[data-testid=confirm-delete]', shot)));
    await page.click('[data-testid=confirm-delete-no]');
    assert(bad.length === 0, `careful player:\n  ${bad.join('\n  ')}`);
  },
});

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

// A face "♥7", "♣B", "🃏" as [suit, rank] in the app's sort order (jokers last).
const SUITS = '♣♠♥♦';
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'B', 'D', 'K'];
const faceKey = (f) => (SUITS.includes(f[0]) ? [SUITS.indexOf(f[0]), RANKS.indexOf(f.slice(1)) + 1] : [9, 99]);
const sortedBy = (faces, key) => faces.every((f, i) => i === 0 || (([a, b], [c, d]) => a < c || (a === c && b <= d))(key(faces[i - 1]), key(f)));
const bySuit = (f) => faceKey(f);
const byRank = (f) => { const [s, r] = faceKey(f); return s === 9 ? [99, 0] : [r, s]; };
const faces = (page) => page.$$eval('.dock [data-testid=hand-card]', (es) => es.map((e) => e.dataset.face));

TESTS.push({
  name: 'careful: a new hand is shown in the sort chosen last – by suit at first, by rank after "Wert", also in a new game and after a reload',
  async run({ page, base }) {
    await page.goto(base + '#/');
    await page.evaluate((s) => { localStorage.clear(); localStorage.setItem('kartenrunde.settings.v1', s); }, FAST);
    await startMidTurn(page, base, 'romme');
    let h = await faces(page);
    assert(h.length >= 13 && sortedBy(h, bySuit), `the dealt hand sorted by suit: ${h.join(' ')}`);
    await page.click('[data-testid=sort-rank]');
    await page.waitForFunction(() => true);
    h = await faces(page);
    assert(sortedBy(h, byRank), `by rank after "Wert": ${h.join(' ')}`);
    // A new game: its hand comes in the sort chosen last.
    await startMidTurn(page, base, 'romme_kaufen');
    h = await faces(page);
    assert(sortedBy(h, byRank) && !sortedBy(h, bySuit), `a new deal by rank: ${h.join(' ')}`);
    await page.reload();
    await page.waitForSelector('.dock [data-testid=hand-card]');
    const again = await faces(page);
    assert(again.join(' ') === h.join(' '), `the same order after a reload: ${again.join(' ')} / ${h.join(' ')}`);
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

// Where every named element of the board is (its top-left corner), hand cards aside (a picked
// card rises by design).
const positions = (page) => page.evaluate(() => {
  const out = {};
  for (const e of document.querySelectorAll('[data-testid]:not([data-testid=hand-card])')) {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const key = `${e.dataset.testid}#${e.dataset.card || e.dataset.seat || e.dataset.meld || ''}`;
    if (!(key in out)) out[key] = [Math.round(r.left), Math.round(r.top + scrollY)];
  }
  return out;
});

TESTS.push({
  name: 'careful: picking one, two and three cards moves nothing on the table, in every game, at 360 and 1366',
  async run({ page, base }) {
    await page.goto(base + '#/');
    await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
    const bad = [];
    for (const [w, h] of [[360, 640], [1366, 768]]) {
      await page.setViewportSize({ width: w, height: h });
      for (const id of GAMES) {
        const board = await startMidTurn(page, base, id);
        // Rommé, Karussell and Profi-Sort: draw first, then cards can be picked.
        if ((await page.$eval(`[data-testid=${board}]`, (b) => b.dataset.phase || b.dataset.pending)) === 'draw') {
          await page.click('[data-testid=draw], [data-testid=stock]');
          await page.waitForFunction((b) => { const e = document.querySelector(`[data-testid=${b}]`); return !e || (e.dataset.phase || e.dataset.pending) !== 'draw'; }, board);
          await page.waitForTimeout(300);
        }
        if (await page.$(END)) continue;
        const before = await positions(page);
        const cards = await page.$$eval('.dock [data-testid=hand-card]', (es) => es.map((e) => e.dataset.card));
        for (const [n, card] of cards.slice(0, 3).entries()) {
          await page.click(`.dock [data-testid=hand-card][data-card="${card}"]`);
          await page.waitForTimeout(200);
          const after = await positions(page);
          const moved = Object.keys(before).filter((k) => k in after && (Math.abs(before[k][0] - after[k][0]) > 1 || Math.abs(before[k][1] - after[k][1]) > 1))
            .map((k) => `${k} ${before[k]} → ${after[k]}`);
          if (moved.length) bad.push(`${id} ${w}, ${n + 1} card(s) picked: ${moved.join('; ')}`);
        }
      }
    }
    assert(bad.length === 0, `the table moved:\n  ${bad.join('\n  ')}`);
  },
});

TESTS.push({
  name: 'careful: no card flies over a deal-end panel, nor over the page a player goes to in the middle of a move',
  async run({ page, base }) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(base + '#/');
    await page.evaluate(() => localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Full', bot_delay_ms: 250 })));
    await page.goto(base + '#/setup/romme');
    await page.reload();
    await page.waitForSelector('[data-testid=seat-row]');
    const rows = (await page.$$('[data-testid=seat-row]')).length;
    for (let i = 0; i < rows; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, 'normal');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=romme-board]');
    // Every frame painted with a flying card and an end panel together is counted (checked
    // just before each paint).
    await page.evaluate(() => {
      window.__over = 0;
      window.__flights = 0;
      window.__watching = true;
      const check = () => {
        const flying = document.querySelector('.flip-moving');
        if (flying) window.__flights++;
        if (flying && document.querySelector('[data-testid=deal-end]')) window.__over++;
        if (window.__watching) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.waitForSelector('[data-testid=deal-end]', { timeout: 120000 });
    await page.waitForTimeout(1600);
    const seen = await page.evaluate(() => [window.__flights, window.__over]);
    assert(seen[0] > 0, 'cards flew during the deal (motion on)');
    eq(seen[1], 0, 'no frame painted with a card flying over the deal-end panel');
    // The next deal; in the middle of a bot's move the player goes to the saved games.
    await page.click('[data-testid=next-deal]');
    await page.waitForSelector('.flip-moving', { state: 'attached', timeout: 30000 });
    await page.evaluate(() => { location.hash = '#/saves'; });
    await page.waitForSelector('[data-testid=save-row]');
    await page.waitForTimeout(100);
    eq(await page.$$eval('.flip-moving', (e) => e.length), 0, 'no flying card over the saves page');
    await page.evaluate(() => { window.__watching = false; });
  },
});

// Words that give German away in the English UI (whole words, case as written).
const GERMAN = ['und', 'der', 'die', 'das', 'nicht', 'mit', 'ist', 'Karte', 'Karten', 'Punkte', 'Spiel',
  'Spiele', 'Runde', 'Spieler', 'ziehen', 'Ziehen', 'abwerfen', 'Abwerfen', 'Weiter', 'Zurück',
  'Einstellungen', 'Regeln', 'Statistik', 'Legen', 'Farbe', 'Wert', 'Auslegen', 'anlegen', 'Hinweis',
  'Verlauf', 'Startseite', 'Partie', 'Aufgabe', 'Aufgaben', 'Stapel', 'Ablage', 'gewählt', 'Spielhilfe'];

TESTS.push({
  name: 'careful: no German word in the English UI – every page and every board mid-turn',
  async run({ page, base }) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(base + '#/');
    await page.evaluate(() => localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'En', deck: 'Two', motion: 'Reduced', bot_delay_ms: 20 })));
    // The app may have started (and read the settings) before the line above: start it again.
    await page.reload();
    const bad = [];
    const check = async (label) => {
      const found = await page.evaluate((words) => {
        const seen = new Set(document.body.innerText.split(/[^A-Za-zÄÖÜäöüß]+/));
        return words.filter((w) => seen.has(w));
      }, GERMAN);
      if (found.length) bad.push(`${label}: ${found.join(', ')}`);
    };
    const ids = await presets(page, base);
    await check('home');
    for (const id of ids) {
      await page.goto(base + '#/setup/' + id);
      await page.waitForSelector('[data-testid=start]');
      await check(`setup ${id}`);
      await page.goto(base + '#/rules/' + id);
      await page.waitForSelector('.rules-page');
      await check(`rules ${id}`);
      await startMidTurn(page, base, id);
      await check(`board ${id}`);
    }
    for (const [route, sel] of [['saves', '[data-testid=save-row]'], ['settings', '.settings'], ['stats', 'main']]) {
      await page.goto(base + '#/' + route);
      await page.waitForSelector(sel);
      await check(route);
    }
    assert(bad.length === 0, `German in the English UI:\n  ${bad.join('\n  ')}`);
  },
});

export default TESTS;
