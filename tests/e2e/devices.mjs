// A table between devices (issue 39): the host's page and two guests, each in a browser of
// its own (separate storage), join by invitation link and reply over real WebRTC data
// channels on this machine, with no server but the static site; they play Rommé turns, a
// guest's foreign-seat, out-of-turn and repeated intents are refused with nothing applied,
// no message a guest receives names a card of another hand; a reloaded guest, and the guests
// of a reloaded host, are back with their seats and hands with no step by anyone.
import { chromium } from 'playwright-core';
import { assert, eq } from './assert.mjs';
import { abState, abAnswer } from './abluxxen.mjs';

export const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
// Chromium hides local addresses behind mDNS names unless a page may use the camera; on a
// machine without an mDNS responder the test lets it show them (a phone on a Wi-Fi resolves
// the names).
export const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-features=WebRtcHideLocalIpsWithMdns'];
// Records what a page's data channels receive, and keeps them to send raw messages from.
export const TAP = `(() => {
  window.__krIn = []; window.__krCh = [];
  const orig = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...a) {
    const ch = orig.apply(this, a);
    window.__krCh.push(ch);
    ch.addEventListener('message', (e) => window.__krIn.push(String(e.data)));
    return ch;
  };
})()`;

export const board = (page) => page.$eval('[data-testid=romme-board]', (b) => ({ phase: b.dataset.phase, mine: b.dataset.mine === 'true' }));
const handIds = (page) => page.$$eval('[data-testid=hand-card]', (els) => els.map((e) => e.dataset.card).sort());

// The guest opens invitation `url` under `name` and hands the reply to the host: pasted
// into the table's field, or (`byLink`) opened as a link in another tab of the host's
// browser, which hands it to the running table.
async function join(guest, host, url, name, byLink = false, shots = null) {
  await guest.goto(url);
  await guest.waitForSelector('[data-testid=join-go]');
  await guest.fill('[data-testid=join-name]', name);
  if (shots) await guest.screenshot({ path: `${shots}/devices-join-390.png` });
  const t0 = Date.now();
  await guest.click('[data-testid=join-go]');
  await guest.waitForSelector('[data-testid=guest-reply-url]', { timeout: 20000 });
  if (shots) await guest.screenshot({ path: `${shots}/devices-reply-390.png` });
  const reply = await guest.inputValue('[data-testid=guest-reply-url]');
  assert(reply.includes('#/reply/'), 'a reply link');
  if (byLink) {
    const tab = await host.context().newPage();
    await tab.goto(reply);
    await tab.waitForSelector('[data-testid=reply-taken]', { timeout: 10000 });
    await tab.close();
  } else {
    await host.fill('[data-testid=net-reply-input]', reply);
    await host.click('[data-testid=net-reply-take]');
  }
  await guest.waitForSelector('[data-testid=romme-board]', { timeout: 20000 });
  return { ms: Date.now() - t0, replyChars: reply.length };
}

// One turn of whoever's turn it is among `pages` (draw from the talon, discard the first
// card); returns the index of the page that played, or -1 when none could.
export async function oneTurn(pages) {
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i];
    const b = await board(p);
    if (!b.mine || b.phase !== 'draw') continue;
    await p.click('[data-testid=talon]');
    await p.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.phase !== 'draw', null, { timeout: 10000 });
    const cards = await p.$$('[data-testid=hand-card]');
    for (const c of cards) {
      await c.click();
      await p.click('[data-testid=discard]');
      if (await p.$('[data-testid=discard-warning]')) { await p.waitForTimeout(450); await p.click('[data-testid=discard]'); }
      await p.waitForTimeout(150);
      const after = await board(p);
      if (!(after.phase === 'play' && after.mine)) return i;
      await c.click();
    }
    throw new Error('no card could be discarded');
  }
  return -1;
}

// The messages a page received, each as { t: its kind, ...its fields }.
async function messages(page) {
  return (await page.evaluate(() => window.__krIn)).map((text) => {
    const m = JSON.parse(text);
    const [t] = Object.keys(m);
    return { t, ...m[t] };
  });
}

function cardIds(v, out = new Set()) {
  if (Array.isArray(v)) v.forEach((x) => cardIds(x, out));
  else if (v && typeof v === 'object') {
    if ('id' in v && 'face' in v) out.add(v.id);
    Object.values(v).forEach((x) => cardIds(x, out));
  }
  return out;
}

