// Abluxxen end to end: a user plays through the UI against bots (base game and Profiduell).
import { assert, eq } from './assert.mjs';

const settings = (delay) => JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: delay });
const BOARD = '[data-testid=ab-board]';

async function startGame(page, base, variant, rounds, delay = 30) {
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), settings(delay));
  await page.goto(base + '#/setup/' + variant);
  await page.reload();
  await page.waitForSelector('[data-testid=start]');
  if (rounds) {
    await page.click('[data-testid=house-rules] > summary');
    await page.fill('[data-testid=rounds]', String(rounds));
    await page.press('[data-testid=rounds]', 'Tab');
  }
  await page.click('[data-testid=start]');
  await page.waitForSelector(BOARD);
}

async function state(page) {
  return page.evaluate(() => {
    const b = document.querySelector('[data-testid=ab-board]');
    return {
      pending: b && b.dataset.pending,
      mine: !!b && b.dataset.mine === 'true',
      end: !!document.querySelector('[data-testid=end-screen]'),
      roundEnd: !!document.querySelector('[data-testid=round-end]'),
    };
  });
}

// Waits until the user must decide (or a round/match end shows).
async function waitMine(page, timeout = 20000) {
  await page.waitForFunction(() => {
    const b = document.querySelector('[data-testid=ab-board]');
    return !b || b.dataset.mine === 'true' || document.querySelector('[data-testid=end-screen]') || document.querySelector('[data-testid=round-end]');
  }, null, { timeout });
}

async function hand(page) {
  return page.$$eval('[data-testid=hand-card]', (els) => els.map((e) => ({ id: e.dataset.card, value: Number(e.dataset.value) })));
}

async function opponents(page) {
  return page.$$eval('[data-testid=player]', (els) => els.map((e) => ({ seat: e.dataset.seat, count: Number(e.dataset.openCount), value: Number(e.dataset.openValue) })));
}

// Groups the hand by value: {value: [ids]} (14 = jokers).
function byValue(h) {
  const m = {};
  for (const c of h) (m[c.value] ||= []).push(c.id);
  return m;
}

// A play that luxxes an opponent: [ids] or null. Never the whole hand.
function luxxingPlay(h, opps) {
  const groups = byValue(h);
  const jokers = groups[14] || [];
  for (const o of opps) {
    if (!o.count) continue;
    for (const [v, ids] of Object.entries(groups)) {
      const val = Number(v);
      if (val === 14 || val <= o.value) continue;
      if (ids.length + jokers.length < o.count) continue;
      const pick = ids.slice(0, o.count);
      while (pick.length < o.count) pick.push(jokers[pick.length - ids.length]);
      if (pick.length < h.length) return pick;
    }
  }
  return null;
}

// The largest group of natural cards (ties: the higher value); the whole hand ends the game.
function biggestPlay(h) {
  const groups = byValue(h);
  let best = null;
  for (const [v, ids] of Object.entries(groups)) {
    if (Number(v) === 14 && Object.keys(groups).length > 1) continue;
    if (!best || ids.length > best.length || (ids.length === best.length && Number(v) > best.v)) best = Object.assign([...ids], { v: Number(v) });
  }
  return [...best];
}

async function select(page, ids) {
  for (const id of ids) await page.click(`[data-testid=hand-card][data-card="${id}"]`);
}

