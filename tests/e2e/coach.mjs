// The first-game guide (components/coach.rs): a few coach marks near their targets, shown once
// per game family, back from the game's "Spielhilfe zeigen" button and the settings page;
// never a modal, never over the dock's actions, inside the screen on a phone.
import fs from 'node:fs';
import { assert, eq } from './assert.mjs';
import { axe } from './a11y.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const KEY = 'kartenrunde.coach.v1';
const SHOTS = '/tmp/coach-shots';

async function start(page, base, variant, board, { clear = false } = {}) {
  await page.goto(base + '#/');
  await page.evaluate(([s, key, clear]) => {
    localStorage.setItem('kartenrunde.settings.v1', s);
    if (clear) localStorage.removeItem(key);
  }, [FAST, KEY, clear]);
  await page.goto(base + '#/setup/' + variant);
  await page.reload();
  await page.waitForSelector('[data-testid=start]');
  await page.click('[data-testid=start]');
  await page.waitForSelector(`[data-testid=${board}]`);
}

// The bubble once placed (null while absent).
async function waitCoach(page) {
  await page.waitForFunction(() => {
    const c = document.querySelector('[data-testid=coach]');
    return c && getComputedStyle(c).visibility !== 'hidden';
  }, null, { timeout: 5000 });
  await page.waitForTimeout(350);
}

// The bubble, its target and the dock's buttons, in viewport pixels.
function measure(page) {
  return page.evaluate(() => {
    const rect = (e) => { const r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height }; };
    const c = document.querySelector('[data-testid=coach]');
    if (!c) return null;
    const target = document.querySelector(c.dataset.target);
    const dock = document.querySelector('[data-testid=dock]');
    const buttons = dock ? [...dock.querySelectorAll('button')].filter((b) => b.offsetParent).map((b) => ({ id: b.dataset.testid || b.textContent.trim(), ...rect(b) })) : [];
    const bubble = rect(c);
    // Nothing of the board below the bubble's edges is blocked: the target answers taps.
    let targetHit = null;
    if (target) {
      const t = rect(target);
      const hit = document.elementFromPoint(t.l + Math.min(t.w / 2, 12), t.t + Math.min(t.h / 2, 12));
      targetHit = !!hit && (hit === target || target.contains(hit));
    }
    return {
      step: Number(c.dataset.step), place: c.dataset.place, sel: c.dataset.target,
      text: c.querySelector('[data-testid=coach-text]').textContent,
      role: c.getAttribute('role'), live: c.querySelector('[aria-live]')?.getAttribute('aria-live'),
      bubble, target: target ? rect(target) : null, targetHit,
      dock: dock ? rect(dock) : null, buttons, vw: innerWidth, vh: innerHeight,
    };
  });
}

const overlap = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

// The bubble is inside the screen, clear of the dock's buttons (and above the dock) and next
// to its target (or docked above the dock when the target is missing or off-screen).
function checkPlacement(m, label) {
  const { bubble: b, vw, vh } = m;
  assert(b.l >= 0 && b.t >= 0 && b.r <= vw + 0.5 && b.b <= vh + 0.5, `${label}: bubble inside the screen ${JSON.stringify(b)} in ${vw}x${vh}`);
  for (const btn of m.buttons) assert(!overlap(b, btn), `${label}: bubble covers the dock button ${btn.id}`);
  if (m.dock) assert(b.b <= m.dock.t + 1, `${label}: bubble above the dock (${b.b} > ${m.dock.t})`);
  const t = m.target;
  if (m.place === 'below' || m.place === 'above') {
    const gap = Math.max(b.t - t.b, t.t - b.b, b.l - t.r, t.l - b.r, 0);
    assert(gap <= 24, `${label}: bubble ${gap}px away from ${m.sel}`);
    assert(!overlap(b, t), `${label}: bubble covers its target ${m.sel}`);
  } else if (m.place === 'docked') {
    const cx = Math.min(Math.max(t.l + t.w / 2, 8), vw - 8);
    assert(cx >= b.l - 1 && cx <= b.r + 1, `${label}: docked bubble not above ${m.sel}`);
    assert(m.dock && m.dock.t - b.b <= 20, `${label}: docked bubble right above the dock`);
  } else {
    eq(m.place, 'free', `${label}: placement`);
    assert(!t || t.b <= 0 || t.t >= vh || t.w === 0, `${label}: free although ${m.sel} is on screen`);
  }
  if (t && t.b > 0 && t.t < vh && m.place !== 'free') assert(m.targetHit, `${label}: ${m.sel} still answers taps`);
}

