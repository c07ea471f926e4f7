// Keyboard only: a Rommé turn (draw, meld, discard) without the mouse – Tab moves
// the focus, Space picks a card, Enter confirms; table melds and the new-meld area are
// focusable targets.
import { assert, eq } from './assert.mjs';
import { findMeld, hand, board, startGame, waitMine, playDeal } from './romme.mjs';
import { abState, abWaitMine, abHand, biggestPlay, abStart } from './abluxxen.mjs';
import { myMove as kMyMove } from './karussell.mjs';
import { readFileSync } from 'node:fs';
import { fixSeed } from './bot_match.mjs';
import { BOARD, covering, GAMES } from './games.mjs';

const PS = JSON.parse(readFileSync(new URL('./fixtures/profisort.json', import.meta.url)));
const ids = (page) => page.$$eval('[data-testid=hand-card]', (els) => els.map((e) => e.dataset.card));

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });

// The Rommé setup page, fast settings.
async function rommeSetup(page, base) {
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.goto(base + '#/setup/romme');
  await page.reload();
  await page.waitForSelector('[data-testid=start]');
}

// Presses Tab until the focused element matches `sel` (at most two rounds of the page).
async function tabTo(page, sel) {
  for (let i = 0; i < 400; i++) {
    if (await page.evaluate((s) => !!document.activeElement && document.activeElement.matches(s), sel)) return;
    await page.keyboard.press('Tab');
  }
  const why = await page.evaluate((s) => ({
    matches: document.querySelectorAll(s).length,
    focus: document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : null,
    phase: (document.querySelector('[data-phase]') || {}).dataset?.phase,
  }), sel);
  throw new Error('Tab never reached ' + sel + ' ' + JSON.stringify(why));
}

// Puts the focus on hand card `id` as a keyboard user does: Tab to the hand (one Tab stop),
// then arrow keys along the row.
async function focusCard(page, id) {
  const at = () => page.evaluate(() => document.activeElement && document.activeElement.dataset.card);
  if ((await at()) !== id) await tabTo(page, '[data-testid=hand-card]');
  await page.keyboard.press('Home');
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(20); // the focus moves on the next frame
    if ((await at()) === id) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error('the arrows never reached card ' + id);
}

async function key(page, sel, k) {
  const card = /^\[data-testid=hand-card\]\[data-card="(\d+)"\]$/.exec(sel);
  if (card) await focusCard(page, card[1]);
  else await tabTo(page, sel);
  await page.keyboard.press(k);
}

