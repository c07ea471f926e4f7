// Rommé end to end: a user plays through the UI against bots.
import { assert, eq } from './assert.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });

async function startGame(page, base, variant) {
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.goto(base + '#/setup/' + variant);
  await page.reload();
  await page.waitForSelector('[data-testid=start]');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=romme-board]');
}

// Reads the hand: [{id, face}] where face is e.g. "♥7", "♣B", "🃏".
async function hand(page) {
  return page.$$eval('[data-testid=hand-card]', (els) => els.map((e) => ({ id: e.dataset.card, face: e.dataset.face })));
}

const RANKS = { A: 1, B: 11, D: 12, K: 13 };
function parse(face) {
  if (!/^[♣♠♥♦]/.test(face)) return null;
  const suit = face[0];
  const r = face.slice(1);
  return { suit, rank: RANKS[r] || Number(r) };
}

// Finds a meld: three natural cards forming a set (distinct suits) or a run in one suit;
// failing that, two naturals completed by a joker.
export function findMeld(cards) {
  const nat = cards.map((c) => ({ ...c, p: parse(c.face) })).filter((c) => c.p);
  const jokers = cards.filter((c) => !parse(c.face));
  const byRank = {};
  for (const c of nat) (byRank[c.p.rank] ||= []).push(c);
  const pairs = [];
  for (const group of Object.values(byRank)) {
    const seen = new Map();
    for (const c of group) if (!seen.has(c.p.suit)) seen.set(c.p.suit, c);
    if (seen.size >= 3) return [...seen.values()].slice(0, 3).map((c) => c.id);
    if (seen.size === 2) pairs.push([...seen.values()].map((c) => c.id));
  }
  for (const suit of '♣♠♥♦') {
    const m = new Map();
    for (const c of nat) if (c.p.suit === suit && !m.has(c.p.rank)) m.set(c.p.rank, c);
    for (let r = 1; r <= 11; r++) {
      if (m.has(r) && m.has(r + 1) && m.has(r + 2)) return [m.get(r).id, m.get(r + 1).id, m.get(r + 2).id];
    }
    if (jokers.length) {
      for (let r = 2; r <= 12; r++) {
        if (m.has(r) && m.has(r + 1)) return [m.get(r).id, m.get(r + 1).id, jokers[0].id];
      }
    }
  }
  if (jokers.length && pairs.length) return [...pairs[0], jokers[0].id];
  return null;
}

function value(face) {
  const p = parse(face);
  if (!p) return 50;
  return p.rank === 1 ? 11 : Math.min(p.rank, 10);
}

async function board(page) {
  const b = await page.$('[data-testid=romme-board]');
  // No board: the privacy screen hides it while the device changes hands.
  if (!b) return { phase: 'hidden', mine: false };
  return b.evaluate((e) => ({ phase: e.dataset.phase, mine: e.dataset.mine === 'true' }));
}

async function waitMine(page, timeout = 20000) {
  await page.waitForFunction(() => {
    const b = document.querySelector('[data-testid=romme-board]');
    return !b || b.dataset.mine === 'true' || document.querySelector('[data-testid=deal-end]');
  }, null, { timeout });
}

// Closes the deal-end summary ("next deal") and waits until it is gone.
async function nextDeal(page) {
  await page.click('[data-testid=next-deal]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=deal-end]'));
}

// Waits until it is my draw; a deal a bot ends first is closed with "next deal".
async function untilMyDraw(page) {
  for (let i = 0; i < 40; i++) {
    await waitMine(page, 60000);
    if (await page.$('[data-testid=deal-end]')) {
      await nextDeal(page);
      continue;
    }
    const b = await board(page);
    if (b.phase === 'draw' && b.mine) return;
    if (b.phase === 'claim' && b.mine) { await page.click('[data-testid=pass-buy]'); continue; }
    if (b.mine) await playTurn(page, { meld: false });
  }
  throw new Error('never got my draw');
}