// Steps through every mark with "Weiter", checking each; returns the targets seen.
async function stepThrough(page, label, shots = null) {
  const seen = [];
  for (let i = 0; ; i++) {
    // The board may still be moving (a bot's move re-wraps a row): the bubble follows within
    // a few frames, so a placement is checked again before it counts as wrong.
    let m;
    for (let tries = 0; ; tries++) {
      m = await measure(page);
      try { checkPlacement(m, 'probe'); break; } catch (e) { if (tries >= 5) break; }
      await page.waitForTimeout(200);
    }
    eq(m.step, i, `${label}: step`);
    assert(m.role === 'dialog' && m.live === 'polite', `${label}: a non-modal dialog with a polite live text`);
    assert(m.text.length > 10 && m.text.split(/\s+/).length <= 20, `${label}: short text: ${m.text}`);
    checkPlacement(m, `${label} step ${i + 1} (${m.sel}, ${m.place})`);
    seen.push(m.sel);
    if (shots) await page.screenshot({ path: `${SHOTS}/${shots}-step${i + 1}.png` });
    if (!(await page.$('[data-testid=coach-next]'))) break;
    await page.click('[data-testid=coach-next]');
    await page.waitForFunction((n) => document.querySelector('[data-testid=coach]')?.dataset.step === String(n), i + 1);
    await page.waitForTimeout(350);
  }
  return seen;
}

const flags = (page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || '[]'), KEY);

