// Bots in the page: a deal against hard bots, and a bots-only deal, with no long task over
// 50 ms while bots play (the hard bots think in slices; a slice pauses at 12 ms).
import { assert } from './assert.mjs';
import { playDeal } from './romme.mjs';
import { playTurn as karussellTurn, myMove } from './karussell.mjs';
import { covering } from './games.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });

// Opens the setup of `game` with `levels` per seat ('human', 'easy', 'normal', 'hard' …).
async function setup(page, base, game, levels) {
  await page.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await page.goto(base + '#/setup/' + game);
  await page.reload();
  await page.waitForSelector('[data-testid=seat-row]');
  for (let i = 0; i < levels.length; i++) {
    await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, levels[i]);
  }
}

// Records long tasks (over 50 ms, the browser's definition) and how often a bot's search
// paused between slices (the host's data-thinking going true). A long task in which the
// page handled the player's own input (a tap, a click, a key: Event Timing's processing
// window lies in it) is the page's response to that input, kept apart from the others: the
// bots' work (timers) must stay in tasks under 50 ms, and a response under 100 ms (RAIL's
// goal for a response to input). The project's CI measured the player's taps in Karussell
// (apply, autosave, board) at 61–71 ms where this machine measures 20–50.
async function watch(page) {
  await page.evaluate(() => {
    window.__tasks = [];
    window.__inputs = [];
    window.__frames = [];
    window.__pauses = 0;
    window.__decisions = {};
    if (window.__watching) return; // the observers below write to the fresh records
    window.__watching = true;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__inputs.push([e.processingStart, e.processingEnd]);
    }).observe({ type: 'event', durationThreshold: 16 });
    // What a long frame spent its time on (Long Animation Frames): each script's invoker and
    // duration, and the style, layout and paint after them; printed with a failure.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.duration < 30) continue;
        const scripts = e.scripts.map((s) => `${s.invoker || s.invokerType} ${Math.round(s.duration)}`).join(', ');
        const render = e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0;
        window.__frames.push([Math.round(e.duration), `${Math.round(e.duration)} ms: [${scripts}] render ${render}`]);
      }
    }).observe({ type: 'long-animation-frame' });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name.startsWith('kr-bot:')) (window.__decisions[e.name.slice(7)] ||= []).push(e.duration);
    }).observe({ type: 'measure' });
    new MutationObserver((ms) => {
      for (const m of ms) {
        if (m.type === 'attributes' && m.attributeName === 'data-thinking' && m.target.dataset.thinking === 'true') window.__pauses++;
      }
    }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-thinking'] });
  });
}

// Watches from the first frame after the table is shown: the checks are about the bots
// playing. Starting a game (storing it, fetching and compiling the table's part of the
// wasm, building the board) is one task of its own before that; on a cold page it can take
// 100–200 ms on this machine (see the closing note of issue 23: left for the start work).
async function watchOnceShown(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await watch(page);
}

// `long`: the long tasks other than responses to input (ms); `input`: the responses to input
// that were long tasks.
const figures = (page) => page.evaluate(() => {
  const answers = ([t, d]) => window.__inputs.some(([a, b]) => a >= t - 1 && b <= t + d + 1);
  const ms = (xs) => xs.map(([, d]) => Math.round(d));
  return {
    long: ms(window.__tasks.filter((x) => !answers(x))),
    input: ms(window.__tasks.filter(answers)),
    frames: window.__frames,
    pauses: window.__pauses,
  };
});

function noLongTasks(f, what) {
  console.log(`     ${what}: long tasks ${JSON.stringify(f.long)}, responses to input over 50 ms ${JSON.stringify(f.input || [])}, searches paused ${f.pauses} times`);
  // The longest frames (over 30 ms), even when none is a long task: how close it came.
  const slow = f.long.length || (f.input || []).some((d) => d > 100);
  const worst = [...f.frames].sort((a, b) => b[0] - a[0]).slice(0, slow ? 12 : 4);
  if (worst.length) console.log(`     longest frames: ${worst.map((w) => w[1]).join(' | ')}`);
  assert(f.long.length === 0, `${what}: long tasks over 50 ms: ${JSON.stringify(f.long)}`);
  const late = (f.input || []).filter((d) => d > 100);
  assert(late.length === 0, `${what}: long tasks over 50 ms: responses to input over 100 ms: ${JSON.stringify(late)}`);
}