async function discardWorst(page, keep = []) {
  const h = await hand(page);
  const candidates = h.filter((c) => !keep.includes(c.id));
  candidates.sort((a, b) => value(b.face) - value(a.face));
  for (const c of candidates) {
    await page.click(`[data-testid=hand-card][data-card="${c.id}"]`);
    await page.click('[data-testid=discard]');
    if (await page.$('[data-testid=discard-warning]')) { await page.waitForTimeout(450); await page.click('[data-testid=discard]'); }
    const b = await board(page);
    if (b.phase !== 'play' || !b.mine) return;
    // Rejected (e.g. the card just taken from the discard pile): deselect and try the next.
    await page.click(`[data-testid=hand-card][data-card="${c.id}"]`);
  }
  throw new Error('could not discard any card');
}

// Drags a hand card onto a drop target with real pointer events (mouse).
async function drag(page, fromSel, toSel) {
  const a = await page.$eval(fromSel, (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  const b = await page.$eval(toSel, (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  await page.mouse.move(a[0], a[1]);
  await page.mouse.down();
  await page.mouse.move(a[0] + 10, a[1] - 10, { steps: 3 });
  await page.mouse.move(b[0], b[1], { steps: 8 });
  await page.mouse.up();
}

async function playTurn(page, { meld = true, dragMeld = false } = {}) {
  const b = await board(page);
  if (b.phase === 'draw') {
    await page.click('[data-testid=talon]');
    await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase !== 'draw');
  }
  let melded = false;
  if (meld && (await board(page)).phase === 'play') {
    const ids = findMeld(await hand(page));
    if (ids) {
      const before = (await page.$$('[data-testid=table-meld]')).length;
      if (dragMeld) {
        for (const id of ids) await drag(page, `[data-testid=hand-card][data-card="${id}"]`, '[data-testid=new-meld]');
        // The cards are gathered in the new-meld area; the meld button lays them out (a run
        // with a spare joker offers two buttons: where the joker goes).
        await page.click((await page.$('[data-testid=meld-button]')) ? '[data-testid=meld-button]' : '[data-testid=meld-high]');
      } else {
        for (const id of ids) await page.click(`[data-testid=hand-card][data-card="${id}"]`);
        await page.click('[data-testid=new-meld]');
      }
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=table-meld]').length > n, before, { timeout: 5000 });
      melded = true;
    }
  }
  const after = await board(page);
  if (after.phase === 'play' && after.mine) await discardWorst(page);
  const d = await board(page);
  if (d.phase === 'declare' && d.mine) await page.click('[data-testid=declare]');
  return melded;
}

const TESTS = [
  {
    name: 'romme: Grundspiel vs two bots – drag a meld out, discard, finish the deal, score sheet',
    async run({ page, base, shot }) {
      await startGame(page, base, 'romme');
      let melded = false;
      // Play deals until I have melded (by dragging) in a deal that then ends.
      for (let deal = 1; deal <= 4; deal++) {
        for (let turn = 0; turn < 150; turn++) {
          await waitMine(page, 60000);
          if (await page.$('[data-testid=deal-end]')) break;
          const b = await board(page);
          if (b.phase === 'claim') { await page.click('[data-testid=pass-buy]'); continue; }
          if (b.phase === 'deal-over' || b.phase === 'match-over') break;
          const did = await playTurn(page, { meld: true, dragMeld: !melded });
          if (did && !melded) {
            melded = true;
            const log = await page.textContent('[data-testid=log]');
            assert(log.includes('Anna legt'), 'the log names my meld');
            await shot('romme-1366-after-meld');
          }
        }
        await page.waitForSelector('[data-testid=deal-end]', { timeout: 60000 });
        const rows = await page.$$('[data-testid=deal-end] [data-testid=sheet-row]');
        eq(rows.length, deal, 'the score sheet shows every deal so far');
        const pts = await page.$$eval('[data-testid=deal-end] [data-testid=end-points]', (e) => e.map((x) => Number(x.textContent)));
        eq(pts.length, 3, 'points for three players');
        if (melded) { await shot('romme-deal-end'); break; }
        await nextDeal(page);
      }
      assert(melded, 'I melded during a deal');
    },
  },
  {
    name: 'romme: reloading mid-deal resumes the same hand and table',
    async run({ page, base, shot }) {
      await startGame(page, base, 'romme');
      await untilMyDraw(page);
      await playTurn(page, { meld: true });
      await waitMine(page);
      const before = { hand: await hand(page), table: await page.textContent('[data-testid=table]'), phase: (await board(page)).phase, discard: await page.getAttribute('[data-testid=discard] svg', 'data-face') };
      const url = page.url();
      await page.reload();
      await page.waitForSelector('[data-testid=romme-board]');
      eq(page.url(), url, 'same game URL');
      const after = { hand: await hand(page), table: await page.textContent('[data-testid=table]'), phase: (await board(page)).phase, discard: await page.getAttribute('[data-testid=discard] svg', 'data-face') };
      eq(JSON.stringify(after.hand.map((c) => c.face).sort()), JSON.stringify(before.hand.map((c) => c.face).sort()), 'same hand');
      eq(after.table, before.table, 'same table');
      eq(after.phase, before.phase, 'same phase');
      eq(after.discard, before.discard, 'same discard');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot('romme-390');
      // The list of saved games has this game (a deal-end panel may cover the top bar).
      await page.goto(base + '#/saves');
      await page.waitForSelector('[data-testid=save-row]');
    },
  },
  {
    name: 'romme: an illegal meld shows a reason and changes nothing',
    async run({ page, base }) {
      await startGame(page, base, 'romme');
      await untilMyDraw(page);
      await page.click('[data-testid=talon]');
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'play');
      const h = await hand(page);
      // Pick three natural cards that are no meld: two of one suit far apart plus another.
      let pick = null;
      outer: for (const a of h) for (const b of h) for (const c of h) {
        if (new Set([a.id, b.id, c.id]).size < 3) continue;
        const pa = parse(a.face), pb = parse(b.face), pc = parse(c.face);
        if (!pa || !pb || !pc) continue;
        const sameRank = pa.rank === pb.rank && pb.rank === pc.rank;
        const sameSuit = pa.suit === pb.suit && pb.suit === pc.suit;
        if (!sameRank && !sameSuit) { pick = [a, b, c]; break outer; }
      }
      assert(pick, 'found three unrelated cards');
      const tableBefore = await page.textContent('[data-testid=table]');
      for (const c of pick) await page.click(`[data-testid=hand-card][data-card="${c.id}"]`);
      const preview = await page.textContent('[data-testid=meld-preview]');
      assert(preview.startsWith('✗'), 'the preview marks the selection invalid: ' + preview);
      await page.click('[data-testid=new-meld]');
      await page.waitForSelector('[data-testid=error]:not(.hidden)');
      const msg = await page.textContent('[data-testid=error]');
      assert(msg.includes('Weder ein Satz') || msg.includes('Farbe'), 'a specific reason: ' + msg);
      eq((await hand(page)).length, h.length, 'hand unchanged');
      eq(await page.textContent('[data-testid=table]'), tableBefore, 'table unchanged');
    },
  },
  {
    name: 'romme: mit Kaufen – buying the discard through the UI',
    async run({ page, base, shot }) {
      await startGame(page, base, 'romme_kaufen');
      let bought = false;
      for (let i = 0; i < 200 && !bought; i++) {
        await waitMine(page, 60000);
        if (await page.$('[data-testid=deal-end]')) {
          await nextDeal(page);
          continue;
        }
        const b = await board(page);
        if (b.phase === 'claim') {
          if (await page.$('[data-testid=buy]')) {
            const n = (await hand(page)).length;
            await shot('romme-buy-window');
            await page.click('[data-testid=buy]');
            await page.waitForFunction((k) => document.querySelectorAll('[data-testid=hand-card]').length === k + 2, n);
            const log = await page.textContent('[data-testid=log]');
            assert(log.includes('Anna kauft'), 'log shows the buy');
            bought = true;
          } else {
            await page.click('[data-testid=pass-buy]');
          }
          continue;
        }
        await playTurn(page, { meld: false });
      }
      assert(bought, 'a buy was offered and made');
    },
  },
];

// Two humans on one device: the privacy screen passes the device between them.
export const privacy = {
  name: 'romme: pass-and-play – the privacy screen hands the device to the next human',
  async run({ page, base, shot }) {
    await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
    await page.goto(base + '#/setup/romme');
    await page.reload();
    await page.waitForSelector('[data-testid=seat-row]');
    await page.selectOption('[data-testid=seat-row] >> nth=1 >> select', 'human');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=privacy]');
    assert(!(await page.$('[data-testid=hand-card]')), 'no hand is visible behind the privacy screen');
    let holder = (await page.textContent('[data-testid=privacy]')).includes('Anna') ? 'Anna' : 'Ben';
    await page.click('[data-testid=privacy-ok]');
    // Play on until the device must change hands (a bot may even end a deal first).
    let handedOver = false;
    for (let i = 0; i < 60 && !handedOver; i++) {
      await page.waitForFunction(() => {
        const b = document.querySelector('[data-testid=romme-board]');
        return document.querySelector('[data-testid=privacy]') || document.querySelector('[data-testid=deal-end]') || (b && b.dataset.mine === 'true');
      }, null, { timeout: 30000 });
      const priv = await page.$('[data-testid=privacy]');
      if (priv) {
        const text = await priv.textContent();
        assert(!(await page.$('[data-testid=hand-card]')), 'no hand is visible behind the privacy screen');
        const other = holder === 'Anna' ? 'Ben' : 'Anna';
        if (text.includes(`Gib das Gerät an ${other}`)) { handedOver = true; break; }
        await page.click('[data-testid=privacy-ok]');
        continue;
      }
      if (await page.$('[data-testid=deal-end]')) {
        await nextDeal(page);
        continue;
      }
      await playTurn(page, { meld: false });
    }
    assert(handedOver, 'the privacy screen passed the device to the other human');
    await shot('romme-privacy');
  },
};