// Opens the setup of `variant` on the host with `humans` human seats (and `bots` bots), ticks
// "Jeder am eigenen Gerät", starts, and returns the invitation links once they are ready.
export async function hostTable(host, base, variant, humans, bots, board) {
  await host.goto(base + '#/');
  await host.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  await host.goto(base + '#/setup/' + variant);
  await host.reload();
  await host.waitForSelector('[data-testid=start]');
  await setSeats(host, [...Array(humans).fill('human'), ...Array(bots).fill('normal')]);
  await host.check('[data-testid=devices]');
  await host.click('[data-testid=start]');
  await host.waitForSelector(board);
  await host.waitForFunction((k) => document.querySelectorAll('[data-testid=net-invite-url]').length === k, humans - 1, { timeout: 20000 });
  return host.$$eval('[data-testid=net-invite-url]', (els) => els.map((e) => e.value));
}

// A panic on any page this spec opens itself fails the test (the run watches only its own).
const PANIC = /Kartenrunde panic|RuntimeError|unreachable executed|already been disposed/;
const panics = [];
export function watch(page) {
  page.on('console', (m) => { if (m.type() === 'error' && PANIC.test(m.text())) panics.push(m.text()); });
  page.on('pageerror', (e) => panics.push(String(e)));
  return page;
}
export function noPanics() {
  const seen = panics.splice(0);
  assert(seen.length === 0, 'no panic on the guests\' or host\'s pages: ' + seen.join(' | '));
}

// The setup page's seats: one per entry of `kinds` ('human', 'normal', …). Locators, not
// element handles: looked up again at each use (a handle of a seat row taken while the list
// changed once failed: "Unable to adopt element handle").
async function setSeats(host, kinds) {
  const rows = host.locator('[data-testid=seat-row]');
  while ((await rows.count()) < kinds.length) await host.click('text=Spieler hinzufügen');
  while ((await rows.count()) > kinds.length) await host.click('[data-testid=seat-row]:last-child button');
  for (const [i, k] of kinds.entries()) await rows.nth(i).locator('select.seat-kind').selectOption(k);
}

// The guests' connections kept ready for the host's return, as the host's page stores them
// (seat → reply code).
async function heldBacks(host) {
  return host.evaluate(() => {
    const held = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith('kartenrunde.table.')) for (const r of JSON.parse(localStorage.getItem(k))) held[r.seat] = r.back || null;
    }
    return held;
  });
}

// A guest in a browser context of its own, its data channels tapped.
async function guestPage(browser, base) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await ctx.addInitScript(TAP);
  const g = watch(await ctx.newPage());
  await g.goto(base + '#/');
  await g.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
  return g;
}

// The host's page, in a browser context of its own (at desktop size).
export async function hostPage(browser) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  return watch(await ctx.newPage());
}

// Does `click` and waits until its effect has arrived: on a guest's page the host's next
// message, on the host's page the next frame. True (something was done).
async function settle(page, click) {
  const before = await page.evaluate(() => (window.__krIn ? window.__krIn.length : -1));
  await click();
  if (before >= 0) await page.waitForFunction((n) => window.__krIn.length > n, before, { timeout: 10000 });
  else await page.waitForTimeout(100);
  return true;
}