// Drags a (selected) hand card onto the own display with the mouse, in small steps.
async function dragToDisplay(page, id) {
  const from = await page.$eval(`[data-testid=hand-card][data-card="${id}"]`, (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  const to = await page.$eval('[data-testid=my-display]', (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move(from[0] + 3, from[1] - 3);
  await page.mouse.move(from[0] + 10, from[1] - 10, { steps: 2 });
  assert(await page.$('.drag-ghost'), 'a ghost follows the pointer after the threshold');
  await page.mouse.move(to[0], to[1], { steps: 8 });
  assert(await page.$('[data-testid=my-display].drop-hover'), 'the own display is highlighted as drop target');
  await page.mouse.up();
}

async function clickFirst(page, selectors) {
  for (const s of selectors) {
    const el = await page.$(s);
    if (el) { await el.click(); return s; }
  }
  return null;
}

// Answers whatever the user must decide now; returns a short tag of what was done.
async function answer(page, st, opts = {}) {
  if (st.pending === 'play') {
    const h = await hand(page);
    const opps = await opponents(page);
    let pick = luxxingPlay(h, opps);
    const luxxing = !!pick;
    if (!pick) pick = biggestPlay(h);
    await select(page, pick);
    if (luxxing) {
      await page.waitForSelector('[data-testid=luxx-mark]', { timeout: 3000 });
    }
    if (opts.drag) await dragToDisplay(page, pick[0]);
    else await page.click('[data-testid=play]');
    return luxxing ? 'play-luxx' : 'play';
  }
  if (st.pending === 'luxx') {
    const take = opts.take ?? true;
    await page.click(take ? '[data-testid=take-luxxed]' : '[data-testid=leave-luxxed]');
    return 'luxx-answered';
  }
  if (st.pending === 'victim') {
    await page.click('[data-testid=take-back]');
    return 'victim-answered';
  }
  if (st.pending === 'draw') {
    const s = await clickFirst(page, ['[data-testid=supply-slot].can-draw', '[data-testid=draw-pile].can-draw', '[data-testid=pass]']);
    assert(s, 'something to draw');
    return 'draw';
  }
  if (st.pending === 'shadow') {
    await page.click('[data-testid=shadow-group].choice');
    return 'shadow';
  }
  throw new Error('unexpected pending ' + st.pending);
}

export default [
  {
    name: 'abluxxen: base game against two bots, plays by tap and drag, luxx dialog, end screen',
    async run({ page, base, shot }) {
      await startGame(page, base, 'abluxxen', 2);
      const done = new Set();
      let shots = 0;
      let dragged = false;
      for (let i = 0; i < 800; i++) {
        await waitMine(page);
        const st = await state(page);
        if (st.end) break;
        if (st.roundEnd) {
          done.add('round-end');
          await page.click('[data-testid=next-round]');
          continue;
        }
        if (!st.mine) continue;
        const handBefore = (await hand(page)).length;
        const tag = await answer(page, st, { drag: st.pending === 'play' && !dragged, take: done.has('luxx-answered') ? false : true });
        if (st.pending === 'play' && !dragged) {
          // The drag played the cards: the hand shrank.
          await page.waitForFunction((n) => document.querySelectorAll('[data-testid=hand-card]').length !== n || document.querySelector('[data-testid=end-screen]'), handBefore);
          dragged = true;
          done.add('drag');
        }
        done.add(tag);
        if (shots === 0 && tag === 'play') {
          shots++;
          await shot('abluxxen-1366');
          await page.setViewportSize({ width: 390, height: 844 });
          await shot('abluxxen-390');
          await page.setViewportSize({ width: 1366, height: 768 });
        }
        // Let the page settle before reading it again.
        await page.waitForTimeout(20);
      }
      await page.waitForSelector('[data-testid=end-screen]', { timeout: 20000 });
      assert(done.has('drag'), 'a group was played by dragging');
      assert(done.has('play') || done.has('play-luxx'), 'groups were played by tapping');
      assert(done.has('luxx-answered') || done.has('victim-answered'), `a luxx dialog was answered through the UI (${[...done]})`);
      assert(done.has('round-end'), 'the round-end notice of game 1 was shown');
      const rows = await page.$$('[data-testid=end-screen] [data-testid=sheet-row]');
      eq(rows.length, 2, 'score sheet has one row per game');
      const standings = await page.$$eval('[data-testid=standing]', (els) => els.map((e) => e.textContent));
      eq(standings.length, 3, 'three standings');
      const log = await page.textContent('[data-testid=log]');
      assert(log.includes('Partie beendet'), 'the log reports the end of the match');
      await shot('abluxxen-end-1366');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot('abluxxen-end-390');
      await page.click('[data-testid=home]');
      await page.waitForSelector('[data-testid=game-entry]');
    },
  },
  {
    name: 'abluxxen: Profiduell shows the shadow and a play luxxes it through the UI',
    async run({ page, base, shot }) {
      await startGame(page, base, 'profiduell', 0, 400);
      await page.waitForSelector('[data-testid=shadow]');
      const shadowCards = await page.$$eval('[data-testid=shadow-group] svg.card', (els) => els.length);
      assert(shadowCards > 0 && shadowCards <= 13, `the shadow shows its cards (${shadowCards})`);
      const values = await page.$$eval('[data-testid=shadow-group]', (els) => els.map((e) => Number(e.dataset.value)));
      eq(JSON.stringify(values), JSON.stringify([...values].sort((a, b) => a - b)), 'shadow groups sorted by value');
      let luxxed = false;
      for (let i = 0; i < 300 && !luxxed; i++) {
        await waitMine(page);
        const st = await state(page);
        if (st.end) break;
        if (st.roundEnd) { await page.click('[data-testid=next-round]'); continue; }
        if (!st.mine) continue;
        if (st.pending !== 'play') { await answer(page, st); continue; }
        const h = await hand(page);
        const shadow = await page.$$eval('[data-testid=shadow-group]', (els) => els.map((e) => ({ value: Number(e.dataset.value), count: Number(e.dataset.count) })));
        // k cards of value v luxx a shadow value w < v shown exactly k times.
        const groups = byValue(h);
        let pick = null;
        for (const [v, ids] of Object.entries(groups).sort((a, b) => Number(b[0]) - Number(a[0]))) {
          for (let k = 1; k <= ids.length && !pick; k++) {
            if (k >= h.length) break;
            if (shadow.some((g) => g.count === k && g.value < Number(v))) pick = ids.slice(0, k);
          }
          if (pick) break;
        }
        if (!pick) { await answer(page, st); continue; }
        await select(page, pick);
        await page.waitForSelector('[data-testid=shadow-group].would-luxx');
        const preview = await page.textContent('[data-testid=preview]');
        assert(preview.includes('Schatten'), `the preview names the shadow (${preview})`);
        await shot('profiduell-1366');
        await page.setViewportSize({ width: 390, height: 844 });
        await shot('profiduell-390');
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.click('[data-testid=play]');
        // Several qualifying shadow groups: the user picks one on the board.
        const choice = await page.waitForSelector('[data-testid=shadow-group].choice', { timeout: 1500 }).catch(() => null);
        if (choice) {
          await shot('profiduell-choice');
          await choice.click();
        }
        await page.waitForFunction(() => document.querySelector('[data-testid=log]').textContent.includes('luxxt Schatten ab'));
        luxxed = true;
      }
      assert(luxxed, 'the shadow was luxxed through the UI');
    },
  },
  {
    name: 'abluxxen: reloading mid-game resumes the same state',
    async run({ page, base }) {
      await startGame(page, base, 'abluxxen');
      // Play one turn, then wait for the next own decision.
      for (let i = 0; i < 50; i++) {
        await waitMine(page);
        const st = await state(page);
        if (st.mine && st.pending === 'play' && i > 0) break;
        if (st.mine) await answer(page, st);
        await page.waitForTimeout(50);
      }
      const snapshot = async () => page.evaluate(() => ({
        hand: [...document.querySelectorAll('[data-testid=hand-card]')].map((e) => e.dataset.card + ':' + e.dataset.value).join(','),
        pile: document.querySelector('[data-testid=pile-count]').textContent,
        displays: [...document.querySelectorAll('[data-testid=player], [data-testid=my-display]')].map((e) => e.dataset.seat + ':' + e.dataset.openCount + 'x' + e.dataset.openValue).sort().join(','),
        supply: [...document.querySelectorAll('[data-testid=supply-slot]')].map((e) => e.textContent.trim()).join('|'),
      }));
      const before = await snapshot();
      assert(before.hand.length > 0, 'a hand is shown');
      await page.reload();
      await page.waitForSelector('[data-testid=hand-card]');
      const after = await snapshot();
      eq(after.hand, before.hand, 'same hand after reload');
      eq(after.pile, before.pile, 'same pile after reload');
      eq(after.displays, before.displays, 'same displays after reload');
      eq(after.supply, before.supply, 'same supply after reload');
    },
  },
];
export { state as abState, waitMine as abWaitMine, hand as abHand, biggestPlay, startGame as abStart, answer as abAnswer };