// A long task can come from the machine (another process, a GC, the software renderer of a
// busy CI box) rather than the page: a check that finds one plays its part again, and fails
// only if three tries in a row find one (a page that blocks finds one every time). Every try
// is printed.
async function upToThree(what, attempt) {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (e) {
      if (tries >= 3 || !/long tasks over 50 ms/.test(String(e))) throw e;
      console.log(`     ${what}: ${String(e).split('\n')[0]} – trying again (${tries + 1} of 3)`);
    }
  }
}

const TESTS = [
  {
    name: 'bots: a Rommé deal against two hard bots – no long task over 50 ms',
    async run({ page, base }) {
      await upToThree('bots: a Rommé deal against two hard bots', async () => {
        await setup(page, base, 'romme', ['human', 'hard', 'hard']);
        await page.click('[data-testid=start]');
        await page.waitForSelector('[data-testid=romme-board]');
        await watchOnceShown(page);
        await playDeal(page);
        await page.waitForSelector('[data-testid=deal-end]', { timeout: 60000 });
        const f = await figures(page);
        assert(f.pauses > 0, 'the hard bots searched (and paused) during the deal');
        noLongTasks(f, 'Rommé vs hard');
      });
    },
  },
  {
    name: 'bots: a Karussell round against two hard bots – no long task over 50 ms',
    async run({ page, base }) {
      await upToThree('bots: a Karussell round against two hard bots', async () => {
        await setup(page, base, 'karussell', ['human', 'hard', 'hard']);
        await page.click('[data-testid=start]');
        await page.waitForSelector('[data-testid=karussell-board]');
        await watchOnceShown(page);
        for (let turn = 0; turn < 80; turn++) {
          const p = await myMove(page);
          if (p === 'round-over' || p === 'match-over') break;
          await karussellTurn(page);
        }
        await page.waitForSelector('[data-testid=round-end]', { timeout: 60000 });
        const f = await figures(page);
        assert(f.pauses > 0, 'the hard bots searched (and paused) during the round');
        noLongTasks(f, 'Karussell vs hard');
      });
    },
  },
];

// The bots' decision times in the page: the host adds a User Timing entry per decision.
const decisions = (page, level) => page.evaluate((l) => window.__decisions[l] || [], level);
const p95 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]; };
const END = '[data-testid=deal-end], [data-testid=round-end], [data-testid=end-screen]';