// At a deal's end: "Nächstes Spiel" by keyboard; after the last deal of a match (500
// points reached, no such button) a new match from the setup, also by keyboard.
async function nextDeal(page) {
  if (await page.$('[data-testid=match-winner]')) {
    await page.goto(page.url().replace(/#.*$/, '#/setup/romme'));
    await page.waitForSelector('[data-testid=start]');
    await key(page, '[data-testid=start]', 'Enter');
    await page.waitForSelector('[data-testid=romme-board]');
    return;
  }
  await key(page, '[data-testid=next-deal]', 'Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid=deal-end]'), null, { timeout: 15000 });
}

// Waits until it is the human's `phase` (or the deal is over: true then).
const mine = async (page, phase) => {
  await page.waitForFunction((p) => {
    const b = document.querySelector('[data-testid=romme-board]');
    return document.querySelector('[data-testid=deal-end]') || (b && b.dataset.mine === 'true' && b.dataset.phase === p);
  }, phase, { timeout: 60000 });
  return !!(await page.$('[data-testid=deal-end]'));
};

// Tab presses from the element matching `from` to one matching `to`: the fewer of Tab and
// Shift+Tab (at most `max`; max + 1 if neither gets there).
async function tabDistance(page, from, to, max = 6) {
  let best = max + 1;
  for (const k of ['Tab', 'Shift+Tab']) {
    await page.focus(from);
    for (let i = 1; i <= max && i < best; i++) {
      await page.keyboard.press(k);
      if (await page.evaluate((s) => !!document.activeElement && document.activeElement.matches(s), to)) { best = i; break; }
    }
  }
  return best;
}

export default [
  {
    name: 'keyboard: a Rommé turn by keyboard only – draw, meld, discard',
    async run({ page, base, shot }) {
      await rommeSetup(page, base);
      await key(page, '[data-testid=start]', 'Enter');
      await page.waitForSelector('[data-testid=romme-board]');
      let melded = false;
      for (let turn = 0; turn < 60 && !melded; turn++) {
        if (await page.$('[data-testid=deal-end]')) {
          await nextDeal(page);
          continue;
        }
        if (await mine(page, 'draw')) continue;
        await key(page, '[data-testid=draw]', 'Enter');
        if (await mine(page, 'play')) continue;
        const ids = melded ? null : findMeld(await hand(page));
        if (ids) {
          const n = (await page.$$('[data-testid=table-meld]')).length;
          for (const id of ids) await key(page, `[data-testid=hand-card][data-card="${id}"]`, ' ');
          await key(page, (await page.$('[data-testid=meld-button]')) ? '[data-testid=meld-button]' : '[data-testid=meld-high]', 'Enter');
          await page.waitForFunction((k) => document.querySelectorAll('[data-testid=table-meld]').length > k, n);
          melded = true;
          await shot('keyboard-meld');
        }
        if ((await board(page)).phase !== 'play') continue;
        const h = await hand(page);
        const last = h[h.length - 1];
        await key(page, `[data-testid=hand-card][data-card="${last.id}"]`, ' ');
        await key(page, '[data-testid=discard-button]', 'Enter');
        if (await page.$('[data-testid=discard-warning]')) { await page.waitForTimeout(450); await key(page, '[data-testid=discard-button]', 'Enter'); }
        await page.waitForFunction(() => {
          const b = document.querySelector('[data-testid=romme-board]');
          return !b || b.dataset.phase !== 'play' || b.dataset.mine !== 'true';
        });
      }
      assert(melded, 'a meld laid out by keyboard');
      eq(await page.evaluate(() => !!document.querySelector('.drag-ghost')), false, 'no drag left over');
    },
  },
  {
    name: 'keyboard: a Rommé lay-off by keyboard only – pick a card, Tab to the highlighted table meld, Enter',
    async run({ page, base, shot }) {
      // The same match every time (a random one took 14–75 s and could end the match first);
      // with this seed a lay-off comes within a few seconds.
      await fixSeed(page, 7);
      await rommeSetup(page, base);
      await key(page, '[data-testid=start]', 'Enter');
      await page.waitForSelector('[data-testid=romme-board]');
      let melded = false;
      let laidOff = false;
      for (let turn = 0; turn < 150 && !laidOff; turn++) {
        if (await page.$('[data-testid=deal-end]')) {
          melded = false;
          await nextDeal(page);
          continue;
        }
        if (await mine(page, 'draw')) continue;
        await key(page, '[data-testid=draw]', 'Enter');
        if (await mine(page, 'play')) continue;
        const openedBefore = melded; // lay-offs once the own melds of an earlier turn stand
        // Open with melds first (as many as the simple finder sees).
        for (let m = 0; m < 4; m++) {
          const ids = findMeld(await hand(page));
          if (!ids || (await hand(page)).length <= 3) break;
          const n = (await page.$$('[data-testid=table-meld]')).length;
          for (const id of ids) await key(page, `[data-testid=hand-card][data-card="${id}"]`, ' ');
          const button = (await page.$('[data-testid=meld-button]')) ? '[data-testid=meld-button]' : (await page.$('[data-testid=meld-high]')) ? '[data-testid=meld-high]' : null;
          if (!button) { await page.keyboard.press('Escape'); break; }
          await key(page, button, 'Enter');
          const ok = await page.waitForFunction((k) => document.querySelectorAll('[data-testid=table-meld]').length > k, n, { timeout: 3000 }).then(() => true, () => false);
          if (!ok) { await page.keyboard.press('Escape'); break; }
          melded = true;
        }
        // A lay-off: pick each card in turn; a table meld it fits is highlighted (.target).
        if (openedBefore && (await board(page)).phase === 'play') {
          // Natural cards only (a joker on a run would also ask which end it takes).
          for (const c of (await hand(page)).filter((x) => /^[♣♠♥♦]/.test(x.face))) {
            if ((await hand(page)).length <= 1) break;
            await key(page, `[data-testid=hand-card][data-card="${c.id}"]`, ' ');
            if (await page.$('[data-testid=table-meld].target')) {
              const before = (await hand(page)).length;
              await shot('keyboard-layoff-target');
              await key(page, '[data-testid=table-meld].target', 'Enter');
              const took = await page.waitForFunction((n) => document.querySelectorAll('[data-testid=hand-card]').length < n, before, { timeout: 3000 }).then(() => true, () => false);
              if (!took) { await page.keyboard.press('Escape'); continue; }
              const tableIds = await page.$$eval('[data-testid=table-meld] [data-cid]', (e) => e.map((x) => x.dataset.cid));
              assert(tableIds.includes(c.id), 'the card now lies in a table meld');
              laidOff = true;
              break;
            }
            await page.keyboard.press('Escape');
          }
        }
        if ((await board(page)).phase !== 'play' || laidOff) continue;
        // Discard the last natural card (a joker just won by an exchange may not be discarded).
        const lastNatural = async () => (await hand(page)).filter((x) => /^[♣♠♥♦]/.test(x.face)).at(-1) || (await hand(page)).at(-1);
        await key(page, `[data-testid=hand-card][data-card="${(await lastNatural()).id}"]`, ' ');
        // Melds short of the opening minimum cannot stay: take them back (undo), then discard.
        for (let u = 0; u < 6 && !(await page.$('[data-testid=discard-button]')); u++) {
          // (also a joker won by an exchange, which must be laid out in the same turn)
          if (!(await page.$('[data-testid=undo]:not([disabled])'))) break;
          await key(page, '[data-testid=undo]', 'Enter');
          await page.waitForTimeout(100);
          melded = false;
          await key(page, `[data-testid=hand-card][data-card="${(await lastNatural()).id}"]`, ' ');
        }
        await key(page, '[data-testid=discard-button]', 'Enter');
        if (await page.$('[data-testid=discard-warning]')) { await page.waitForTimeout(450); await key(page, '[data-testid=discard-button]', 'Enter'); }
        await page.waitForFunction(() => {
          const b = document.querySelector('[data-testid=romme-board]');
          return !b || b.dataset.phase !== 'play' || b.dataset.mine !== 'true';
        });
      }
      assert(laidOff, 'a card laid off by keyboard');
    },
  },
  {
    name: 'keyboard: the seat list keeps the focus – names typed one after another with Tab, a bot level chosen with the arrows, a seat added and removed; the game starts with them',
    async run({ page, base }) {
      await rommeSetup(page, base);
      const at = () => page.evaluate(() => {
        const e = document.activeElement;
        const row = e && e.closest('[data-testid=seat-row]');
        return row ? `${[...row.parentNode.children].indexOf(row)}:${e.className}` : (e && e.tagName);
      });
      // A name, Tab to its kind, Tab to "Entfernen", Tab to the next name: each field keeps
      // the focus through the change of the one before (a list drawn anew at a change would
      // take it away: on a phone, the next name field tapped would close its keyboard).
      await page.click('[data-testid=seat-row] >> nth=0 >> input.seat-name');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Uta');
      await page.keyboard.press('Tab');
      eq(await at(), '0:seat-kind', 'Tab from the first name goes to its kind');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      eq(await at(), '1:seat-name', 'two Tabs on: the second name');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Veit');
      await page.keyboard.press('Tab');
      eq(await at(), '1:seat-kind', 'the second seat\'s kind has the focus after its name changed');
      // The arrow keys change a focused select's value at once in Chromium (no list opens).
      const before = await page.$eval('[data-testid=seat-row] >> nth=1 >> select', (e) => e.value);
      await page.keyboard.press('ArrowDown');
      const after = await page.$eval('[data-testid=seat-row] >> nth=1 >> select', (e) => e.value);
      assert(after !== before, `the arrow changed the kind: ${before} → ${after}`);
      eq(await at(), '1:seat-kind', 'the kind keeps the focus after its change');
      // A seat added and the first removed: the others keep their names and kinds.
      const n = await page.locator('[data-testid=seat-row]').count();
      await page.click('text=Spieler hinzufügen');
      eq(await page.locator('[data-testid=seat-row]').count(), n + 1, 'a seat added');
      await page.click('[data-testid=seat-row] >> nth=0 >> button');
      eq(await page.locator('[data-testid=seat-row]').count(), n, 'the first seat removed');
      eq(await page.$eval('[data-testid=seat-row] >> nth=0 >> input', (e) => e.value), 'Veit', 'the second seat moved up with its name');
      eq(await page.$eval('[data-testid=seat-row] >> nth=0 >> select', (e) => e.value), after, '… and its kind');
      eq(await page.$eval('[data-testid=seat-row] >> nth=0 >> .seat-no', (e) => e.textContent), '1', '… and is number 1');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=romme-board]');
      // Veit's is the seat shown here (its own name is not on the board): the save names it.
      const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kartenrunde.game.')).map((k) => localStorage.getItem(k)).join('\n'));
      assert(saved.includes('"Veit"'), 'the game is saved with the renamed seat');
      assert(!saved.includes('"Uta"'), 'the removed seat is not at the table');
    },
  },
  {
    name: 'keyboard: the skip link reaches the start button and the hand; dialogs keep the focus inside and give it back',
    async run({ page, base }) {
      await rommeSetup(page, base);
      const focused = () => page.evaluate(() => document.activeElement && (document.activeElement.dataset.testid || document.activeElement.tagName));
      // Three key presses from the setup to a running game: Tab, Enter (skip link), Enter.
      await page.keyboard.press('Tab');
      eq(await focused(), 'skip-link', 'the first Tab stop is the skip link');
      assert(await page.isVisible('[data-testid=skip-link]'), 'the skip link shows when focused');
      await page.keyboard.press('Enter');
      eq(await focused(), 'start', 'the skip link jumps to the start button');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=romme-board]');
      // On the board the skip link jumps to the hand.
      await tabTo(page, '[data-testid=skip-link]');
      await page.keyboard.press('Enter');
      eq(await focused(), 'hand-card', 'the skip link jumps to the hand');

      // The delete dialog of the saves page: focus inside, Tab cycles, Escape gives it back.
      await page.goto(base + '#/saves');
      await page.waitForSelector('[data-testid=delete]');
      await tabTo(page, '[data-testid=delete]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=confirm-delete]');
      eq(await focused(), 'confirm-delete-no', 'the dialog opens with the focus on Abbrechen');
      const inside = () => page.evaluate(() => !!document.activeElement.closest('[data-testid=confirm-delete]'));
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        assert(await inside(), `Tab ${i + 1} stays in the dialog`);
      }
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Shift+Tab');
        assert(await inside(), `Shift+Tab ${i + 1} stays in the dialog`);
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=confirm-delete]'));
      eq(await focused(), 'delete', 'the focus is back on the button that opened the dialog');
      eq((await page.$$('[data-testid=save-row]')).length, 1, 'nothing deleted');
    },
  },
  {
    name: 'keyboard: the hand – one Tab stop, arrows move the focus, Shift+arrow moves the card, Space picks, Escape clears',
    async run({ page, base }) {
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.goto(base + '#/setup/romme');
      await page.reload();
      await key(page, '[data-testid=start]', 'Enter');
      await page.waitForSelector('[data-testid=romme-board]');
      // Cards can be picked on the player's own turn.
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.mine === 'true', null, { timeout: 30000 });
      const ids = async () => (await hand(page)).map((c) => c.id);
      const focused = () => page.evaluate(() => document.activeElement && document.activeElement.dataset.card);
      const order = await ids();
      eq(await page.$$eval('[data-testid=hand-card][tabindex="0"]', (e) => e.length), 1, 'one card in the Tab order');
      await tabTo(page, '[data-testid=hand-card]');
      eq(await focused(), order[0], 'Tab reaches the first card');
      const frame = () => page.waitForTimeout(50); // the focus moves on the next frame
      await page.keyboard.press('ArrowRight');
      await frame();
      eq(await focused(), order[1], '→ moves the focus');
      await page.keyboard.press('End');
      await frame();
      eq(await focused(), order[order.length - 1], 'End: the last card');
      await page.keyboard.press('Home');
      await frame();
      await page.keyboard.press('Shift+ArrowRight');
      await frame();
      const moved = await ids();
      eq(moved[1], order[0], 'Shift+→ moves the card one place');
      eq(await focused(), order[0], 'the moved card keeps the focus');
      await page.keyboard.press(' ');
      eq(await page.getAttribute(`[data-testid=hand-card][data-card="${order[0]}"]`, 'aria-pressed'), 'true', 'Space picks the card');
      await page.keyboard.press('Escape');
      eq(await page.getAttribute(`[data-testid=hand-card][data-card="${order[0]}"]`, 'aria-pressed'), 'false', 'Escape clears the selection');
      eq(await page.getAttribute('[data-testid=log]', 'aria-live'), 'polite', 'the log announces moves');
    },
  },
  {
    name: 'keyboard: an Abluxxen turn by keyboard only – pick a group with the arrows, play it, draw',
    async run({ page, base, shot }) {
      // Set up with the mouse (five rounds, so that a draw decision surely comes); the
      // turns themselves by keyboard only.
      await abStart(page, base, 'abluxxen', 5);
      const done = new Set();
      for (let i = 0; i < 200 && !(done.has('play') && done.has('draw')); i++) {
        await abWaitMine(page);
        const st = await abState(page);
        if (st.end) break;
        if (st.roundEnd) { await key(page, '[data-testid=next-round]', 'Enter'); await page.waitForTimeout(50); continue; }
        if (!st.mine) continue;
        if (st.pending === 'play') {
          const before = (await abHand(page)).length;
          const pick = biggestPlay(await abHand(page));
          for (const id of pick) await key(page, `[data-testid=hand-card][data-card="${id}"]`, ' ');
          await key(page, '[data-testid=play]', 'Enter');
          await page.waitForFunction((n) => document.querySelectorAll('[data-testid=hand-card]').length < n || document.querySelector('[data-testid=end-screen]'), before);
          done.add('play');
        } else if (st.pending === 'draw') {
          const target = (await page.$('[data-testid=supply-slot].can-draw')) ? '[data-testid=supply-slot].can-draw' : '[data-testid=draw-pile].can-draw';
          const before = (await abHand(page)).length;
          await key(page, target, 'Enter');
          await page.waitForFunction((n) => document.querySelectorAll('[data-testid=hand-card]').length > n || document.querySelector('[data-testid=ab-board]').dataset.pending !== 'draw', before);
          done.add('draw');
        } else if (st.pending === 'luxx') {
          await key(page, '[data-testid=take-luxxed]', 'Enter');
        } else if (st.pending === 'victim') {
          await key(page, '[data-testid=take-back]', 'Enter');
        } else if (st.pending === 'shadow') {
          await key(page, '[data-testid=shadow-group].choice', 'Enter');
        }
        await page.waitForTimeout(30);
      }
      assert(done.has('play'), 'a group played by keyboard');
      assert(done.has('draw'), 'a card drawn by keyboard');
      await shot('keyboard-abluxxen');
    },
  },
  {
    name: 'keyboard: a Karussell turn by keyboard only – draw, a card to a new meld and back, place the hint, commit',
    async run({ page, base, shot }) {
      await page.goto(base + '#/');
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.goto(base + '#/setup/karussell');
      await page.reload();
      await page.waitForSelector('[data-testid=start]');
      await key(page, '[data-testid=start]', 'Enter');
      await page.waitForSelector('[data-testid=karussell-board]');
      let moved = false, placed = 0;
      for (let turn = 0; turn < 60 && !placed; turn++) {
        let p = await kMyMove(page);
        if (p === 'round-over' || p === 'match-over') break;
        if (p === 'draw') {
          await key(page, '[data-testid=stock]', 'Enter');
          await page.waitForFunction(() => document.querySelector('[data-testid=karussell-board]').dataset.phase !== 'draw');
          p = await kMyMove(page);
        }
        if (p !== 'may-meld' && p !== 'final-turn') continue;
        await page.waitForSelector('[data-testid=can-place]');
        if (!moved) {
          // Space picks a hand card, Enter on the new-meld area puts it there; "Zurücksetzen"
          // by keyboard brings it back.
          const card = (await ids(page))[0];
          await key(page, `[data-testid=hand-card][data-card="${card}"]`, ' ');
          await key(page, '[data-testid=new-meld]', 'Enter');
          await page.waitForSelector(`[data-testid=k-meld] [data-testid=table-card][data-card="${card}"]`);
          assert(!(await ids(page)).includes(card), 'the card left the hand for the new meld');
          await shot('keyboard-karussell-new-meld');
          await key(page, '[data-testid=reset]', 'Enter');
          await page.waitForFunction((c) => [...document.querySelectorAll('[data-testid=hand-card]')].some((e) => e.dataset.card === c), card);
          eq(await page.$$eval(`[data-testid=k-meld] [data-testid=table-card][data-card="${card}"]`, (e) => e.length), 0, 'the reset took it off the table');
          moved = true;
        }
        const n = Number(await page.$eval('[data-testid=can-place]', (e) => e.dataset.n));
        if (n > 0) {
          const before = (await ids(page)).length;
          await key(page, '[data-testid=hint]', 'Enter');
          await key(page, '[data-testid=commit]', 'Enter');
          await page.waitForFunction((b) => document.querySelectorAll('[data-testid=hand-card]').length < b, before);
          eq(before - (await ids(page)).length, n, 'the committed cards left the hand');
          placed = n;
          break;
        }
        const next = (await page.$('[data-testid=draw-again]')) ? 'draw-again' : (await page.$('[data-testid=pass]')) ? 'pass' : (await page.$('[data-testid=end-turn]')) ? 'end-turn' : null;
        if (next) await key(page, `[data-testid=${next}]`, 'Enter');
        await page.waitForTimeout(60);
      }
      assert(moved, 'a card was moved by keyboard');
      assert(placed > 0, 'cards were placed and committed by keyboard');
      await shot('keyboard-karussell');
    },
  },
  {
    name: 'keyboard: a Profi-Sort turn by keyboard only – pick a task, lay it, give the ace to a bot, discard',
    async run({ page, base, shot }) {
      const T = PS.task;
      const cards = T.cards.map(String);
      await page.goto(base + '#/');
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.goto(base + '#/link/' + T.link);
      await page.waitForSelector('[data-testid=profisort-board]');
      const hand = await ids(page);
      for (const c of cards) await key(page, `[data-testid=hand-card][data-card="${c}"]`, ' ');
      await key(page, `[data-testid=lay-task][data-task="${T.task}"]`, 'Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=meld]').length === 1);
      eq((await ids(page)).length, hand.length - cards.length, 'the task cards left the hand');
      // The ace: picked with Space, the bot is then a Tab stop; Enter gives it.
      await key(page, `[data-testid=hand-card][data-card="${T.ace}"]`, ' ');
      await key(page, '[data-testid=opponent][data-seat="1"]', 'Enter');
      await page.waitForFunction(() => document.querySelector('[data-testid=opponent][data-seat="1"] [data-testid=received-aces]').dataset.count === '1');
      await shot('keyboard-profisort-ace');
      const left = await ids(page);
      await key(page, `[data-testid=hand-card][data-card="${left[0]}"]`, ' ');
      await key(page, '[data-testid=discard]', 'Enter');
      await page.waitForFunction((c) => ![...document.querySelectorAll('[data-testid=hand-card]')].some((e) => e.dataset.card === c), left[0]);
      await shot('keyboard-profisort');
    },
  },
  {
    name: 'keyboard: after "Nächstes Spiel" by Enter the focus stays on the table, not lost to the page',
    async run({ page, base, shot }) {
      await startGame(page, base, 'romme');
      await playDeal(page);
      await page.waitForSelector('[data-testid=deal-end]', { timeout: 60000 });
      await key(page, '[data-testid=next-deal]', 'Enter');
      await page.waitForFunction(() => !document.querySelector('[data-testid=deal-end]'), null, { timeout: 15000 });
      await waitMine(page, 60000);
      await page.waitForTimeout(100);
      const focus = await page.evaluate(() => {
        const a = document.activeElement;
        return { inBoard: !!a && a !== document.body && a.isConnected && !!a.closest('[data-testid=romme-board]'), what: a ? a.tagName + '.' + a.className : 'none' };
      });
      assert(focus.inBoard, 'the focus is on the new deal\'s table: ' + focus.what);
      await shot('keyboard-next-deal');
    },
  },
  {
    name: 'keyboard: draw, discard and the hand are within 3 Tabs of each other (Rommé)',
    async run({ page, base }) {
      await rommeSetup(page, base);
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=romme-board]');
      const HAND = '[data-testid=hand-card][tabindex="0"]';
      for (let deal = 0; deal < 3 && (await mine(page, 'draw')); deal++) await nextDeal(page);
      const draw = await tabDistance(page, HAND, '[data-testid=draw]');
      const take = await tabDistance(page, HAND, '[data-testid=take-discard]');
      await page.click('[data-testid=draw]');
      await mine(page, 'play');
      const h = await hand(page);
      await page.click(`[data-testid=hand-card][data-card="${h[h.length - 1].id}"]`);
      await page.waitForSelector('[data-testid=discard-button]:not([disabled])');
      const discard = await tabDistance(page, HAND, '[data-testid=discard-button]');
      const back = await tabDistance(page, '[data-testid=discard-button]', HAND);
      const said = `hand → Ziehen ${draw}, hand → Ablage nehmen ${take}, hand → Abwerfen ${discard}, Abwerfen → hand ${back}`;
      console.log(`     Tabs: ${said}`);
      assert(draw <= 3 && take <= 3 && discard <= 3 && back <= 3, `within 3 Tabs: ${said}`);
      // A discard by keyboard: the focus goes back to the hand, never to the page body.
      await page.focus('[data-testid=discard-button]');
      await page.keyboard.press('Enter');
      if (await page.$('[data-testid=discard-warning]')) { await page.waitForTimeout(450); await page.focus('[data-testid=discard-button]'); await page.keyboard.press('Enter'); }
      await page.waitForFunction(() => { const b = document.querySelector('[data-testid=romme-board]'); return !b || b.dataset.phase !== 'play' || b.dataset.mine !== 'true'; });
      await page.waitForTimeout(100);
      const focus = await page.evaluate(() => (document.activeElement ? document.activeElement.dataset.testid || document.activeElement.tagName : 'none'));
      eq(focus, 'hand-card', 'after the discard the focus is on the hand');
    },
  },
  {
    name: 'keyboard: Karussell, Profi-Sort and Abluxxen – the draw and the turn\'s last step within 3 Tabs of the hand',
    async run({ page, base }) {
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      const HAND = '.dock [data-testid=hand-card][tabindex="0"]';
      const said = [];
      const bad = [];
      // [game, board, its draw control, the control that ends the turn once drawn]
      // (Rommé: the test above.)
      const others = GAMES.filter((g) => g !== 'romme');
      for (const [game, draw, end] of covering('keyboard: draw and end', [
        ['karussell', '[data-testid=stock]', '[data-testid=draw-again], [data-testid=end-turn], [data-testid=pass], [data-testid=knock]'],
        ['profisort', '[data-testid=draw]', '[data-testid=discard]'],
        ['abluxxen', null, '[data-testid=play]'],
      ], others)) {
        const board = BOARD[game];
        await page.goto(base + '#/setup/' + game);
        await page.waitForSelector('[data-testid=start]');
        await page.click('[data-testid=start]');
        await page.waitForSelector(`[data-testid=${board}][data-mine=true]`, { timeout: 60000 });
        if (await page.$('[data-testid=coach-close]')) await page.click('[data-testid=coach-close]');
        if (draw) {
          const d = await tabDistance(page, HAND, draw);
          said.push(`${game}: hand → draw ${d}`);
          if (d > 3) bad.push(`${game}: hand → draw ${d}`);
          await page.click(draw);
          await page.waitForFunction((b) => { const e = document.querySelector(`[data-testid=${b}]`); return e.dataset.phase !== 'draw'; }, board);
        }
        // The turn's last step is offered once a card is picked (Profi-Sort, Abluxxen).
        await page.click(HAND);
        await page.waitForSelector(`${end}`);
        const e = await tabDistance(page, HAND, `${end}`);
        said.push(`${game}: hand → ${end} ${e}`);
        if (e > 3) bad.push(`${game}: hand → ${end} ${e}`);
      }
      console.log(`     Tabs: ${said.join(', ')}`);
      assert(bad.length === 0, `within 3 Tabs: ${bad.join(', ')}`);
    },
  },
];