// Per game family: its board, and one decision of the person at `page` if it is theirs
// (true when something was done).
export const FAMILIES = [
  {
    // Rommé mit Kaufen: draw, discard a random card; a buying question is passed; the bot at
    // the table goes out in the end.
    variant: 'romme_kaufen', board: '[data-testid=romme-board]',
    async over(page) { return !!(await page.$('[data-testid=deal-end]')); },
    async act(page) {
      const b = await board(page);
      if (!b.mine || (await page.$('[data-testid=deal-end]'))) return false;
      if (b.phase === 'claim') return settle(page, () => page.click('[data-testid=pass-buy]'));
      if (b.phase === 'draw') return settle(page, () => page.click('[data-testid=talon]'));
      if (b.phase === 'declare') return settle(page, () => page.click('[data-testid=declare]'));
      if (b.phase !== 'play') return false;
      const cards = await page.$$('[data-testid=hand-card]');
      await cards[Math.floor(Math.random() * cards.length)].click();
      return settle(page, async () => {
        await page.click('[data-testid=discard]');
        if (await page.$('[data-testid=discard-warning]')) { await page.waitForTimeout(450); await page.click('[data-testid=discard]'); }
      });
    },
  },
  {
    variant: 'abluxxen', board: '[data-testid=ab-board]',
    async over(page) { const st = await abState(page); return st.end || st.roundEnd; },
    async act(page) {
      const st = await abState(page);
      if (!st.mine || st.end || st.roundEnd) return false;
      return settle(page, () => abAnswer(page, st));
    },
  },
  {
    variant: 'karussell', board: '[data-testid=karussell-board]',
    async over(page) {
      const p = await page.$eval('[data-testid=karussell-board]', (e) => e.dataset.phase);
      return p === 'round-over' || p === 'match-over';
    },
    // One step of a turn: draw; place what the hint places; else draw again or pass; knock.
    async act(page) {
      const [p, m] = await page.$eval('[data-testid=karussell-board]', (e) => [e.dataset.phase, e.dataset.mine === 'true']);
      if (!m || p === 'round-over' || p === 'match-over') return false;
      if (p === 'draw') return settle(page, () => page.click('[data-testid=stock]'));
      const ind = await page.$('[data-testid=can-place]');
      const n = ind ? Number(await ind.evaluate((e) => e.dataset.n)) : 0;
      if (n > 0) {
        await page.click('[data-testid=hint]');
        return settle(page, () => page.click('[data-testid=commit]'));
      }
      // Ends the turn where it can (drawing again could go on until the stock is empty).
      for (const sel of ['[data-testid=end-turn]', '[data-testid=pass]', '[data-testid=knock]', '[data-testid=draw-again]']) {
        if (await page.$(sel)) return settle(page, () => page.click(sel));
      }
      return false;
    },
  },
  {
    variant: 'profisort', board: '[data-testid=profisort-board]',
    async over(page) {
      const p = await page.$eval('[data-testid=profisort-board]', (e) => e.dataset.phase);
      return p === 'deal-over' || p === 'match-over';
    },
    async act(page) {
      const [p, m] = await page.$eval('[data-testid=profisort-board]', (e) => [e.dataset.phase, e.dataset.mine === 'true']);
      if (!m) return false;
      // A hand of 3+ aces is asked whether to keep it (rare: the CI once waited a whole
      // deal on a guest who had one, as nobody answered).
      if (p === 'redeal') return settle(page, () => page.click('[data-testid=keep-hand]'));
      if (p === 'draw') return settle(page, () => page.click('[data-testid=talon]'));
      if (p !== 'play' && p !== 'last-discard') return false;
      const ids = await handIds(page);
      await page.click(`[data-testid=hand-card][data-card="${ids[ids.length - 1]}"]`);
      return settle(page, () => page.click('[data-testid=discard]'));
    },
  },
];

// The host's camera, faked in the page: a 640×480 stream of a canvas that shows
// `window.__krCamera` (an image: the guest's screen) on grey, as a phone camera would.
const FAKE_CAMERA = `(() => {
  const md = navigator.mediaDevices;
  if (!md) return;
  md.getUserMedia = async () => {
    const c = document.createElement('canvas');
    c.width = 640; c.height = 480;
    const x = c.getContext('2d');
    setInterval(() => {
      x.fillStyle = '#d8d8d8'; x.fillRect(0, 0, 640, 480);
      const img = window.__krCamera;
      if (img) x.drawImage(img, (640 - img.width) / 2, (480 - img.height) / 2);
    }, 100);
    return c.captureStream(10);
  };
})()`;