// A bots-only game of every game at `level`: easy and normal decide within 50 ms (p95);
// hard bots search longer, in slices: at every level no task runs over 50 ms.
// Decisions watched per game (the p95 of 60 is the third-slowest).
const DECISIONS = 60;
for (const level of ['easy', 'normal', 'hard']) {
  const hard = level === 'hard';
  TESTS.push({
    name: hard
      ? 'bots: bots-only games at level hard in every game – the searches pause, no long task over 50 ms'
      : `bots: bots-only games at level ${level} in every game – decisions p95 ≤ 50 ms, no long task over 50 ms`,
    async run({ page, base }) {
      let pausedGames = 0;
      // (Hard: also mit Kaufen, whose hard bot follows the learned discard order with Räuber.)
      const games = ['romme', ...(hard ? ['romme_kaufen'] : []), 'romme_raeuber', 'karussell', 'profisort', 'abluxxen', 'profiduell'];
      for (const game of covering('bots-only games', games)) {
        await upToThree(`${game} ${level}`, async () => {
          await setup(page, base, game, []);
          const rows = (await page.$$('[data-testid=seat-row]')).length;
          for (let i = 0; i < rows; i++) await page.selectOption(`[data-testid=seat-row] >> nth=${i} >> select`, level);
          await page.click('[data-testid=start]');
          await page.waitForSelector('.game-host');
          await watchOnceShown(page);
          // DECISIONS decisions, going on to the next deal or round when one ends, until the match ends.
          for (let guard = 0; guard < 20; guard++) {
            await page.waitForFunction(({ end, n }) => document.querySelector(end) || Object.values(window.__decisions).flat().length >= n, { end: END, n: DECISIONS }, { timeout: 90000 });
            if ((await decisions(page, level)).length >= DECISIONS) break;
            const next = await page.$('[data-testid=next-deal], [data-testid=next-round]');
            if (!next) break;
            await next.click();
            await page.waitForTimeout(100);
          }
          const times = await decisions(page, level);
          const f = await figures(page);
          console.log(`     ${game} ${level}: ${times.length} decisions, p95 ${p95(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (thinking time over all slices)`);
          assert(times.length >= 10, `${game}: the bots decided (${times.length} decisions)`);
          if (!hard) assert(p95(times) <= 50, `${game} ${level}: decision p95 ${p95(times)} ms`);
          noLongTasks(f, `${game} ${level} bots only`);
          pausedGames += f.pauses > 0 ? 1 : 0;
        });
      }
      if (hard) assert(pausedGames >= 4, `the hard bots' searches paused in ${pausedGames} of ${games.length} games`);
    },
  });
}

TESTS.push({
  name: 'bots: the long-task watch sees a long task (the check can fail), and tells a response to a tap from other work',
  async run({ page }) {
    await watch(page);
    await page.evaluate(() => setTimeout(() => { const t = performance.now(); while (performance.now() - t < 80) {} }, 0));
    await page.waitForTimeout(300);
    let f = await figures(page);
    assert(f.long.length === 1 && f.long[0] >= 80 && f.input.length === 0, 'an 80 ms timer task was seen as other work: ' + JSON.stringify(f));
    // A tap whose handler takes 80 ms, then one taking 130 ms: responses to input, the second
    // over the 100 ms a response may take.
    for (const ms of [80, 130]) {
      await watch(page);
      await page.evaluate((ms) => {
        const b = document.createElement('button');
        b.id = 'kr-slow-tap';
        b.textContent = 'slow';
        b.onclick = () => { const t = performance.now(); while (performance.now() - t < ms) {} b.remove(); };
        document.body.prepend(b);
      }, ms);
      await page.click('#kr-slow-tap');
      await page.waitForTimeout(300);
      f = await figures(page);
      assert(f.long.length === 0 && f.input.length === 1 && f.input[0] >= ms, `a ${ms} ms tap was seen as a response to input: ` + JSON.stringify(f));
      let failed = false;
      try { noLongTasks(f, `a ${ms} ms tap`); } catch { failed = true; }
      assert(failed === (ms > 100), `the check ${ms > 100 ? 'fails' : 'passes'} on a ${ms} ms response`);
    }
  },
});

TESTS.push({
  name: 'bots: start – a first visit has no long task over 50 ms (three loads, empty cache)',
  async run({ page, base }) {
    for (let i = 0; i < 3; i++) {
      await upToThree(`load ${i + 1}`, async () => {
        const p = await page.context().newPage();
        // A first visit: nothing cached (neither the files nor V8's compiled wasm).
        const cdp = await p.context().newCDPSession(p);
        await cdp.send('Network.clearBrowserCache');
        await p.addInitScript(() => {
          window.__long = [];
          new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });
        });
        await p.goto(base + '?load=' + i);
        await p.waitForFunction(() => !document.getElementById('boot') && document.querySelector('[data-testid=game-entry]'), null, { timeout: 20000 });
        await p.waitForTimeout(500);
        const long = await p.evaluate(() => window.__long);
        await p.close();
        console.log(`     load ${i + 1}: long tasks ${JSON.stringify(long)}`);
        assert(long.length === 0, `load ${i + 1}: long tasks over 50 ms at start: ${JSON.stringify(long)}`);
      });
    }
  },
});

