// A table between devices (issue 39): the host's page and two guests, each in a browser of
// its own (separate storage), join by invitation link and reply over real WebRTC data
// channels on this machine, with no server but the static site; they play Rommé turns, a
// guest's foreign-seat, out-of-turn and repeated intents are refused with nothing applied,
// no message a guest receives names a card of another hand, and a reloaded guest gets its
// seat and hand back by answering the host's next invitation.
import { chromium } from 'playwright-core';
import { assert, eq } from './assert.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
// Chromium hides local addresses behind mDNS names unless a page may use the camera; on a
// machine without an mDNS responder the test lets it show them (a phone on a Wi-Fi resolves
// the names).
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-features=WebRtcHideLocalIpsWithMdns'];
// Records what a page's data channels receive, and keeps them to send raw messages from.
const TAP = `(() => {
  window.__krIn = []; window.__krCh = [];
  const orig = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...a) {
    const ch = orig.apply(this, a);
    window.__krCh.push(ch);
    ch.addEventListener('message', (e) => window.__krIn.push(String(e.data)));
    return ch;
  };
})()`;

const board = (page) => page.$eval('[data-testid=romme-board]', (b) => ({ phase: b.dataset.phase, mine: b.dataset.mine === 'true' }));
const handIds = (page) => page.$$eval('[data-testid=hand-card]', (els) => els.map((e) => e.dataset.card).sort());

async function join(guest, host, url, name) {
  await guest.goto(url);
  await guest.waitForSelector('[data-testid=join-go]');
  await guest.fill('[data-testid=join-name]', name);
  const t0 = Date.now();
  await guest.click('[data-testid=join-go]');
  await guest.waitForSelector('[data-testid=guest-reply-url]', { timeout: 20000 });
  const reply = await guest.inputValue('[data-testid=guest-reply-url]');
  assert(reply.includes('#/reply/'), 'a reply link');
  await host.fill('[data-testid=net-reply-input]', reply);
  await host.click('[data-testid=net-reply-take]');
  await guest.waitForSelector('[data-testid=romme-board]', { timeout: 20000 });
  return { ms: Date.now() - t0, replyChars: reply.length };
}

// One turn of whoever's turn it is among `pages` (draw from the talon, discard the first
// card); returns the index of the page that played, or -1 when none could.
async function oneTurn(pages) {
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

async function messages(page) {
  return (await page.evaluate(() => window.__krIn)).map((m) => JSON.parse(m));
}

function cardIds(v, out = new Set()) {
  if (Array.isArray(v)) v.forEach((x) => cardIds(x, out));
  else if (v && typeof v === 'object') {
    if ('id' in v && 'face' in v) out.add(v.id);
    Object.values(v).forEach((x) => cardIds(x, out));
  }
  return out;
}

export default [
  {
    name: 'devices: host and two guests play Rommé over WebRTC; refusals; privacy; a guest reloads and rejoins',
    async run({ page: host, base, out }) {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
      try {
        await host.setViewportSize({ width: 1366, height: 768 });
        await host.goto(base + '#/');
        await host.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await host.goto(base + '#/setup/romme');
        await host.reload();
        await host.waitForSelector('[data-testid=start]');
        while ((await host.$$('[data-testid=seat-row]')).length < 3) await host.click('text=Spieler hinzufügen');
        const kinds = await host.$$('[data-testid=seat-row] select.seat-kind');
        for (const k of kinds.slice(0, 3)) await k.selectOption('human');
        while ((await host.$$('[data-testid=seat-row]')).length > 3) await host.click('[data-testid=seat-row]:last-child button');
        await host.check('[data-testid=devices]');
        await host.click('[data-testid=start]');
        await host.waitForSelector('[data-testid=romme-board]');
        await host.waitForFunction(() => document.querySelectorAll('[data-testid=net-invite-url]').length === 2, null, { timeout: 20000 });
        const invites = await host.$$eval('[data-testid=net-invite-url]', (els) => els.map((e) => e.value));
        const inviteChars = invites[0].length;
        await host.screenshot({ path: `${out}/devices-host-1366.png`, fullPage: true });

        const guests = [];
        const figures = [];
        for (const [i, name] of ['Bea', 'Cem'].entries()) {
          const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
          await ctx.addInitScript(TAP);
          const g = await ctx.newPage();
          g.on('pageerror', (e) => { throw e; });
          await g.goto(base + '#/');
          await g.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
          figures.push(await join(g, host, invites[i], name));
          guests.push(g);
        }
        await host.waitForFunction(() => [...document.querySelectorAll('[data-testid=net-seat]')].every((s) => s.dataset.presence === 'net.here'), null, { timeout: 10000 });
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
        // Wait until it is not guest 0's decision.
        await g0.waitForFunction(() => document.querySelector('[data-testid=romme-board]').dataset.mine !== 'true', null, { timeout: 20000 });
        const last = (await messages(g0)).filter((m) => m.t === 'state').pop();
        const before = (await messages(g0)).length;
        await g0.evaluate(([a, s, at]) => {
          const ch = window.__krCh[window.__krCh.length - 1];
          ch.send(JSON.stringify({ t: 'act', seq: 1000, seat: s, at, action: a }));
          ch.send(JSON.stringify({ t: 'act', seq: 1001, seat: (s + 1) % 3, at, action: a }));
          ch.send(JSON.stringify({ t: 'act', seq: 1, seat: s, at, action: a }));
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

        // A guest reloads: its page answers the host's next invitation, the host takes the
        // reply, and the seat comes back with the same hand.
        const handBefore = await handIds(g0);
        await g0.reload();
        await g0.waitForSelector('[data-testid=join-go]');
        const t0 = Date.now();
        await g0.click('[data-testid=join-go]');
        await g0.waitForSelector('[data-testid=guest-reply-url]', { timeout: 20000 });
        const reply = await g0.inputValue('[data-testid=guest-reply-url]');
        await host.fill('[data-testid=net-reply-input]', reply);
        await host.click('[data-testid=net-reply-take]');
        await g0.waitForSelector('[data-testid=romme-board]', { timeout: 20000 });
        const rejoinMs = Date.now() - t0;
        eq((await handIds(g0)).join(','), handBefore.join(','), 'the same hand after the reload');
        // A reply that does not belong to this table is refused plainly.
        await host.fill('[data-testid=net-reply-input]', 'AAAA');
        await host.click('[data-testid=net-reply-take]');
        await host.waitForSelector('[data-testid=net-reply-error]');

        const bytes = (await g0.evaluate(() => window.__krIn.reduce((n, m) => n + m.length, 0)));
        const count = (await g0.evaluate(() => window.__krIn.length));
        console.log(`    devices: invitation ${inviteChars} chars, reply ${figures[0].replyChars} chars; join ${figures.map((f) => f.ms).join(' / ')} ms; rejoin after reload ${rejoinMs} ms; guest after reload: ${count} messages, ${bytes} bytes`);
        for (const [w, h] of [[390, 844], [360, 640]]) {
          await host.setViewportSize({ width: w, height: h });
          await host.screenshot({ path: `${out}/devices-host-${w}.png`, fullPage: true });
        }
        await guests[1].setViewportSize({ width: 1366, height: 768 });
        await guests[1].screenshot({ path: `${out}/devices-guest-1366.png`, fullPage: true });
      } finally {
        await browser.close();
      }
    },
  },
];
