// The smoke test in the two other browser engines: Firefox ESR (Gecko, through geckodriver)
// and WebKitGTK's MiniBrowser (WebKit, the engine of Safari, through WebKitWebDriver under
// xvfb-run), each at 390x844 and 1366x768 (the page's exact size), against the release dist/.
// Per engine and size: the home page's game list → a Rommé game against bots from its setup
// page, a card drawn, a hand card selected and discarded → a reload continues the same game
// with the same hand → the Abluxxen and the Karussell tables started against bots, each with
// its hand in view. Any console error, uncaught error or unhandled rejection fails the test.
// Plain W3C WebDriver over HTTP (no BiDi: WebKitWebDriver refuses `webSocketUrl`, so a script
// served at the top of index.html records the errors). A missing browser or driver fails
// loudly (scripts/setup-tools --browser installs them).
// Usage: node tests/e2e/engines.mjs [firefox|webkit ...]
// Env: E2E_DIST (default dist), ENGINES_PORT (default 8131), ENGINES_SHOTS (screenshots,
// default tests/e2e/out), ENGINES_SIZES (e.g. "390x844,1366x768"), ENGINES_VERBOSE=1 (each
// step's time and the page's sizes also when it passes).
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from './serve.mjs';
import { assert, eq } from './assert.mjs';
import { VARIANTS } from './games.mjs';

const PORT = Number(process.env.ENGINES_PORT || 8131);
const SUB = '/kartenrunde/';
const BASE = `http://127.0.0.1:${PORT}${SUB}`;
const SHOTS = path.resolve(process.env.ENGINES_SHOTS || 'tests/e2e/out');
const SIZES = (process.env.ENGINES_SIZES || '390x844,1366x768').split(',').map((s) => s.split('x').map(Number));
const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 30 });
const COACH_SEEN = JSON.stringify(['romme', 'karussell', 'profisort', 'abluxxen']);
const ERRORS_KEY = 'kr-engines-errors';

// Served at the top of index.html's <head>, before the app: records console errors, uncaught
// errors (also a resource that failed to load) and unhandled rejections in sessionStorage (so
// that they survive a reload of the tab), and fixes the page's randomness (the same deals
// every run, as the Chromium runner does).
const PROBE = `<script>
(function () {
  var key = ${JSON.stringify(ERRORS_KEY)};
  function note(s) {
    try { var a = JSON.parse(sessionStorage.getItem(key) || '[]'); a.push(String(s).replace(/\\s*\\n\\s*/g, ' / ').slice(0, 500)); sessionStorage.setItem(key, JSON.stringify(a)); } catch (e) {}
  }
  var orig = console.error;
  console.error = function () {
    note('console.error: ' + Array.prototype.map.call(arguments, function (x) { return x && x.stack ? x.stack : String(x); }).join(' '));
    return orig.apply(this, arguments);
  };
  addEventListener('error', function (e) {
    var t = e.target;
    note(t && t !== window && (t.src || t.href) ? 'failed to load ' + (t.src || t.href) : 'error: ' + e.message + ' at ' + e.filename + ':' + e.lineno);
  }, true);
  addEventListener('unhandledrejection', function (e) { note('unhandled rejection: ' + e.reason + (e.reason && e.reason.stack ? ' ' + e.reason.stack : '')); });
  var x = 12345;
  crypto.getRandomValues = function (a) {
    var u = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (var i = 0; i < u.length; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; u[i] = x >>> 24; }
    return a;
  };
})();
</script>`;

// ---- a minimal W3C WebDriver client ----

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

class WebDriverError extends Error {
  constructor(error, message) { super(`${error}: ${String(message).split('\n')[0]}`); this.error = error; }
}