export default [
  {
    name: 'coach: the first Rommé game shows the guide once; the host button and Escape; phone sizes',
    async run({ page, base }) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await start(page, base, 'romme', 'romme-board', { clear: true });
      await waitCoach(page);
      const first = await measure(page);
      assert(first.text.includes('Stapel'), 'German text: ' + first.text);
      await axe(page, 'board with a coach mark');
      eq((await stepThrough(page, 'romme 1366', 'romme-1366x768')).join(' '),
        '[data-testid=talon] [data-testid=new-meld] [data-testid=discard]', 'the marks point at the draw pile, the meld area and the discard pile');
      eq(await page.$('[data-testid=coach-next]'), null, 'no "Weiter" on the last mark');
      eq(await page.textContent('[data-testid=coach-close]'), 'Verstanden', 'German button');
      await page.click('[data-testid=coach-close]');
      await page.waitForSelector('[data-testid=coach]', { state: 'detached' });
      assert((await flags(page)).includes('romme'), 'finishing the guide remembers Rommé');

      // A second Rommé game (another preset): no guide.
      await start(page, base, 'romme_kaufen', 'romme-board');
      await page.waitForTimeout(800);
      eq(await page.$('[data-testid=coach]'), null, 'no guide in the second Rommé game');
      // "Spielhilfe zeigen" brings it back from the first mark; Escape closes it.
      eq((await page.textContent('[data-testid=coach-show]')).trim(), 'Spielhilfe zeigen', 'host button text');
      await page.click('[data-testid=coach-show]');
      await page.evaluate(() => window.scrollTo(0, 0));
      await waitCoach(page);
      eq((await measure(page)).step, 0, 'the guide starts over');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=coach]', { state: 'detached' });

      // Phones: a fresh first game at each size; inside the screen, never over the dock.
      for (const [w, h] of [[360, 640], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await start(page, base, 'romme', 'romme-board', { clear: true });
        await waitCoach(page);
        await stepThrough(page, `romme ${w}x${h}`, `romme-${w}x${h}`);
        // The discard button is never covered (it shows in the player's play phase).
        const btn = await page.$('[data-testid=discard-button]');
        if (btn) {
          const m = await measure(page);
          assert(!m.buttons.some((b) => b.id === 'discard-button' && overlap(b, m.bubble)), 'discard button free');
        }
        await page.keyboard.press('Escape');
        await page.waitForSelector('[data-testid=coach]', { state: 'detached' });
        assert((await flags(page)).includes('romme'), 'Escape remembers the guide as seen');
      }
      await page.setViewportSize({ width: 1366, height: 768 });
    },
  },
  {
    name: 'coach: Karussell and Abluxxen have their own guides; the settings page shows them again',
    async run({ page, base }) {
      await start(page, base, 'karussell', 'karussell-board', { clear: true });
      await waitCoach(page);
      const ka = await stepThrough(page, 'karussell', 'karussell-1366x768');
      eq(ka.join(' '), '[data-testid=stock] [data-testid=table] [data-testid=knock]', 'Karussell marks');
      await page.click('[data-testid=coach-close]');
      await page.waitForSelector('[data-testid=coach]', { state: 'detached' });
      eq((await flags(page)).join(','), 'karussell', 'only Karussell seen');
      // "Verstanden" on the first mark of Abluxxen closes the whole guide.
      await start(page, base, 'abluxxen', 'ab-board');
      await waitCoach(page);
      const ab = await measure(page);
      eq(ab.sel, '[data-testid=hand]', 'Abluxxen starts at the hand');
      checkPlacement(ab, 'abluxxen step 1');
      await page.click('[data-testid=coach-close]');
      await page.waitForSelector('[data-testid=coach]', { state: 'detached' });
      await start(page, base, 'karussell', 'karussell-board');
      await page.waitForTimeout(800);
      eq(await page.$('[data-testid=coach]'), null, 'no guide in the second Karussell game');

      // Settings: "Spielhilfen zurücksetzen" clears the flags.
      await page.goto(base + '#/settings');
      await page.click('[data-testid=coach-reset]');
      await page.waitForFunction(() => document.querySelector('[data-testid=coach-reset-done]').textContent.length > 0);
      eq((await flags(page)).length, 0, 'flags cleared');
      await start(page, base, 'karussell', 'karussell-board');
      await waitCoach(page);
      // Damaged flags count as none seen, and English players read English.
      await page.evaluate((k) => {
        localStorage.setItem(k, '{kaputt');
        localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'En', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 }));
      }, KEY);
      await page.goto(base + '#/setup/abluxxen');
      await page.reload();
      await page.click('[data-testid=start]');
      await waitCoach(page);
      eq((await page.textContent('[data-testid=coach-next]')).trim(), 'Next', 'English button');
      eq((await page.textContent('[data-testid=coach-close]')).trim(), 'Got it', 'English button');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=coach]', { state: 'detached' });
      eq((await flags(page)).join(','), 'abluxxen', 'damaged flags replaced');
    },
  },
  {
    name: 'coach: no guide in a bots-only game',
    async run({ page, base }) {
      await page.evaluate(([s, k]) => { localStorage.setItem('kartenrunde.settings.v1', s); localStorage.removeItem(k); }, [FAST, KEY]);
      await page.goto(base + '#/setup/romme');
      await page.reload();
      await page.selectOption('[data-testid=seat-row] >> nth=0 >> select', 'normal');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=romme-board]');
      await page.waitForTimeout(800);
      eq(await page.$('[data-testid=coach]'), null, 'no guide without a human');
      eq(await page.$('[data-testid=coach-show]'), null, 'no guide button without a human');
    },
  },
];