// "Analyse" on a deal-end panel: the hard bot judges the person's decisions of the deal in
// slices (no long task), with progress and "Abbrechen", and lists the costly ones with the
// better move and its cards.
TESTS.push({
  name: 'analysis: after a Rommé deal – progress, cancel, then the costly decisions with the better move on the cards, no long task',
  async run({ page, base, shot }) {
    await setup(page, base, 'romme', ['human', 'normal']);
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=romme-board]');
    await playDeal(page);
    await page.waitForSelector('[data-testid=deal-end] [data-testid=analysis-start]', { timeout: 60000 });
    // Started and cancelled: the button is back, nothing was found.
    await page.click('[data-testid=analysis-start]');
    await page.waitForSelector('[data-testid=analysis-progress]');
    await page.click('[data-testid=analysis-cancel]');
    await page.waitForSelector('[data-testid=analysis-start]');
    assert(!(await page.$('[data-testid=analysis-result]')), 'a cancelled analysis shows no result');
    let seen = '';
    await upToThree('analysis', async () => {
      // Each try from a fresh page: the deal-end panel of the stored game, the analysis idle.
      await page.reload();
      await page.waitForSelector('[data-testid=deal-end] [data-testid=analysis-start]');
      await watchOnceShown(page);
      await page.click('[data-testid=analysis-start]');
      seen = await page.evaluate(() => new Promise((done) => {
        const texts = [];
        const look = () => {
          const p = document.querySelector('[data-testid=analysis-progress]');
          if (p) texts.push(p.textContent);
          if (document.querySelector('[data-testid=analysis-result], [data-testid=analysis-failed]')) return done(texts.join(' | '));
          setTimeout(look, 20);
        };
        look();
      }));
      noLongTasks(await figures(page), 'the analysis');
    });
    assert(!(await page.$('[data-testid=analysis-failed]')), 'the analysis ran');
    console.log(`     progress seen: ${seen.slice(0, 160)}`);
    assert(/Analyse: \d+ von \d+ Entscheidung/.test(seen), 'the progress counted the decisions: ' + seen.slice(0, 200));
    const result = await page.textContent('[data-testid=analysis-result]');
    console.log(`     result: ${result.slice(0, 300)}`);
    const judged = Number((result.match(/(\d+) Entscheidung/) || [])[1]);
    assert(judged >= 3, 'the person\'s decisions of the deal were judged: ' + result.slice(0, 200));
    const items = await page.$$eval('[data-testid=analysis-result] [data-testid=analysis-item]', (els) => els.map((e) => ({
      text: e.textContent,
      cards: e.querySelectorAll('.analysis-hand svg.card').length,
      marked: e.querySelectorAll('.analysis-hand .marked svg.card').length,
    })));
    for (const it of items) {
      assert(/^Entscheidung \d+ · kostete etwa \d+ Punkte?/.test(it.text), 'an item names the decision and its cost: ' + it.text);
      assert(/Besser: /.test(it.text), 'an item names the better move: ' + it.text);
      assert(it.cards > 0, 'an item shows the hand of that moment');
      assert(!/[{}]|undefined|Some\(|None/.test(it.text), 'no unfilled slot or debug text: ' + it.text);
    }
    console.log(`     items: ${items.length}`);
    if (items.length) assert(new RegExp(`^${items.length} von ${judged}`).test(result.trim()), 'the heading counts the items: ' + result.slice(0, 120));
    await shot('analysis-romme');
    // On a phone: the result fits the width, and its first item is in reach.
    await page.setViewportSize({ width: 360, height: 640 });
    await page.waitForTimeout(200);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= 360, `the page stays 360 px wide with the analysis shown (${width})`);
    if (items.length) {
      const first = page.locator('[data-testid=analysis-result] [data-testid=analysis-item]').first();
      await first.scrollIntoViewIfNeeded();
      const box = await first.boundingBox();
      assert(box && box.width <= 360 && box.x >= 0, 'an item fits a phone: ' + JSON.stringify(box));
    }
    await shot('analysis-romme-360');
  },
});

export default TESTS;