function session(driverUrl, id) {
  const call = async (method, p, body) => {
    // A driver that stops answering fails the call instead of hanging the test.
    const res = await fetch(`${driverUrl}/session/${id}${p}`, {
      method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60000),
    });
    const json = await res.json();
    if (json.value && json.value.error) throw new WebDriverError(json.value.error, json.value.message);
    return json.value;
  };
  const s = {
    id,
    call,
    go: (url) => call('POST', '/url', { url }),
    refresh: () => call('POST', '/refresh', {}),
    url: () => call('GET', '/url'),
    // Runs `body` (a function body) in the page with `args`.
    js: (body, ...args) => call('POST', '/execute/sync', { script: body, args }),
    find: async (css) => (await call('POST', '/element', { using: 'css selector', value: css }))[ELEMENT],
    rect: () => call('GET', '/window/rect'),
    setRect: (r) => call('POST', '/window/rect', r),
    // After two animation frames: WebKit's snapshot can otherwise show a frame painted
    // before the last change of the page (the boot screen's top bar, empty).
    async screenshot(file) {
      await call('POST', '/execute/async', { script: 'const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));', args: [] });
      fs.writeFileSync(file, Buffer.from(await call('GET', '/screenshot'), 'base64'));
    },
    close: () => call('DELETE', ''),
    // Waits until `body` returns a truthy value in the page (polling), returns it.
    async until(what, body, args = [], timeout = 20000) {
      const end = Date.now() + timeout;
      let last;
      for (;;) {
        try {
          const v = await s.js(body, ...args);
          if (v) return v;
        } catch (e) { last = e; }
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? ` (${last.message})` : ''}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    // A real click (the driver scrolls the element into view and refuses it when something
    // covers it). Retried while the element is being re-rendered or still covered.
    async click(css, timeout = 10000) {
      const end = Date.now() + timeout;
      for (;;) {
        try {
          const el = await s.find(css);
          await call('POST', `/element/${el}/click`, {});
          return;
        } catch (e) {
          const again = e instanceof WebDriverError && /no such element|stale element|element click intercepted|element not interactable/.test(e.error);
          if (!again || Date.now() > end) throw new Error(`click ${css}: ${e.message}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
  return s;
}

async function newSession(driverUrl, capabilities) {
  const end = Date.now() + 30000;
  // The driver needs a moment to listen.
  for (;;) {
    try { const r = await fetch(`${driverUrl}/status`); if ((await r.json()).value.ready !== undefined) break; } catch { /* not yet */ }
    if (Date.now() > end) throw new Error(`the driver at ${driverUrl} never answered`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await fetch(`${driverUrl}/session`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ capabilities: { alwaysMatch: capabilities } }),
    signal: AbortSignal.timeout(60000),
  });
  const json = await res.json();
  if (json.value.error) throw new WebDriverError(json.value.error, json.value.message);
  return Object.assign(session(driverUrl, json.value.sessionId), { version: `${json.value.capabilities.browserName} ${json.value.capabilities.browserVersion}` });
}

const freePort = () => new Promise((resolve, reject) => {
  const srv = net.createServer();
  srv.on('error', reject);
  srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
});

function which(cmd) {
  try { return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim(); } catch { return ''; }
}

// ---- the two engines ----

// Each returns { driver: [cmd, args], env, capabilities } given a scratch directory.
const ENGINES = {
  firefox: {
    label: 'Firefox ESR (Gecko)',
    need: () => [['firefox-esr', which('firefox-esr')], ['geckodriver', which('geckodriver')]],
    setup(dir, port) {
      // Firefox will not make its window narrower than ~500 px: a profile of our own whose
      // userChrome.css lets the window go as narrow as a phone.
      const profile = path.join(dir, 'profile');
      fs.mkdirSync(path.join(profile, 'chrome'), { recursive: true });
      fs.writeFileSync(path.join(profile, 'chrome', 'userChrome.css'), ':root, #main-window, body { min-width: 0 !important; }\n');
      return {
        driver: [which('geckodriver'), ['--host', '127.0.0.1', '--port', String(port)]],
        env: {},
        capabilities: {
          browserName: 'firefox',
          'moz:firefoxOptions': {
            binary: which('firefox-esr'),
            args: ['-headless', '-profile', profile],
            prefs: {
              'toolkit.legacyUserProfileCustomizations.stylesheets': true,
              'browser.shell.checkDefaultBrowser': false,
              'app.update.enabled': false,
            },
          },
        },
      };
    },
  },
  webkit: {
    label: 'WebKitGTK MiniBrowser (WebKit)',
    need: () => [['WebKitWebDriver', which('WebKitWebDriver')], ['xvfb-run', which('xvfb-run')], ['xauth', which('xauth')],
      ['MiniBrowser', fs.existsSync(MINIBROWSER) ? MINIBROWSER : '']],
    setup(dir, port) {
      // MiniBrowser's header bar and its buttons hold the window at least ~447 px wide: a
      // GTK stylesheet of our own takes their minimum widths and paddings away.
      const config = path.join(dir, 'config');
      fs.mkdirSync(path.join(config, 'gtk-3.0'), { recursive: true });
      fs.writeFileSync(path.join(config, 'gtk-3.0', 'gtk.css'),
        'headerbar, toolbar, entry, button, box { min-width: 0; padding-left: 0; padding-right: 0; margin-left: 0; margin-right: 0; }\n');
      return {
        driver: [which('xvfb-run'), ['-a', '-s', '-screen 0 1920x1200x24', which('WebKitWebDriver'), `--host=127.0.0.1`, `--port=${port}`]],
        env: { XDG_CONFIG_HOME: config, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CACHE_HOME: path.join(dir, 'cache') },
        capabilities: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        },
      };
    },
  },
};

// ---- the scenario ----

const BOARD_IN_VIEW = {
  romme: ['[data-testid=status]', '[data-testid=talon]', '[data-testid=discard]', '[data-testid=hand]'],
  abluxxen: ['[data-testid=draw-pile]', '[data-testid=supply]', '[data-testid=hand]'],
  karussell: ['[data-testid=status]', '[data-testid=stock]', '[data-testid=hand]'],
};

// Waits until the page does not scroll sideways and each selector's element, and the first
// and last hand card, are inside the viewport and are what a tap on them reaches.
async function inView(s, sels, label) {
  let last = '';
  try {
    await s.until(`${label} in view`, `
      const sels = arguments[0];
      const bad = [];
      if (document.documentElement.scrollWidth > innerWidth) bad.push('page ' + document.documentElement.scrollWidth + ' px wide in ' + innerWidth);
      const cards = document.querySelectorAll('[data-testid=hand] [data-testid=hand-card]');
      if (!cards.length) bad.push('no hand cards');
      const els = sels.map((q) => [q, document.querySelector(q)]);
      if (cards.length) els.push(['first hand card', cards[0]], ['last hand card', cards[cards.length - 1]]);
      for (const [q, e] of els) {
        if (!e) { bad.push(q + ' missing'); continue; }
        const b = e.getBoundingClientRect();
        if (b.width < 1 || b.height < 1) { bad.push(q + ' has no size'); continue; }
        if (b.top < -1 || b.left < -1 || b.bottom > innerHeight + 1 || b.right > innerWidth + 1) { bad.push(q + ' at ' + [b.left, b.top, b.width, b.height].map(Math.round).join(',')); continue; }
        const hit = document.elementFromPoint(b.left + Math.min(b.width / 2, 12), b.top + Math.min(b.height / 2, 20));
        if (!hit || !(e === hit || e.contains(hit))) bad.push(q + ' covered by ' + (hit && (hit.dataset.testid || hit.className)));
      }
      window.__krInView = bad.join('; ');
      return bad.length === 0;`, [sels], 8000);
  } catch (e) {
    last = await s.js('return window.__krInView');
    throw new Error(`${label}: not in view: ${last}`);
  }
}

// The errors the probe recorded in this tab; `clear` forgets them (the next size starts afresh).
async function errors(s, clear = false) {
  return JSON.parse((await s.js(`const e = sessionStorage.getItem('${ERRORS_KEY}'); if (arguments[0]) sessionStorage.removeItem('${ERRORS_KEY}'); return e;`, clear)) || '[]');
}

// Makes the page (innerWidth × innerHeight) exactly w × h by sizing the window around it.
async function setViewport(s, w, h) {
  for (let i = 0; i < 5; i++) {
    const [iw, ih] = await s.js('return [innerWidth, innerHeight]');
    if (iw === w && ih === h) return;
    const r = await s.rect();
    await s.setRect({ width: r.width + w - iw, height: r.height + h - ih });
    // The page learns its new size a moment after the window changed.
    await s.until(`a resize to ${w}x${h}`, 'return innerWidth !== arguments[0] || innerHeight !== arguments[1] || (innerWidth === arguments[2] && innerHeight === arguments[3])', [iw, ih, w, h], 3000).catch(() => {});
  }
  const [iw, ih] = await s.js('return [innerWidth, innerHeight]');
  throw new Error(`the page is ${iw}x${ih}, not ${w}x${h}`);
}

const handFaces = (s) => s.js(`return [...document.querySelectorAll('[data-testid=hand] [data-testid=hand-card]')].map((e) => e.dataset.face || e.dataset.card)`);
const handIds = (s) => s.js(`return [...document.querySelectorAll('[data-testid=hand] [data-testid=hand-card]')].map((e) => e.dataset.card)`);

async function startFromSetup(s, game, board) {
  await s.until(`the setup page of ${game}`, `return location.hash === '#/setup/${game}' && document.querySelector('[data-testid=start]')`);
  await s.click('[data-testid=start]');
  await s.until(`the ${game} table with a hand`, `return document.querySelector('[data-testid=${board}] [data-testid=hand] [data-testid=hand-card]')`, [], 30000);
}

async function scenario(s, engine, [w, h], log) {
  const tag = `${engine}-${w}`;
  // A screenshot, and the page's sizes for the log: the viewport, the layout width left
  // beside a classic scroll bar, and how far the page scrolls.
  const shot = async (name) => {
    await s.screenshot(path.join(SHOTS, `engines-${tag}-${name}.png`));
    const m = await s.js('const d = document.documentElement; return `${innerWidth}x${innerHeight}, layout ${d.clientWidth}x${d.clientHeight}, scroll ${d.scrollWidth}x${d.scrollHeight}`');
    log(`  ${tag} ${name}: ${m}`);
  };
  let t = Date.now();
  const step = (what) => { log(`  ${tag}: ${what} (${Date.now() - t} ms)`); t = Date.now(); };

  // A clean start: no saves, fast bots, reduced motion, the first-game guides seen.
  await s.go(BASE);
  await s.until('the home page', "return document.querySelector('[data-testid=game-entry]')", [], 30000);
  // (The errors recorded so far stay: the page's first load counts too.)
  await s.js(`localStorage.clear();
    localStorage.setItem('kartenrunde.settings.v1', arguments[0]);
    localStorage.setItem('kartenrunde.coach.v1', arguments[1]);`, FAST, COACH_SEEN);
  await setViewport(s, w, h);
  await s.refresh();

  // Home: every game of the catalog, each with its card.
  await s.until('every game on the home page', `const shown = [...document.querySelectorAll('[data-testid=game-entry]')].map((e) => e.dataset.game);
    return arguments[0].every((id) => shown.includes(id))`, [VARIANTS], 30000);
  const text = await s.js("return document.querySelector('.game-list').textContent");
  for (const title of ['Rommé (Grundspiel)', 'Karussell', 'Abluxxen']) assert(text.includes(title), `the home page lists ${title}`);
  eq(await s.js(`return [...document.querySelectorAll('[data-testid=game-entry] svg.card')].filter((c) => { const r = c.getBoundingClientRect(); return r.width >= 30 && r.height > r.width; }).length`),
    await s.js("return document.querySelectorAll('[data-testid=game-entry]').length"), 'every game on the home page shows its card');
  eq(await s.js('return document.documentElement.scrollWidth <= innerWidth'), true, `${tag}: the home page does not scroll sideways`);
  await shot('home');
  step('home');

  // Rommé against bots, from its setup page.
  await s.click('[data-testid=game-entry][data-game=romme] a.button.primary');
  await startFromSetup(s, 'romme', 'romme-board');
  step('Rommé started');
  await s.until('my draw in Rommé', `const b = document.querySelector('[data-testid=romme-board]');
    return b && b.dataset.phase === 'draw' && b.dataset.mine === 'true'`, [], 30000);
  const before = await handIds(s);
  await s.click('[data-testid=talon]');
  await s.until('the drawn card in the hand', `const b = document.querySelector('[data-testid=romme-board]');
    return b.dataset.phase === 'play' && document.querySelectorAll('[data-testid=hand] [data-testid=hand-card]').length === arguments[0] + 1`, [before.length]);
  const drawn = (await handIds(s)).filter((id) => !before.includes(id));
  eq(drawn.length, 1, 'one card drawn');
  await inView(s, BOARD_IN_VIEW.romme, `${tag} Rommé after drawing`);
  // Select a natural card (no joker) other than the drawn one, and discard it.
  const card = await s.js(`const c = [...document.querySelectorAll('[data-testid=hand] [data-testid=hand-card]')]
      .find((e) => /^[♣♠♥♦]/.test(e.dataset.face || '') && e.dataset.card !== arguments[0]);
    return c && c.dataset.card`, drawn[0]);
  assert(card, 'a natural card in the hand');
  const sel = `[data-testid=hand] [data-testid=hand-card][data-card="${card}"]`;
  await s.click(sel);
  await s.until('the card selected', `const e = document.querySelector(arguments[0]); return e && e.getAttribute('aria-pressed') === 'true'`, [sel], 5000);
  const gone = `const b = document.querySelector('[data-testid=romme-board]');
    const done = !(b.dataset.phase === 'play' && b.dataset.mine === 'true') && !document.querySelector(arguments[0]);`;
  await s.click('[data-testid=discard]');
  // A card that could be laid off asks for a second tap (a warning shows).
  const what = await s.until('the discard (or its warning)', `${gone}
    return done ? 'done' : document.querySelector('[data-testid=discard-warning]') && 'warned';`, [sel], 10000);
  if (what === 'warned') {
    await s.click('[data-testid=discard]');
    await s.until('the discard after the warning', `${gone} return done;`, [sel], 10000);
  }
  const hand = await handFaces(s);
  eq(hand.length, before.length, 'the hand after the discard');
  step('Rommé: drew, selected and discarded');

  // A reload continues the same game: the same URL, the same hand (with the drawn card and
  // without the discarded one).
  const url = await s.url();
  await s.refresh();
  await s.until('the Rommé table after the reload', "return document.querySelectorAll('[data-testid=romme-board] [data-testid=hand] [data-testid=hand-card]').length > 0", [], 30000);
  eq(await s.url(), url, 'the same game URL after the reload');
  eq(JSON.stringify((await handFaces(s)).sort()), JSON.stringify([...hand].sort()), 'the same hand after the reload');
  const ids = await handIds(s);
  assert(ids.includes(drawn[0]) && !ids.includes(card), 'the hand after the reload has the drawn card and not the discarded one');
  await inView(s, BOARD_IN_VIEW.romme, `${tag} Rommé after the reload`);
  await shot('romme');
  step('Rommé: reload continued the game');

  // Abluxxen and Karussell against bots.
  for (const [game, board] of [['abluxxen', 'ab-board'], ['karussell', 'karussell-board']]) {
    await s.go(`${BASE}#/setup/${game}`);
    await startFromSetup(s, game, board);
    await inView(s, BOARD_IN_VIEW[game], `${tag} ${game}`);
    await shot(game);
    step(`${game} table`);
  }
  const errs = await errors(s, true);
  assert(errs.length === 0, `${tag}: errors in the page: ${errs.join(' | ')}`);
}

// ---- the run ----

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ENGINES);
for (const e of wanted) if (!ENGINES[e]) { console.error(`unknown engine ${e} (known: ${Object.keys(ENGINES).join(', ')})`); process.exit(2); }
// Missing browsers or drivers fail the test: no silent skip.
const missing = wanted.flatMap((e) => ENGINES[e].need().filter(([, p]) => !p).map(([n]) => `${n} (for ${e})`));
if (missing.length) {
  console.error(`engines: missing ${missing.join(', ')} – run scripts/setup-tools --browser`);
  process.exit(1);
}
const dist = process.env.E2E_DIST || 'dist';
assert(fs.existsSync(path.join(dist, 'index.html')), `${dist}/index.html exists (build the release first)`);
fs.mkdirSync(SHOTS, { recursive: true });

// dist/ served as the Chromium runner serves it, with the probe at the top of index.html.
const server = await serve(dist, PORT, SUB);
const [files] = server.listeners('request');
server.removeAllListeners('request');
server.on('request', (req, res) => {
  const p = new URL(req.url, 'http://x').pathname;
  if (p === SUB || p === SUB + 'index.html') {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8').replace(/<head>/, '<head>' + PROBE);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    return res.end(html);
  }
  return files(req, res);
});

// The drivers still running end with this process, however it ends (a timeout's signal too).
const live = new Set();
process.on('exit', () => { for (const pid of live) try { process.kill(-pid, 'SIGTERM'); } catch { /* gone */ } });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(1));

// The whole run takes about half a minute; five minutes means something hangs.
setTimeout(() => { console.log('engines: FAILED, still running after 5 minutes'); process.exit(1); }, 300000).unref();

let failed = 0;
const started = Date.now();
for (const engine of wanted) {
  const t0 = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kr-engines-${engine}-`));
  const port = await freePort();
  const { driver: [cmd, args], env, capabilities } = ENGINES[engine].setup(dir, port);
  const logFile = path.join(dir, 'driver.log');
  const out = fs.openSync(logFile, 'w');
  // Its own process group, so that the driver, the browser and Xvfb end together.
  const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out], detached: true });
  live.add(proc.pid);
  let s = null;
  let done = 0; // sizes tried
  const lines = [];
  const log = (l) => lines.push(l);
  try {
    s = await newSession(`http://127.0.0.1:${port}`, capabilities);
    for (const size of SIZES) {
      const ts = Date.now();
      try {
        done++;
        await scenario(s, engine, size, log);
        console.log(`ok   ${engine} ${size.join('x')} (${Date.now() - ts} ms)`);
        if (process.env.ENGINES_VERBOSE) for (const l of lines) console.log(l);
      } catch (e) {
        failed++;
        console.log(`FAIL ${engine} ${size.join('x')}: ${e && e.stack ? e.stack : e}`);
        for (const l of lines) console.log(l);
        try { console.log('  page errors: ' + (await errors(s, true)).join(' | ')); } catch { /* page gone */ }
        try { await s.screenshot(path.join(SHOTS, `FAIL-engines-${engine}-${size[0]}.png`)); } catch { /* no page */ }
      }
      lines.length = 0;
    }
  } catch (e) {
    failed += SIZES.length - done;
    console.log(`FAIL ${engine}: ${e && e.stack ? e.stack : e}`);
    console.log(`  the driver's log (${logFile}):\n` + fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
  } finally {
    if (s) await s.close().catch(() => {});
    try { process.kill(-proc.pid, 'SIGTERM'); } catch { /* gone */ }
    await new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : proc.once('exit', r)));
    live.delete(proc.pid);
    fs.closeSync(out);
    if (!failed) fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`     ${ENGINES[engine].label}${s ? `, ${s.version}` : ''}: ${Math.round((Date.now() - t0) / 1000)} s`);
}
server.close();
console.log(`engines: ${wanted.length * SIZES.length - failed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`);
process.exit(failed ? 1 : 0);
