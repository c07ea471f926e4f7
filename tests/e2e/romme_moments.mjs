// The moments of a Rommé turn that must never mislead (issue 25): melding before the draw,
// lay off or exchange a joker, the freed joker, the Räuber upcard, the exchange before the
// first meld. Positions from `cargo run --example romme_moments` (fixtures/romme.json).
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { assert, eq } from './assert.mjs';
import { startGame, hand, board, untilMyDraw } from './romme.mjs';

const FIX = JSON.parse(readFileSync(new URL('./fixtures/romme.json', import.meta.url)));
const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const PHONE = { width: 390, height: 844 };

async function open(page, base, link, size = PHONE) {
  await page.goto(base + '#/');
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.setViewportSize(size);
  await page.goto(base + '#/link/' + link);
  await page.waitForSelector('[data-testid=romme-board][data-mine=true]');
}

// The screen as it is, at the three sizes a player uses (then back to `back`).
async function shots3(page, shot, name, back = PHONE) {
  for (const [w, h] of [[360, 640], [390, 844], [1366, 768]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await shot(`${name}-${w}`);
  }
  await page.setViewportSize(back);
}

const card = (id) => `[data-testid=hand-card][data-card="${id}"]`;
const meld = (id) => `[data-testid=table-meld][data-drop="meld:${id}"]`;
const errorText = (page) => page.$eval('[data-testid=error]', (e) => (e.classList.contains('hidden') ? '' : e.textContent));

// A tap on the discard pile with the selection; a "könntest du anlegen" warning is
// confirmed by a deliberate second tap.
async function tapDiscard(page) {
  await page.click('[data-testid=discard]');
  if (await page.$('[data-testid=discard-warning]')) {
    await page.waitForTimeout(450);
    await page.click('[data-testid=discard]');
  }
}

async function waitError(page, re) {
  await page.waitForFunction((src) => {
    const e = document.querySelector('[data-testid=error]');
    return e && !e.classList.contains('hidden') && new RegExp(src).test(e.textContent);
  }, re.source, { timeout: 5000 });
  return errorText(page);
}

export default [
  {
    name: 'romme moments: before the draw no meld is offered, and melding says "erst eine Karte ziehen"',
    async run({ page, base, shot }) {
      await page.setViewportSize(PHONE);
      await startGame(page, base, 'romme');
      await untilMyDraw(page);
      const h = await hand(page);
      for (const c of h.slice(0, 3)) await page.click(card(c.id));
      assert(!(await page.$('[data-testid=meld-button]')), 'no "Auslegen" before the draw');
      assert(!(await page.$('[data-testid=new-meld].target')), 'the new-meld area is no target before the draw');
      await page.click('[data-testid=new-meld]');
      const msg = await waitError(page, /erst eine Karte ziehen/);
      assert(!/abwerfen/.test(msg), 'never "erst auslegen oder abwerfen" before the draw: ' + msg);
      eq((await hand(page)).length, h.length, 'nothing left the hand');
      eq((await board(page)).phase, 'draw', 'still my draw');
      await shots3(page, shot, 'romme-meld-before-draw');
    },
  },
  {
    name: 'romme moments: lay off or exchange – the highlight says which, both possible asks first; the freed joker waits apart and every attempt explains',
    async run({ page, base, shot }) {
      const F = FIX.choice;
      await open(page, base, F.link);
      await page.click(card(F.card));
      await page.waitForSelector(`${meld(F.meld)}.target [data-testid=meld-move]`);
      eq((await page.textContent(`${meld(F.meld)} [data-testid=meld-move]`)).trim(), 'anlegen oder tauschen', 'the highlight names both');
      const sizeBefore = await page.$$eval(`${meld(F.meld)} [data-testid=table-card]`, (e) => e.length);
      await page.click(meld(F.meld));
      await page.waitForSelector('[data-testid=ask-move]');
      const buttons = await page.$$eval('[data-testid=ask-move] button', (bs) => bs.map((b) => [b.dataset.testid, b.textContent.trim()]));
      eq(buttons.map((b) => b[0]).join(','), 'ask-lay-off,ask-exchange', 'laying off first');
      assert(/anlegen$/.test(buttons[0][1]) && /gegen den Joker tauschen$/.test(buttons[1][1]), 'the buttons name the result: ' + buttons);
      eq(await page.$$eval(`${meld(F.meld)} [data-testid=table-card]`, (e) => e.length), sizeBefore, 'nothing happened before the choice');
      await shots3(page, shot, 'romme-lay-off-or-exchange');
      await page.click('[data-testid=ask-exchange]');
      await page.waitForSelector('[data-testid=freed-jokers]');
      eq((await page.textContent('[data-testid=freed-jokers] .freed-label')).trim(), 'Muss noch ausgelegt werden', 'the joker is shown apart');
      const joker = await page.$eval('[data-testid=freed-joker] svg', (e) => e.dataset.cid);
      assert(!(await hand(page)).some((c) => c.id === joker), 'the freed joker is not in the hand row');
      assert(/Joker/.test(await page.textContent('[data-testid=status]')), 'the status line says what to do with it');
      await shots3(page, shot, 'romme-freed-joker');
      // No "Abwerfen" is offered; discarding it anyway (a tap on the pile) is explained,
      // with the way out.
      assert(!(await page.$('[data-testid=discard-button]')), 'no discard offered while the joker waits');
      await page.click('[data-testid=freed-joker]');
      await tapDiscard(page);
      const msg = await waitError(page, /eingetauschte Joker muss noch/);
      assert(/zurück/.test(msg), 'the explanation names the way out: ' + msg);
      assert(!/nicht auf der Hand/.test(msg), 'never "nicht auf der Hand": ' + msg);
      // Discarding another card names the joker too.
      await page.click('[data-testid=freed-joker]');
      const other = (await hand(page)).find((c) => c.id !== F.card);
      await page.click(card(other.id));
      await tapDiscard(page);
      await waitError(page, /eingetauschte Joker muss noch/);
      // Undo brings the joker back; then the lay-off.
      await page.click('[data-testid=undo]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=freed-jokers]'));
      assert(!(await page.$('[data-testid=freed-joker]')), 'the joker is back on the table');
      eq(await page.$$eval('[data-testid=hand-card].selected', (e) => e.length), 0, 'undo clears the selection');
      await page.click(card(F.card));
      await page.click(meld(F.meld));
      await page.click('[data-testid=ask-lay-off]');
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n + 1,
        [`${meld(F.meld)} [data-testid=table-card]`, sizeBefore]);
      assert(!(await hand(page)).some((c) => c.id === String(F.card)), 'the card was laid off');
      assert(!(await page.$('[data-testid=freed-jokers]')), 'no joker freed by the lay-off');
    },
  },
  {
    name: 'romme moments: a joker exchange before the first meld – accepted in the Grundspiel, refused and explained in mit Anlegen',
    async run({ page, base, shot }) {
      const G = FIX.early;
      await open(page, base, G.link);
      await page.click(card(G.card));
      await page.waitForSelector(`${meld(G.meld)}.target [data-testid=meld-move]`);
      eq((await page.textContent(`${meld(G.meld)} [data-testid=meld-move]`)).trim(), 'Joker tauschen', 'the highlight names the exchange');
      await page.click(meld(G.meld));
      await page.waitForSelector('[data-testid=freed-jokers]');
      await shot('romme-exchange-before-opening');
      const A = FIX.early_anlegen;
      await open(page, base, A.link);
      await page.click(card(A.card));
      assert(!(await page.$(`${meld(A.meld)}.target`)), 'no target in mit Anlegen before the first meld');
      await page.click(meld(A.meld));
      await waitError(page, /erst nach deinem ersten Auslegen/i);
      assert(!(await page.$('[data-testid=freed-jokers]')), 'nothing exchanged');
    },
  },
  {
    name: 'romme moments: Räuber-Rommé – the taken upcard laid off is refused and explained; undo puts it back',
    async run({ page, base, shot }) {
      const U = FIX.upcard;
      await open(page, base, U.link, { width: 1366, height: 768 });
      await page.click('[data-testid=take-discard]');
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'play');
      assert(/neue Kombination/.test(await page.textContent('[data-testid=status]')), 'the status line names the obligation');
      await page.click(card(U.card));
      assert(!(await page.$(`${meld(U.meld)}.target`)), 'the meld is no target for the upcard');
      await page.click(meld(U.meld));
      const msg = await waitError(page, /neue Kombination/);
      assert(/anlegen zählt nicht/.test(msg) && /zurücklegen/.test(msg), 'says that laying off does not count, and the way out: ' + msg);
      await shots3(page, shot, 'romme-raeuber-upcard');
      await page.click('[data-testid=put-back]');
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'draw');
      assert(!(await hand(page)).some((c) => c.id === String(U.card)), 'the upcard went back');
    },
  },
  {
    name: 'romme moments: a newcomer – the first match starts against easy bots with their measured strength; a won match offers the next level',
    async run({ page, base, shot }) {
      await page.goto(base + '#/');
      await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await page.setViewportSize(PHONE);
      await page.goto(base + '#/setup/romme');
      await page.waitForSelector('[data-testid=seat-row]');
      const kinds = await page.$$eval('[data-testid=seat-row] select', (s) => s.map((e) => e.value));
      eq(kinds.join(','), 'human,easy,easy', 'a first match: easy bots');
      await page.click('[data-testid=levels-info] summary');
      const measured = await page.$$eval('[data-testid=levels-info] [data-testid=measured]', (e) => e.map((x) => x.textContent));
      assert(measured.length === 3 && measured.every((t) => /^Gemessen: .*\d/.test(t)), 'easy, normal and hard say their measured strength: ' + measured);
      await shots3(page, shot, 'romme-newcomer-setup');
      // A won match (one deal against an easy bot): the next level is one tap away.
      await open(page, base, FIX.win.link);
      await page.click('[data-testid=declare]');
      await page.waitForSelector('[data-testid=next-level]');
      const offer = await page.textContent('[data-testid=next-level]');
      assert(/leicht/.test(offer) && /normal/.test(offer), 'names the beaten and the next level: ' + offer);
      await shots3(page, shot, 'romme-next-level');
      await page.click('[data-testid=next-level-go]');
      await page.waitForSelector('[data-testid=seat-row]');
      eq(page.url().split('#')[1], '/setup/romme', 'the setup of the same game');
      const next = await page.$$eval('[data-testid=seat-row] select', (s) => s.map((e) => e.value));
      eq(next.slice(1).join(','), 'normal,normal', 'the bots start at the next level');
    },
  },
  {
    name: 'link games: no "Gib das Gerät an …" – after my turn the game says whose turn it is and sends the link; it opens there with that player\'s hand',
    async run({ page, base, context, shot }) {
      await open(page, base, FIX.link.link);
      assert(!(await page.$('[data-testid=privacy]')), 'no hand-over screen on a link game');
      await page.click('[data-testid=draw]');
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'play');
      const mine = (await hand(page)).map((c) => c.id).sort().join(',');
      const last = (await hand(page)).pop();
      await page.click(card(last.id));
      await tapDiscard(page);
      await page.waitForSelector('[data-testid=link-turn]');
      assert(!(await page.$('[data-testid=privacy]')), 'never "Gib das Gerät an Ben"');
      assert(/Ben ist dran/.test(await page.textContent('[data-testid=link-turn]')), 'says whose turn it is');
      eq((await hand(page)).length, 13, 'still my own hand shown');
      await shots3(page, shot, 'link-turn');
      // Headless Chromium has no share sheet: the link is copied and shown.
      await page.click('[data-testid=link-send]');
      await page.waitForSelector('[data-testid=link-turn] [data-testid=share-url]');
      const url = await page.inputValue('[data-testid=link-turn] [data-testid=share-url]');
      assert(url.includes('#/link/'), 'a link: ' + url.slice(0, 60));
      // Ben opens it (another device: a fresh storage) and sees his hand, to draw.
      const other = await context.newPage();
      await other.goto(base + '#/');
      await other.evaluate(() => localStorage.clear());
      await other.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
      await other.goto(url.replace(/^.*#/, base + '#'));
      await other.waitForSelector('[data-testid=romme-board][data-mine=true]');
      assert(!(await other.$('[data-testid=privacy]')), 'no hand-over screen for Ben either');
      const his = (await hand(other)).map((c) => c.id).sort().join(',');
      assert(his !== mine, 'Ben sees his own hand');
      eq((await board(other)).phase, 'draw', 'Ben is to draw');
      await other.close();
    },
  },
  {
    name: 'link games: the share box shows the link as a QR code – read from a screenshot at 360, 390 and 1366 px, it opens the game',
    async run({ page, base, context, shot }) {
      for (const [w, h] of [[360, 640], [390, 844], [1366, 768]]) {
        await open(page, base, FIX.link.link, { width: w, height: h });
        // The first game's guide floats over the page: closed, as a player would.
        if (await page.$('[data-testid=coach-close]')) await page.click('[data-testid=coach-close]');
        await page.click('[data-testid=share]');
        const url = await page.inputValue('[data-testid=share-url]');
        const qr = await page.waitForSelector('[data-testid=share-qr]');
        await qr.scrollIntoViewIfNeeded();
        await shot(`share-qr-${w}`);
        // The code as a camera sees it: the screenshot's pixels, decoded by jsQR.
        const png = PNG.sync.read(await qr.screenshot());
        const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        assert(read, `${w}: the QR code (${png.width} px) is read`);
        eq(read.data, url, `${w}: the QR code holds the link`);
        const box = await qr.boundingBox();
        assert(box.width >= 230 && box.x >= 0 && box.x + box.width <= w, `${w}: the code is large and on screen (${JSON.stringify(box)})`);
        // The scanned link opens the game on another device.
        const other = await context.newPage();
        await other.goto(base + '#/');
        await other.evaluate(() => localStorage.clear());
        await other.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await other.goto(read.data.replace(/^.*#/, base + '#'));
        await other.waitForSelector('[data-testid=romme-board]');
        await other.close();
      }
    },
  },
  {
    name: 'romme moments: repeated taps – three taps on "Ziehen" draw one card without an error; a double tap on "Abwerfen" never confirms the "anlegen" warning',
    async run({ page, base }) {
      await open(page, base, FIX.link.link);
      const before = (await hand(page)).length;
      await page.click('[data-testid=draw]', { clickCount: 3, delay: 40 });
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'play');
      await page.waitForTimeout(300);
      eq((await hand(page)).length, before + 1, 'one card drawn');
      eq(await errorText(page), '', 'no error after three taps');
      // A card that could be laid off: the first tap on "Abwerfen" warns, a second tap within
      // 400 ms (a double tap) does not confirm it, a deliberate one later does.
      const F = FIX.choice;
      await open(page, base, F.link);
      await page.click(card(F.card));
      await page.click('[data-testid=discard-button]', { clickCount: 2, delay: 60 });
      await page.waitForSelector('[data-testid=discard-warning]');
      await page.waitForTimeout(300);
      assert(await page.$(card(F.card)), 'the double tap did not discard the card');
      await page.waitForTimeout(450);
      await page.click('[data-testid=discard-button]');
      await page.waitForFunction((sel) => !document.querySelector(sel), card(F.card));
    },
  },
];