TESTS.push(privacy);

TESTS.push({
  name: 'romme: Räuber-Rommé – illegal robberies are explained, change nothing, and reset',
  async run({ page, base, shot }) {
    await startGame(page, base, 'romme_raeuber');
    await untilMyDraw(page);
    eq((await board(page)).phase, 'draw', 'my draw');
    const handBefore = (await hand(page)).length;
    const discardBefore = await page.getAttribute('[data-testid=discard] svg', 'data-face');
    await page.click('[data-testid=rob-mode]');
    await page.waitForSelector('[data-testid=rob-panel]');
    await page.click('[data-testid=discard]');
    await page.waitForSelector('[data-testid=taken-card]');
    await shot('romme-rob');
    await page.click('[data-testid=rob-commit]');
    await page.waitForSelector('[data-testid=error]:not(.hidden)');
    const msg = await page.textContent('[data-testid=error]');
    assert(msg.includes('mindestens eine neue Kombination'), 'the reason names the rule: ' + msg);
    // Build a "meld" of the taken card alone: the engine names the meld rule.
    await page.click('[data-testid=taken-card]');
    await page.click('[data-testid=rob-build]');
    await page.waitForSelector('[data-testid=staged-meld].invalid');
    await page.click('[data-testid=rob-commit]');
    await page.waitForFunction(() => /mindestens 3 Karten|Nur Joker/.test(document.querySelector('[data-testid=error]').textContent));
    eq((await hand(page)).length, handBefore, 'hand unchanged');
    eq(await page.getAttribute('[data-testid=discard] svg', 'data-face'), discardBefore, 'discard unchanged');
    await page.click('[data-testid=rob-reset]');
    assert(!(await page.$('[data-testid=taken-card]')), 'reset puts the card back');
  },
});

