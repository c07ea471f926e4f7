// Learn from a game: "Diese Runde nochmal" (the same cards again, in a new game, with both
// results side by side) and the replay of a stored game (step by step, by deal, autoplay,
// from each seat of a finished match; a running game only from its person's seat, never a
// hidden card). Fixture: `cargo run --example replay_positions` (fixtures/replay.json).
import { readFileSync } from 'node:fs';
import { assert, eq } from './assert.mjs';
import { startGame, hand, playDeal, untilMyDraw, discardWorst } from './romme.mjs';
import { finishMatch } from './endings.mjs';
import { BOARD, boardOf, covering, GAME_INFO } from './games.mjs';

const FIX = JSON.parse(readFileSync(new URL('./fixtures/replay.json', import.meta.url)));
const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const SIZES = [[360, 640], [390, 844], [1366, 768]];

const position = (page) => page.$eval('[data-testid=replay-position]', (e) => e.textContent);
const ids = async (page) => (await hand(page)).map((c) => c.id).sort().join(',');

// The faces of the cards shown face up on the replay's board.
const shownFaces = (page) => page.$$eval('[data-testid=replay] .replay-board svg[data-face]', (els) =>
  els.map((e) => e.dataset.face).filter((f) => f));

async function shots(page, shot, name) {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await shot(`${name}-${w}x${h}`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function sameDealAgain({ page, base, shot }) {
  await startGame(page, base, 'romme');
  const original = page.url().split('#/play/')[1];
  const firstHand = await ids(page);
  await playDeal(page);
  await page.waitForSelector('[data-testid=deal-end] [data-testid=deal-again]');
  assert(!(await page.$('[data-testid=again-compare]')), 'no comparison in a game that repeats nothing');
  await shots(page, shot, 'again-offer');
  await page.click('[data-testid=deal-again]');
  await page.waitForFunction((id) => location.hash.startsWith('#/play/') && !location.hash.endsWith(id), original);
  await page.waitForSelector('[data-testid=romme-board] [data-testid=hand-card]');
  const copy = page.url().split('#/play/')[1];
  eq(await ids(page), firstHand, 'the same cards in the hand as at the start of the original deal');
  await playDeal(page);
  const compare = await page.waitForSelector('[data-testid=deal-end] [data-testid=again-compare]');
  const text = await compare.textContent();
  assert(/Dieselben Karten wie in Runde 1:/.test(text), `the comparison says which deal: ${text}`);
  assert(/: vorher -?\d+ Punkte?, jetzt -?\d+/.test(text), `the comparison gives both results: ${text}`);
  await shots(page, shot, 'again-compare');
  // Both games are kept: the original stands at its deal end, the new one is titled.
  await page.goto(base + '#/saves');
  await page.waitForSelector('[data-testid=save-row]');
  const rows = await page.$$eval('[data-testid=save-row]', (els) => els.map((e) => [e.dataset.id, e.textContent]));
  assert(rows.some(([id]) => id === original), 'the original game is still stored');
  const row = rows.find(([id]) => id === copy);
  assert(row && /Runde 1 nochmal/.test(row[1]), `the new game is titled "Runde 1 nochmal": ${row && row[1]}`);
}

async function replayFinished({ page, base, shot }) {
  const { id, deals } = await finishMatch(page, base, 'romme', 7);
  // From the statistics: the finished match is watched again.
  await page.goto(base + '#/stats');
  await page.click(`[data-testid=stats-watch][href$="${id}"]`);
  await page.waitForSelector('[data-testid=replay] [data-testid=romme-board]');
  assert((await position(page)).startsWith('Zug 0 von '), `starts at the deal: ${await position(page)}`);
  assert((await position(page)).endsWith(`Runde 1 von ${deals}`), await position(page));
  const seats = await page.$$('[data-testid=replay-seat]');
  assert(seats.length >= 3, `a finished match: the hands of every seat, one at a time (${seats.length})`);
  const seat0 = await ids(page);
  await seats[2].click();
  await page.waitForFunction((h) => [...document.querySelectorAll('[data-testid=hand-card]')].map((e) => e.dataset.card).sort().join(',') !== h, seat0);
  await page.click('[data-testid=replay-on]');
  await page.waitForFunction(() => document.querySelector('[data-testid=replay-position]').textContent.startsWith('Zug 1 '));
  const line = await page.$eval('[data-testid=replay-line]', (e) => e.textContent);
  assert(line.length > 3 && !/Der Anfang/.test(line), `the step's log line: ${line}`);
  await page.click('[data-testid=replay-deal-on]');
  await page.waitForFunction(() => / Runde 2 von /.test(document.querySelector('[data-testid=replay-position]').textContent));
  await page.click('[data-testid=replay-back]');
  await page.waitForFunction(() => / Runde 1 von /.test(document.querySelector('[data-testid=replay-position]').textContent));
  // The last deal ends with its panel, read-only: no button plays on.
  await page.click('[data-testid=replay-deal-on]');
  await page.click('[data-testid=replay-deal-on]');
  await page.waitForSelector('[data-testid=replay] [data-testid=deal-end]');
  assert(!(await page.isVisible('[data-testid=replay] [data-testid=next-deal]')), 'nothing to play on in a replay');
  await shots(page, shot, 'replay-end');
  // Autoplay steps on at the bot speed, and stops when paused.
  await page.click('[data-testid=replay-deal-back]');
  await page.click('[data-testid=replay-deal-back]');
  const from = await position(page);
  await page.click('[data-testid=replay-play]');
  await page.waitForFunction((p) => document.querySelector('[data-testid=replay-position]').textContent !== p, from);
  await page.waitForTimeout(300);
  await page.click('[data-testid=replay-play]');
  const paused = await position(page);
  await page.waitForTimeout(400);
  eq(await position(page), paused, 'paused: the replay stands');
  await shots(page, shot, 'replay');
}

async function replayRunning({ page, base, shot }) {
  await page.evaluate(([j, s]) => { localStorage.setItem('kartenrunde.game.replay-run', j); localStorage.setItem('kartenrunde.settings.v1', s); }, [FIX.running.save, FAST]);
  // From the running game's log: the whole game so far, from this person's seat only.
  await page.goto(base + '#/play/replay-run');
  await page.click('[data-testid=watch-game]');
  await page.waitForSelector('[data-testid=replay] [data-testid=romme-board]');
  eq((await page.$$('[data-testid=replay-seat]')).length, 0, 'a running game: no other seat to choose');
  const steps = FIX.running.visible.length;
  for (let n = 0; n < steps; n++) {
    await page.waitForFunction((n) => document.querySelector('[data-testid=replay-position]').textContent.startsWith(`Zug ${n} `), n);
    const allowed = new Map();
    for (const f of FIX.running.visible[n]) allowed.set(f, (allowed.get(f) || 0) + 1);
    const shown = new Map();
    for (const f of await shownFaces(page)) shown.set(f, (shown.get(f) || 0) + 1);
    for (const [f, k] of shown) {
      assert(k <= (allowed.get(f) || 0), `step ${n}: ${k} × ${f} shown, but the person may see ${allowed.get(f) || 0}`);
    }
    if (n === 10) await shots(page, shot, 'replay-running');
    if (n + 1 < steps) await page.click('[data-testid=replay-on]');
  }
  // Several people in a running game: not before it is over.
  const hotSeat = JSON.parse(FIX.running.save);
  hotSeat.meta.seat_kinds = ['human', 'human', 'normal'];
  await page.evaluate((j) => localStorage.setItem('kartenrunde.game.replay-hot', j), JSON.stringify(hotSeat));
  await page.goto(base + '#/replay/replay-hot');
  const why = await page.waitForSelector('[data-testid=replay-unavailable]');
  assert(/sobald sie zu Ende ist/.test(await why.textContent()), 'says when it can be watched');
  await page.goto(base + '#/replay/no-such-game');
  await page.waitForSelector('[data-testid=load-error]');
}

async function hints({ page, base, shot }) {
  await startGame(page, base, 'romme');
  await untilMyDraw(page);
  await page.click('[data-testid=hint-ask]');
  await page.waitForFunction(() => /^Tipp: /.test(document.querySelector('[data-testid=hint-text]').textContent));
  const drawHint = await page.textContent('[data-testid=hint-text]');
  assert(/ziehen|nehmen/.test(drawHint), `a hint for the draw: ${drawHint}`);
  await page.click('[data-testid=talon]');
  await page.waitForFunction(() => document.querySelector('[data-testid=hint-text]').textContent === '', null, { timeout: 5000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase === 'play');
  await page.click('[data-testid=hint-ask]');
  await page.waitForFunction(() => /^Tipp: /.test(document.querySelector('[data-testid=hint-text]').textContent));
  const marked = await page.$$('[data-testid=hand-card].hinted');
  assert(marked.length >= 1, 'the hint marks its cards in the hand');
  await shots(page, shot, 'hint');
  // The game remembers that a hint was shown (the statistics say so at its end).
  const id = page.url().split('#/play/')[1];
  await discardWorst(page);
  const meta = await page.evaluate((id) => JSON.parse(localStorage.getItem('kartenrunde.game.' + id)).meta, id);
  eq(meta.hints_used, true, 'the save says a hint was shown');
  // Two people at one device: off unless the setup allows it.
  await page.goto(base + '#/setup/romme');
  await page.waitForSelector('[data-testid=seat-row]');
  await page.selectOption('[data-testid=seat-row] >> nth=1 >> select', 'human');
  assert(!(await page.isChecked('[data-testid=hints-choice] input')), 'hot-seat: hints off by default');
  await page.click('[data-testid=start]');
  await page.waitForFunction(() => location.hash.startsWith('#/play/'));
  await page.waitForSelector('[data-testid=privacy], [data-testid=romme-board]');
  assert(!(await page.$('[data-testid=hint-ask]')), 'no "Tipp" in a hot-seat game');
}

// Every game's stored game is watched: each kind of step, forward and back, no error.
async function everyGame({ page, base, shot }) {
  const presets = covering('replays', ['karussell', 'profisort', 'abluxxen', 'profiduell', 'romme_raeuber']);
  for (const [preset, board] of presets.map((p) => [p, boardOf(p)])) {
    const save = readFileSync(new URL(`../../crates/engine/tests/fixtures/${preset}.wave4.save.json`, import.meta.url), 'utf8');
    await page.evaluate(([id, j]) => localStorage.setItem('kartenrunde.game.' + id, j), ['replay-' + preset, save]);
    await page.goto(base + '#/replay/replay-' + preset);
    await page.waitForSelector(`[data-testid=replay] [data-testid=${board}]`);
    const steps = [];
    for (const b of ['on', 'on', 'on', 'back', 'deal-on', 'deal-on', 'back', 'back', 'deal-back', 'deal-back', 'on', 'deal-on']) {
      const sel = `[data-testid=replay-${b}]`;
      if (!(await page.isEnabled(sel))) continue;
      await page.click(sel);
      steps.push(b);
    }
    assert(steps.length >= 8, `${preset}: the steps could be taken (${steps.join(' ')})`);
    const at = await position(page);
    assert(/^Zug \d+ von \d+ · Runde \d+ von \d+$/.test(at), `${preset}: where the replay stands (${at})`);
    if (preset === 'karussell') await shots(page, shot, 'replay-karussell');
    await page.waitForSelector(`[data-testid=${board}]`);
  }
}

// "Tipp" in the other games with hints: the first decision of the person.
async function hintsElsewhere({ page, base, shot }) {
  // (Rommé: the tests above.)
  for (const [game, board] of GAME_INFO.filter((g) => g.hints && g.name !== 'romme').map((g) => [g.name, BOARD[g.name]])) {
    await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
    await page.goto(base + '#/setup/' + game);
    await page.waitForSelector('[data-testid=start]');
    assert(await page.isChecked('[data-testid=hints-choice] input'), `${game}: hints on for one person against bots`);
    await page.click('[data-testid=start]');
    await page.waitForSelector(`[data-testid=${board}]`);
    await page.waitForSelector('[data-testid=hint-ask]:not([disabled])', { timeout: 60000 });
    await page.click('[data-testid=hint-ask]');
    await page.waitForFunction(() => /^Tipp: /.test(document.querySelector('[data-testid=hint-text]').textContent));
    await shots(page, shot, `hint-${game}`);
  }
}

export default [
  { name: 'replay: "Tipp" in Profi-Sort and Abluxxen says what to do at the person’s first decision', run: hintsElsewhere },
  { name: 'replay: a stored game of every other game is watched step by step, by deal, forward and back', run: everyGame },
  { name: 'replay: "Tipp" says the normal bot’s choice for the draw and the play, marks its cards; off for two people at one device', run: hints },
  { name: 'replay: "Diese Runde nochmal" deals the same cards in a new game and shows both results at its end', run: sameDealAgain },
  { name: 'replay: a finished match from the statistics – steps, deals, autoplay, every seat, read-only at the end', run: replayFinished },
  { name: 'replay: a running game shows only what its person could see at every step; several people wait for the end', run: replayRunning },
];
