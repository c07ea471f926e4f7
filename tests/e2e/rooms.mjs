// Rooms across the internet (issue 40): the host's table and its guests find each other
// through a real signalling server (the matchbox project's matchbox_server, started here on
// this machine) and, in one test, only through a TURN relay (Debian's coturn). The servers
// are named in net.json beside index.html (served by the test per browser) or in the
// settings. The signalling server sees only connection data; the game goes device to device.
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { assert } from './assert.mjs';
import { FAST, ARGS, TAP, FAMILIES, watch, noPanics, hostTable, hostPage } from './devices.mjs';

const KAUFEN = FAMILIES[0];

// A program of the set-up (scripts/setup-tools): on PATH or in cargo's bin folder.
function tool(name) {
  for (const dir of [...(process.env.PATH || '').split(':'), path.join(os.homedir(), '.cargo/bin'), '/usr/bin', '/usr/sbin']) {
    const p = path.join(dir, name);
    if (dir && fs.existsSync(p)) return p;
  }
  throw new Error(`${name} is not installed (scripts/setup-tools --browser installs it)`);
}

async function freePort() {
  return new Promise((done, fail) => {
    const s = net.createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => done(port)); });
  });
}

// matchbox_server on `port`, up once its /health answers.
async function signalServer(port) {
  const proc = spawn(tool('matchbox_server'), [`127.0.0.1:${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  proc.stderr.on('data', (d) => { log += d; });
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.ok) return { proc, log: () => log, stop: () => new Promise((done) => { proc.once('exit', done); proc.kill('SIGKILL'); }) };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error('matchbox_server did not start: ' + log);
}

// A browser context whose net.json is `config` (as a deployer would write it).
// A guest's data channels are tapped (`tap`); the host's are not (its moves are settled by
// its own frames).
async function context(browser, config, viewport, tap = true) {
  const ctx = await browser.newContext({ viewport });
  await ctx.route('**/net.json', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(config) }));
  if (tap) await ctx.addInitScript(TAP);
  // The data-channel connections, to read which candidates carry them.
  await ctx.addInitScript(`(() => {
    window.__krPcs = [];
    const Orig = RTCPeerConnection;
    window.RTCPeerConnection = function (...a) { const pc = new Orig(...a); window.__krPcs.push(pc); return pc; };
    window.RTCPeerConnection.prototype = Orig.prototype;
    window.RTCPeerConnection.generateCertificate = Orig.generateCertificate.bind(Orig);
  })()`);
  return ctx;
}

// What a page said to and heard from the signalling server: messages and bytes.
function tapSignal(page) {
  const t = { sent: 0, sentBytes: 0, got: 0, gotBytes: 0, frames: [] };
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => { t.sent++; t.sentBytes += String(f.payload).length; t.frames.push(String(f.payload)); });
    ws.on('framereceived', (f) => { t.got++; t.gotBytes += String(f.payload).length; t.frames.push(String(f.payload)); });
  });
  return t;
}

const seatsOf = (host) => host.$$eval('[data-testid=net-seat]', (els) => els.map((e) => e.dataset.presence));

// A guest opens room link `url` under `name`; resolves once its board is shown (ms from the
// click).
async function joinRoom(g, url, name, board = '[data-testid=romme-board]') {
  await g.goto(url);
  await g.waitForSelector('[data-testid=join-go]');
  await g.fill('[data-testid=join-name]', name);
  const t0 = Date.now();
  await g.click('[data-testid=join-go]');
  await g.waitForSelector(board, { timeout: 30000 }).catch(async (e) => {
    console.log('DBG guest:', await g.evaluate(() => document.body.innerText.replace(/\n/g, ' | ').slice(0, 400)));
    throw e;
  });
  return Date.now() - t0;
}

// A room link's code bytes and where its secret (8 bytes) starts.
function secretAt(url) {
  const at = url.indexOf('#/join/') + 7;
  const bytes = Buffer.from(url.slice(at), 'base64url');
  let i = 2;
  for (let k = 0; k < 3; k++) i += 1 + bytes[i]; // game, variant, table
  i += 2; // seat, seats
  i += 1 + bytes[i]; // name
  return { at, bytes, i };
}

// The seat's secret as the guest says it over the channel.
const secretText = (url) => { const { bytes, i } = secretAt(url); return bytes.subarray(i, i + 8).toString('hex'); };

// The code of a room link with another secret (its checksum made anew, as a forger would).
function forged(url) {
  const { at, bytes, i } = secretAt(url);
  bytes[i + 7] ^= 0x5a; // the secret's last byte
  const body = bytes.subarray(0, bytes.length - 2);
  let h = 0x811c9dc5;
  for (const b of body) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  const sum = (h ^ (h >>> 16)) & 0xffff;
  bytes[bytes.length - 2] = sum >> 8;
  bytes[bytes.length - 1] = sum & 0xff;
  return url.slice(0, at) + bytes.toString('base64url');
}

// Until the deal is over on the host: every page decides when it is its turn.
async function playDeal(pages, limit = 900) {
  const acted = pages.map(() => 0);
  for (let n = 0; n < limit && !(await KAUFEN.over(pages[0])); n++) {
    let any = false;
    for (const [i, p] of pages.entries()) if (await KAUFEN.act(p)) { acted[i]++; any = true; }
    if (!any) await pages[0].waitForTimeout(100);
  }
  return acted;
}

// The candidate types of the page's open connections' selected pairs.
const carriedBy = (page) => page.evaluate(async () => {
  const out = [];
  for (const pc of window.__krPcs) {
    if (pc.connectionState !== 'connected') continue;
    const stats = await pc.getStats();
    let local = null;
    stats.forEach((s) => { if (s.type === 'transport' && s.selectedCandidatePairId) local = stats.get(stats.get(s.selectedCandidatePairId).localCandidateId); });
    if (local) out.push(local.candidateType);
  }
  return out;
});

export default [
  {
    name: 'rooms: host and two guests join one room by link through matchbox_server and finish a Rommé deal with the server stopped midway; a wrong secret is refused; after a restart a reloaded guest and a guest on a new device rejoin',
    async run({ base, out }) {
      const port = await freePort();
      let server = await signalServer(port);
      const config = { signal: `ws://127.0.0.1:${port}`, iceServers: [] };
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
      try {
        const hostCtx = await context(browser, config, { width: 1366, height: 768 }, false);
        const host = watch(await hostCtx.newPage());
        const hostSignal = tapSignal(host);
        const links = await hostTable(host, base, KAUFEN.variant, 3, 1, KAUFEN.board);
        const t0 = Date.now();
        await host.waitForSelector('[data-testid=net-room][data-room=up]', { timeout: 10000 });
        const roomMs = Date.now() - t0;
        for (const l of links) assert(l.includes('#/join/') && l.length < 260, `a room link: ${l}`);
        // No reply field: the room carries the replies.
        assert(!(await host.$('[data-testid=net-reply-input]')), 'no reply field while the room is open');
        for (const [w, h] of [[1366, 768], [390, 844], [360, 640]]) {
          await host.setViewportSize({ width: w, height: h });
          await (await host.$('[data-testid=net-table]')).screenshot({ path: `${out}/rooms-host-${w}.png` });
        }
        await host.setViewportSize({ width: 1366, height: 768 });

        // A device with a forged secret for Cem's seat is denied and seated nowhere.
        const badCtx = await context(browser, config, { width: 390, height: 844 });
        const bad = watch(await badCtx.newPage());
        await bad.goto(base + '#/');
        await bad.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        await bad.goto(forged(links[1]));
        await bad.waitForSelector('[data-testid=join-go]');
        await bad.click('[data-testid=join-go]');
        await bad.waitForSelector('[data-testid=guest-failed]', { timeout: 20000 });
        const why = await bad.textContent('[data-testid=guest-failed]');
        assert(why.includes('gilt nicht mehr'), `the forged secret is denied: ${why}`);
        assert(!(await bad.$('[data-testid=romme-board]')), 'no board for a forged secret');
        await bad.screenshot({ path: `${out}/rooms-denied-390.png` });
        await badCtx.close();
        assert((await seatsOf(host)).every((p) => p !== 'net.here'), 'nobody is seated by a forged secret');

        // Bea and Cem join by their links, each in a browser of its own.
        const guests = [];
        const joins = [];
        const signals = [];
        for (const [i, name] of ['Bea', 'Cem'].entries()) {
          const ctx = await context(browser, config, { width: 390, height: 844 });
          const g = watch(await ctx.newPage());
          signals.push(tapSignal(g));
          await g.goto(base + '#/');
          await g.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
          joins.push(await joinRoom(g, links[i], name));
          guests.push(g);
        }
        await host.waitForFunction(() => [...document.querySelectorAll('[data-testid=net-seat]')].every((s) => s.dataset.presence === 'net.here'), null, { timeout: 10000 });
        await guests[0].screenshot({ path: `${out}/rooms-guest-390.png` });
        console.log(`    rooms: room open ${roomMs} ms after the links showed; join click → board ${joins.join(' / ')} ms; signalling per join (guest): sent ${signals[0].sent} messages ${signals[0].sentBytes} B, received ${signals[0].got} messages ${signals[0].gotBytes} B; host so far: sent ${hostSignal.sent} (${hostSignal.sentBytes} B), received ${hostSignal.got} (${hostSignal.gotBytes} B)`);
        const pages = [host, ...guests];
        const acted = pages.map(() => 0);
        for (let n = 0; n < 60 && Math.min(...acted) < 2; n++) {
          let any = false;
          for (const [i, p] of pages.entries()) if (await KAUFEN.act(p)) { acted[i]++; any = true; }
          if (!any) await host.waitForTimeout(100);
        }
        assert(Math.min(...acted) >= 2, `everyone decided twice before the server stops: ${acted}`);

        // The signalling server goes away mid-deal: the host is told, the deal goes on.
        await server.stop();
        await host.waitForSelector('[data-testid=net-room][data-room=down]', { timeout: 10000 });
        await (await host.$('[data-testid=net-table]')).screenshot({ path: `${out}/rooms-down-1366.png` });
        const more = await playDeal(pages);
        assert(await KAUFEN.over(host), `the deal ended without the server (decisions ${more})`);
        for (const g of guests) {
          for (let i = 0; i < 50 && !(await KAUFEN.over(g)); i++) await g.waitForTimeout(100);
          assert(await KAUFEN.over(g), 'the guest sees the deal\'s end');
        }
        assert((await seatsOf(host)).every((p) => p === 'net.here'), 'the guests stayed connected');
        for (const p of pages) {
          const raw = await p.evaluate(() => (window.__krIn || []).join('\n'));
          assert(!/"seed"/.test(raw), 'no seed went to a guest');
        }

        // Back up: the host's page is in the room again by itself.
        server = await signalServer(port);
        await host.waitForSelector('[data-testid=net-room][data-room=up]', { timeout: 15000 });

        // Bea reloads with no way back kept on her device: back through the room.
        await guests[0].evaluate(() => {
          for (const k of Object.keys(localStorage)) {
            if (!k.startsWith('kartenrunde.guest.')) continue;
            const r = JSON.parse(localStorage.getItem(k));
            r.spare = null;
            localStorage.setItem(k, JSON.stringify(r));
          }
        });
        const r0 = Date.now();
        await guests[0].reload();
        await guests[0].waitForSelector('[data-testid=romme-board]', { timeout: 30000 });
        const reloadMs = Date.now() - r0;
        assert(!(await guests[0].$('[data-testid=join-go]')), 'no name step after a reload');

        // Cem's phone is gone; he opens his link on another device.
        await guests[1].context().close();
        await host.waitForFunction(() => document.querySelectorAll('[data-testid=net-seat]')[1].dataset.presence !== 'net.here', null, { timeout: 15000 });
        const ctx = await context(browser, config, { width: 390, height: 844 });
        const cem = watch(await ctx.newPage());
        await cem.goto(base + '#/');
        await cem.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        const newDeviceMs = await joinRoom(cem, links[1], 'Cem');
        await host.waitForFunction(() => [...document.querySelectorAll('[data-testid=net-seat]')].every((s) => s.dataset.presence === 'net.here'), null, { timeout: 10000 });
        console.log(`    rooms: after the server's restart, a reload → board ${reloadMs} ms (through the room); another device → board ${newDeviceMs} ms`);
        // The server passed nothing but connection data: no secret, no name, no game message.
        const passed = [hostSignal, ...signals].flatMap((t) => t.frames).join('\n');
        assert(passed.length > 0 && passed.includes('Offer') && passed.includes('Reply'), 'offers and replies went through the server');
        for (const l of links) assert(!passed.includes(secretText(l)), 'no seat secret went through the server');
        for (const n of ['Bea', 'Cem', 'Ben', 'Cara']) assert(!passed.includes(n), `no name (${n}) went through the server`);
        assert(!/"(state|welcome|act|hello|view)"/.test(passed), 'no game message went through the server');
        noPanics();
      } finally {
        await browser.close();
        await server.stop().catch(() => {});
      }
    },
  },
  {
    name: 'rooms: servers set in the settings (bad input explained); relay-only through coturn: a Rommé deal over the TURN relay',
    async run({ base, out }) {
      const [port, turnPort] = [await freePort(), await freePort()];
      const server = await signalServer(port);
      const turnLog = path.join(os.tmpdir(), `kr-turn-${turnPort}.log`);
      const turn = spawn(tool('turnserver'), ['-n', '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${turnPort}`,
        '--min-port=49300', '--max-port=49400', '--lt-cred-mech', '--user=kr:geheim', '--realm=kartenrunde', '--allow-loopback-peers',
        '--no-cli', '--no-tls', '--no-dtls', '--no-tcp-relay', `--log-file=${turnLog}`, '--simple-log'], { stdio: 'ignore' });
      const turnUrl = `turn:127.0.0.1:${turnPort}?transport=udp`;
      const guestConfig = { signal: '', iceServers: [{ urls: turnUrl, username: 'kr', credential: 'geheim' }], relayOnly: true };
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
      try {
        await new Promise((r) => setTimeout(r, 500));
        // The host's site names no servers; its player enters them in the settings.
        const hostCtx = await context(browser, {}, { width: 390, height: 844 }, false);
        const host = watch(await hostCtx.newPage());
        await host.goto(base + '#/settings');
        await host.waitForSelector('[data-testid=net-settings]');
        await (await host.$('[data-testid=net-settings]')).screenshot({ path: `${out}/rooms-settings-empty-390.png` });
        assert((await host.getAttribute('[data-testid=net-servers]', 'placeholder')).includes('benutzer passwort'), 'the example is in German');
        assert((await host.textContent('[data-testid=net-site]')).includes('keiner'), 'the site names no signalling server');
        await host.fill('[data-testid=net-signal]', 'signal.example.org');
        await host.click('[data-testid=net-save]');
        assert((await host.textContent('[data-testid=net-not-saved]')).includes('wss://'), 'a signalling address without wss:// is explained');
        await host.fill('[data-testid=net-signal]', `http://127.0.0.1:${port}`);
        await host.fill('[data-testid=net-servers]', `turn:127.0.0.1:${turnPort}?transport=udp`);
        await host.click('[data-testid=net-save]');
        assert((await host.textContent('[data-testid=net-not-saved]')).includes('Benutzer und Passwort'), 'a TURN server without credentials is explained');
        await host.fill('[data-testid=net-servers]', `${turnUrl} kr geheim`);
        await host.check('[data-testid=net-relay]');
        await host.click('[data-testid=net-save]');
        await host.waitForSelector('[data-testid=net-saved]');
        assert((await host.inputValue('[data-testid=net-signal]')) === `ws://127.0.0.1:${port}`, 'the address is kept as a WebSocket address');
        for (const [w, h] of [[360, 640], [390, 844], [1366, 768]]) {
          await host.setViewportSize({ width: w, height: h });
          await (await host.$('[data-testid=net-settings]')).screenshot({ path: `${out}/rooms-settings-${w}.png` });
        }
        await host.setViewportSize({ width: 1366, height: 768 });
        const links = await hostTable(host, base, KAUFEN.variant, 2, 1, KAUFEN.board);
        await host.waitForSelector('[data-testid=net-room][data-room=up]', { timeout: 10000 });
        const gctx = await context(browser, guestConfig, { width: 390, height: 844 });
        const g = watch(await gctx.newPage());
        await g.goto(base + '#/');
        await g.evaluate((s) => localStorage.setItem('kartenrunde.settings.v1', s), FAST);
        const ms = await joinRoom(g, links[0], 'Bea');
        const [hostBy, guestBy] = [await carriedBy(host), await carriedBy(g)];
        assert(hostBy.length > 0 && hostBy.every((t) => t === 'relay'), `the host's connection is relayed: ${hostBy}`);
        assert(guestBy.length > 0 && guestBy.every((t) => t === 'relay'), `the guest's connection is relayed: ${guestBy}`);
        const acted = await playDeal([host, g]);
        assert(await KAUFEN.over(host), `the deal ended over the relay (decisions ${acted})`);
        assert(Math.min(...acted) >= 1, `host and guest both decided: ${acted}`);
        console.log(`    rooms (relay only): join click → board ${ms} ms; candidates ${hostBy} / ${guestBy}; decisions ${acted}`);
        noPanics();
      } finally {
        await browser.close();
        turn.kill('SIGKILL');
        fs.rmSync(turnLog, { force: true });
        await server.stop().catch(() => {});
      }
    },
  },
  {
    name: 'rooms: the signalling server unreachable – the host is told, and invites by code instead',
    async run({ base, out }) {
      const port = await freePort();
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
      try {
        const ctx = await context(browser, { signal: `ws://127.0.0.1:${port}` }, { width: 390, height: 844 }, false);
        const host = watch(await ctx.newPage());
        await hostTable(host, base, 'romme', 2, 0, '[data-testid=romme-board]');
        await host.waitForSelector('[data-testid=net-room][data-room=down]', { timeout: 10000 });
        const said = await host.textContent('[data-testid=net-room]');
        assert(said.includes('nicht erreichbar') && said.includes(`127.0.0.1:${port}`), `the host is told: ${said}`);
        await (await host.$('[data-testid=net-table]')).screenshot({ path: `${out}/rooms-unreachable-390.png` });
        // A guest who opens a room link meanwhile is told the same, and waits.
        const links = await host.$$eval('[data-testid=net-invite-url]', (els) => els.map((e) => e.value));
        const gctx = await context(browser, {}, { width: 360, height: 640 });
        const g = watch(await gctx.newPage());
        await g.goto(links[0]);
        await g.click('[data-testid=join-go]');
        await g.waitForSelector('[data-testid=guest-knocking]');
        await g.waitForSelector('[data-testid=guest-room-down]', { timeout: 10000 });
        await g.screenshot({ path: `${out}/rooms-guest-waits-360.png` });
        await gctx.close();
        await host.click('[data-testid=net-room-codes]');
        await host.waitForSelector('[data-testid=net-reply-input]');
        await host.waitForFunction(() => {
          const u = document.querySelector('[data-testid=net-invite-url]');
          return u && u.value.includes('#/join/') && u.value.length > 180;
        }, null, { timeout: 10000 });
        noPanics();
      } finally {
        await browser.close();
      }
    },
  },
];