export default [
  {
    name: 'devices: host and two guests play Rommé over WebRTC; refusals; privacy; a guest reloads and rejoins',
    async run({ base, out }) {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
      try {
        // The host in the same browser as the guests: its addresses are plain ones too (a
        // returning guest reaches the host's kept connection by them).
        const host = await hostPage(browser);
        await host.setViewportSize({ width: 1366, height: 768 });
        await host.goto(base + '#/');
        await host.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await host.goto(base + '#/setup/romme');
        await host.reload();
        await host.waitForSelector('[data-testid=start]');
        await setSeats(host, ['human', 'human', 'human']);
        await host.check('[data-testid=devices]');
        for (const [w, h] of [[360, 640], [1366, 768]]) {
          await host.setViewportSize({ width: w, height: h });
          await host.screenshot({ path: `${out}/devices-setup-${w}.png` });
        }
        await host.click('[data-testid=start]');
        await host.waitForSelector('[data-testid=romme-board]');
        await host.waitForFunction(() => document.querySelectorAll('[data-testid=net-invite-url]').length === 2, null, { timeout: 20000 });
        const invites = await host.$$eval('[data-testid=net-invite-url]', (els) => els.map((e) => e.value));
        const inviteChars = invites[0].length;
        // The host's board is the host's seat: the two others are its opponents, whoever
        // begins (the seats played on other devices are never shown here).
        const opp = await host.$$eval('[data-testid=romme-board] [data-testid=opponent]', (els) => els.map((e) => e.textContent));
        assert(opp.length === 2 && opp.some((t) => t.includes('Ben')) && opp.some((t) => t.includes('Cara')), `the host sees Ben and Cara as opponents: ${opp}`);
        await host.screenshot({ path: `${out}/devices-host-1366.png`, fullPage: true });

        const guests = [];
        const figures = [];
        for (const [i, name] of ['Bea', 'Cem'].entries()) {
          const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
          await ctx.addInitScript(TAP);
          const g = watch(await ctx.newPage());
          await g.goto(base + '#/');
          await g.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
          figures.push(await join(g, host, invites[i], name, i === 1, i === 0 ? out : null));
          guests.push(g);
        }
        await host.waitForFunction(() => [...document.querySelectorAll('[data-testid=net-seat]')].every((s) => s.dataset.presence === 'net.here'), null, { timeout: 10000 });
        // The names the guests chose are the table's: on the host's board and on each other's.
        await host.waitForFunction(() => ['Bea', 'Cem'].every((n) => document.querySelector('[data-testid=romme-board]').textContent.includes(n)), null, { timeout: 5000 }).catch(async (e) => {
          console.log('DBG host board:', await host.$eval('[data-testid=romme-board]', (b) => b.textContent.slice(0, 300)));
          console.log('DBG guest msgs:', (await messages(guests[0])).filter((m) => m.t === 'state').pop().names);
          throw e;
        });
        await guests[0].waitForFunction(() => document.querySelector('[data-testid=romme-board]').textContent.includes('Cem'), null, { timeout: 5000 });
        await guests[0].screenshot({ path: `${out}/devices-guest-390.png`, fullPage: true });

        // Play: every device takes turns (draw, discard) until each has played twice.
        const pages = [host, ...guests];
        const played = [0, 0, 0];
        for (let n = 0; n < 40 && Math.min(...played) < 2; n++) {
          const who = await oneTurn(pages);
          if (who >= 0) played[who]++;
          else await host.waitForTimeout(200);
        }
        assert(Math.min(...played) >= 2, `each device played twice: ${played}`);

        // Refusals: from guest 0 while it is not its turn, for another seat, and sent twice.
        const g0 = guests[0];
        const g0msgs = await messages(g0);
        const welcome = g0msgs.find((m) => m.t === 'welcome');
        const seat = welcome.seat;
        const withLegal = g0msgs.filter((m) => m.t === 'state' && m.legal.length > 0);
        assert(withLegal.length > 0, 'guest 0 got legal actions on its turn');
        const action = withLegal[0].legal[0];
        // Guest 0 plays its turn if it is its decision, then it is not.
        for (let n = 0; n < 3 && (await board(g0)).mine; n++) await oneTurn([g0]);
        await g0.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.mine !== 'true', null, { timeout: 20000 });
        const last = (await messages(g0)).filter((m) => m.t === 'state').pop();
        const before = (await messages(g0)).length;
        await g0.evaluate(([a, s, at]) => {
          const ch = window.__krCh.filter((c) => c.readyState === 'open').pop();
          ch.send(JSON.stringify({ act: { seq: 1000, seat: s, at, action: a } }));
          ch.send(JSON.stringify({ act: { seq: 1001, seat: (s + 1) % 3, at, action: a } }));
          ch.send(JSON.stringify({ act: { seq: 1, seat: s, at, action: a } }));
        }, [action, seat, last.at]);
        await g0.waitForFunction((n) => window.__krIn.length >= n + 3, before, { timeout: 10000 });
        const refused = (await messages(g0)).slice(before).filter((m) => m.t === 'refused');
        const kinds2 = refused.map((r) => r.why.k);
        assert(kinds2.includes('rule') || kinds2.includes('stale'), `out of turn refused: ${kinds2}`);
        assert(kinds2.includes('not_your_seat'), `foreign seat refused: ${kinds2}`);
        assert(kinds2.includes('repeated'), `repeated refused: ${kinds2}`);
        const after = (await messages(g0)).filter((m) => m.t === 'state').pop();
        eq(after.at <= last.at + 1, true, 'nothing applied beyond the table\'s own moves');

        // Privacy: no message to a guest names a card in another guest's hand or the host's,
        // and none carries the seed.
        const hands = await Promise.all(pages.map(handIds));
        for (const [gi, g] of guests.entries()) {
          const raw = await g.evaluate(() => window.__krIn.join('\n'));
          assert(!/"seed"/.test(raw), 'no seed');
          const lastState = (await messages(g)).filter((m) => m.t === 'state').pop();
          const seen = cardIds(lastState.view);
          for (const [pi, h] of hands.entries()) {
            if (pi === gi + 1) continue;
            for (const id of h) assert(!seen.has(Number(id)), `guest ${gi} sees card ${id} of device ${pi}`);
          }
        }

        // A guest reloads: its page goes straight back to the table by the connection the
        // host kept ready for it (no reply, no step on the host), with the same hand.
        const handBefore = await handIds(g0);
        const backsBefore = await heldBacks(host);
        const t0 = Date.now();
        await g0.reload();
        await g0.waitForSelector('[data-testid=romme-board]', { timeout: 20000 });
        await g0.waitForFunction(() => document.querySelectorAll('[data-testid=hand-card]').length > 0, null, { timeout: 10000 });
        const rejoinMs = Date.now() - t0;
        assert(!(await g0.$('[data-testid=join-go]')) && !(await g0.$('[data-testid=guest-reply-url]')), 'no name step and no reply after a reload');
        eq((await handIds(g0)).join(','), handBefore.join(','), 'the same hand after the reload');
        await host.waitForFunction(() => [...document.querySelectorAll('[data-testid=net-seat]')].every((s) => s.dataset.presence === 'net.here'), null, { timeout: 10000 });
        // A reply that does not belong to this table is refused plainly.
        await host.fill('[data-testid=net-reply-input]', 'AAAA');
        await host.click('[data-testid=net-reply-take]');
        await host.waitForSelector('[data-testid=net-reply-error]');

        // The host's page reloads mid-deal: the table comes back from its save and answers the
        // connections the guests kept ready; they are back with their seats and hands, with
        // no invitation opened. (Once the returned guest's new connection kept ready has
        // reached the host's storage: a host that reloads within that moment, about 0.1–1 s,
        // finds only the one the guest's earlier page kept, and the guest needs a new
        // invitation, as when both pages reload at once; a race the CI once lost.)
        const tBack = Date.now();
        for (let i = 0; ; i++) {
          const held = await heldBacks(host);
          const others = Object.keys(held).filter((s) => Number(s) !== seat);
          if (held[seat] && held[seat] !== backsBefore[seat] && others.length === 1 && others.every((s) => held[s])) break;
          assert(i < 100, `the host holds both guests' connections kept ready within 10 s: ${JSON.stringify(held)}`);
          await host.waitForTimeout(100);
        }
        const backHeldMs = Date.now() - tBack;
        const hands2 = await Promise.all(guests.map(handIds));
        const hostHand = await handIds(host);
        const t1 = Date.now();
        await host.reload();
        await host.waitForSelector('[data-testid=romme-board]');
        eq((await handIds(host)).join(','), hostHand.join(','), 'the host\'s hand after its reload');
        await host.waitForFunction(() => { const s = [...document.querySelectorAll('[data-testid=net-seat]')]; return s.length === 2 && s.every((x) => x.dataset.presence === 'net.here'); }, null, { timeout: 20000 });
        const hostBackMs = Date.now() - t1;
        for (const [i, g] of guests.entries()) {
          await g.waitForFunction(() => !document.querySelector('[data-testid=guest-lost]') && !document.querySelector('[data-testid=guest-returning]'), null, { timeout: 10000 });
          eq((await handIds(g)).join(','), hands2[i].join(','), `guest ${i}'s hand after the host's reload`);
        }
        // The network drops while both pages stay open (the guest's channel closes): the guest
        // comes back by itself through the host's kept connection, without a reload.
        const g1 = guests[1];
        const hand3 = await handIds(g1);
        // (once the table has handed the guest its way back after its return)
        await g1.waitForFunction(() => { const k = window.__krIn.map((m) => Object.keys(JSON.parse(m))[0]); return k.lastIndexOf('back') > k.lastIndexOf('welcome'); }, null, { timeout: 10000 });
        await g1.evaluate(() => { window.__sameDocument = true; window.__krCh.filter((c) => c.readyState === 'open').forEach((c) => c.close()); });
        await host.waitForFunction(() => [...document.querySelectorAll('[data-testid=net-seat]')].some((x) => x.dataset.presence !== 'net.here'), null, { timeout: 10000 }).catch(() => {});
        await host.waitForFunction(() => { const s = [...document.querySelectorAll('[data-testid=net-seat]')]; return s.length === 2 && s.every((x) => x.dataset.presence === 'net.here'); }, null, { timeout: 20000 });
        await g1.waitForFunction(() => !document.querySelector('[data-testid=guest-lost]') && !document.querySelector('[data-testid=guest-returning]'), null, { timeout: 10000 });
        assert(await g1.evaluate(() => window.__sameDocument === true), 'the guest came back without a reload');
        eq((await handIds(g1)).join(','), hand3.join(','), 'the same hand after the network came back');

        // Play goes on.
        const played2 = [0, 0, 0];
        for (let n = 0; n < 20 && Math.min(...played2) < 1; n++) {
          const who = await oneTurn(pages);
          if (who >= 0) played2[who]++;
          else await host.waitForTimeout(200);
        }
        assert(Math.min(...played2) >= 1, `each device played after the host's reload: ${played2}`);

        const bytes = (await g0.evaluate(() => window.__krIn.reduce((n, m) => n + m.length, 0)));
        const count = (await g0.evaluate(() => window.__krIn.length));
        console.log(`    devices: invitation ${inviteChars} chars, reply ${figures[0].replyChars} chars; join ${figures.map((f) => f.ms).join(' / ')} ms; guest back after its reload ${rejoinMs} ms; guests back after the host's reload ${hostBackMs} ms (its reload waited ${backHeldMs} ms for their ways back); guest after reload: ${count} messages, ${bytes} bytes`);
        for (const [w, h] of [[390, 844], [360, 640]]) {
          await host.setViewportSize({ width: w, height: h });
          await host.screenshot({ path: `${out}/devices-host-${w}.png`, fullPage: true });
        }
        await guests[1].setViewportSize({ width: 1366, height: 768 });
        await guests[1].screenshot({ path: `${out}/devices-guest-1366.png`, fullPage: true });
        await guests[1].setViewportSize({ width: 360, height: 640 });
        await guests[1].screenshot({ path: `${out}/devices-guest-360.png` });
        noPanics();
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: 'devices: a whole deal of Rommé mit Kaufen, Abluxxen, Karussell and Profi-Sort over WebRTC – host and guest play through their boards, the guest sees no other hand and the deal\'s end',
    async run({ base }) {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
      try {
        const host = await hostPage(browser);
        for (const f of FAMILIES) {
          const invites = await hostTable(host, base, f.variant, 2, 1, f.board);
          const g = await guestPage(browser, base);
          await g.goto(invites[0]);
          await g.waitForSelector('[data-testid=join-go]');
          await g.click('[data-testid=join-go]');
          await g.waitForSelector('[data-testid=guest-reply-url]', { timeout: 20000 });
          await host.fill('[data-testid=net-reply-input]', await g.inputValue('[data-testid=guest-reply-url]'));
          await host.click('[data-testid=net-reply-take]');
          await g.waitForSelector(f.board, { timeout: 20000 });
          // The whole deal (round), each device deciding through its board.
          const pages = [host, g];
          const acted = [0, 0];
          let privacyChecked = 0;
          // A deal one device ends before the other's first turn (a Profi-Sort hand that
          // meets its task at once) is followed by the next, up to three.
          for (let deal = 0; deal < 3; deal++) {
            if (deal > 0) {
              if (Math.min(...acted) >= 1) break;
              const next = await host.$('[data-testid=next-deal], [data-testid=next-round]');
              if (!next) break;
              await next.click();
              for (let i = 0; i < 100 && (await f.over(host)); i++) await host.waitForTimeout(100);
            }
            for (let n = 0; n < 800 && !(await f.over(host)); n++) {
              let any = false;
              for (const [i, p] of pages.entries()) {
                if (await f.act(p)) { acted[i]++; any = true; }
              }
              if (!any) await host.waitForTimeout(100);
              // While the deal runs (at its end the hands are shown to all): the guest's newest
              // view holds no card of the host's hand.
              if (n % 5 === 0 && !(await f.over(host))) {
                const hostHand = new Set((await handIds(host)).map(Number));
                const last = (await messages(g)).filter((m) => m.t === 'state').pop();
                for (const id of cardIds(last.view)) assert(!hostHand.has(id), `${f.variant}: the guest sees card ${id} of the host's hand`);
                privacyChecked++;
              }
            }
          }
          assert(privacyChecked > 0, `${f.variant}: the guest's view was checked while the deal ran`);
          assert(await f.over(host), `${f.variant}: the deal ended (decisions ${acted})`);
          assert(Math.min(...acted) >= 1, `${f.variant}: host and guest both decided: ${acted}`);
          // The deal's end shows on the guest's device too.
          for (let i = 0; i < 50 && !(await f.over(g)); i++) await g.waitForTimeout(100);
          assert(await f.over(g), `${f.variant}: the guest sees the deal's end`);
          console.log(`    devices ${f.variant}: a deal over WebRTC, decisions host ${acted[0]}, guest ${acted[1]}; guest received ${(await messages(g)).length} messages, ${await g.evaluate(() => window.__krIn.reduce((n, m) => n + m.length, 0))} bytes`);
          const raw = await g.evaluate(() => window.__krIn.join('\n'));
          assert(!/"seed"/.test(raw), `${f.variant}: no seed`);
          await g.context().close();
        }
        noPanics();
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: 'devices: the host scans the guest\'s reply QR code with its camera (fake camera showing the reply)',
    async run({ base }) {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
      try {
        const hostCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
        await hostCtx.addInitScript(FAKE_CAMERA);
        const host = watch(await hostCtx.newPage());
        const invites = await hostTable(host, base, 'romme', 2, 0, '[data-testid=romme-board]');
        const g = await guestPage(browser, base);
        await g.goto(invites[0]);
        await g.click('[data-testid=join-go]');
        const qr = await g.waitForSelector('[data-testid=guest-reply] [data-testid=share-qr]', { timeout: 20000 });
        const shot = (await qr.screenshot()).toString('base64');
        await host.evaluate((b64) => new Promise((done) => {
          const img = new Image();
          img.onload = () => { window.__krCamera = img; done(); };
          img.src = 'data:image/png;base64,' + b64;
        }), shot);
        await host.click('[data-testid=net-scan]');
        await host.waitForSelector('[data-testid=net-camera]');
        // (a minute: the decoder reads frames while the other tests keep both cores busy)
        await g.waitForSelector('[data-testid=romme-board]', { timeout: 60000 }).catch(async (e) => {
          console.log('DBG host:', await host.evaluate(() => document.querySelector('[data-testid=net-table]')?.innerText.replace(/\n/g, ' | ').slice(0, 600)));
          console.log('DBG camera:', await host.evaluate(() => { const v = document.querySelector('[data-testid=net-camera]'); return v ? `frames looked at ${v.dataset.frames}, video ${v.videoWidth}×${v.videoHeight}, ready ${v.readyState}` : 'closed'; }));
          console.log('DBG guest:', await g.evaluate(() => document.body.innerText.replace(/\n/g, ' | ').slice(0, 300)));
          throw e;
        });
        await host.waitForSelector('[data-testid=net-reply-ok]');
        // The camera is closed once the reply is taken.
        await host.waitForFunction(() => !document.querySelector('[data-testid=net-camera]'), null, { timeout: 5000 });
        await host.waitForFunction(() => document.querySelector('[data-testid=net-seat]').dataset.presence === 'net.here', null, { timeout: 10000 });
        noPanics();
      } finally {
        await browser.close();
      }
    },
  },
];