TESTS.push({
  name: 'romme: explicit actions – a discard tap before drawing explains; a meld is taken back with undo',
  async run({ page, base, shot }) {
    await startGame(page, base, 'romme');
    const sortedIds = async () => (await hand(page)).map((c) => c.id).sort().join(',');
    for (let turn = 0; turn < 40; turn++) {
      await untilMyDraw(page);
      const h0 = await hand(page);
      const one = `[data-testid=hand-card][data-card="${h0[0].id}"]`;
      await page.click(one);
      assert(!(await page.$('[data-testid=meld-preview]')), 'one selected card shows no meld verdict');
      assert(!(await page.$('[data-testid=meld-button]')), 'one selected card shows no meld button');
      if (await page.$('[data-testid=take-discard]')) {
        // Tapping the discard pile with a card selected before drawing never takes the pile.
        await page.click('[data-testid=discard]');
        await page.waitForFunction(() => /Erst ziehen/.test(document.querySelector('[data-testid=status]').textContent));
        eq((await hand(page)).length, h0.length, 'the discard pile was not taken');
        eq((await board(page)).phase, 'draw', 'still my draw');
        if (turn === 0) await shot('romme-draw-first');
      }
      await page.click(one);
      assert(!(await page.$('[data-testid=undo]')), 'nothing to undo before the draw');
      await page.click('[data-testid=draw]');
      await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'play');
      assert(!(await page.$('[data-testid=undo]')), 'the draw cannot be taken back');
      assert(await page.$('[data-testid=discard-button]'), 'Abwerfen is offered');
      const ids = findMeld(await hand(page));
      if (!ids) { await discardWorst(page); continue; }
      const handBefore = await sortedIds();
      const tableBefore = await page.textContent('[data-testid=table]');
      const meldsBefore = (await page.$$('[data-testid=table-meld]')).length;
      for (const id of ids) await page.click(`[data-testid=hand-card][data-card="${id}"]`);
      await page.click((await page.$('[data-testid=meld-button]')) ? '[data-testid=meld-button]' : '[data-testid=meld-high]');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=table-meld]').length > n, meldsBefore);
      await shot('romme-undo-offered');
      await page.click('[data-testid=undo]');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=table-meld]').length === n, meldsBefore);
      eq(await sortedIds(), handBefore, 'the cards are back in the hand');
      eq(await page.textContent('[data-testid=table]'), tableBefore, 'the table is as before');
      eq((await board(page)).phase, 'play', 'still my turn, after the draw');
      assert(!(await page.$('[data-testid=undo]')), 'nothing more to undo');
      // The undo is saved.
      await page.reload();
      await page.waitForSelector('[data-testid=romme-board]');
      eq(await sortedIds(), handBefore, 'the undo survives a reload');
      eq(await page.textContent('[data-testid=table]'), tableBefore, 'the table survives a reload');
      return;
    }
    throw new Error('never held a meld after drawing');
  },
});

// Plays the human's turns (melding where it can, passing every buy) until the deal ends.
async function playDeal(page) {
  for (let turn = 0; turn < 200; turn++) {
    await waitMine(page, 60000);
    if (await page.$('[data-testid=deal-end]')) return;
    const b = await board(page);
    if (b.phase === 'claim') { await page.click('[data-testid=pass-buy]'); continue; }
    if (b.phase === 'deal-over' || b.phase === 'match-over') return;
    await playTurn(page, { meld: true });
  }
}

export default TESTS;
export { startGame, hand, board, untilMyDraw, discardWorst, waitMine, playTurn, playDeal };
