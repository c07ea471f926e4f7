#!/usr/bin/env node
// Trunk post_build hook (Trunk.toml): splits the lazily loaded parts off the wasm
// (docs/DESIGN.md, "Code splitting"). Trunk has built and bound the whole wasm already; this
// takes the linker's output again (built with --emit-relocs, .cargo/config.toml) and runs
//   the splitter    →  the main module, one module per `#[wasm_split(..)]` name, shared
//   (tools/wasm-split) chunks and the JS that loads them (`__wasm_split.js`), laid out so
//                      that a module keeps its bytes when another one changes
//   wasm-bindgen    →  the JS glue for the main module (--keep-lld-exports: the split
//                      modules import from it)
//   wasm-opt -Oz    →  every module (release builds only)
// then puts them into Trunk's staging directory, each named by a hash of its own bytes, in
// place of Trunk's own wasm and glue, and lists the lazy modules in index.html
// (`window.krLazy`): the page caches them for offline use, and the update check finds them.
// Any failure stops the build with a message saying which step failed.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const fail = (msg) => {
  console.error(`split-wasm: ${msg}`);
  process.exit(1);
};
const staging = process.env.TRUNK_STAGING_DIR || fail('TRUNK_STAGING_DIR is not set (run by trunk)');
const profile = process.env.TRUNK_PROFILE === 'release' ? 'release' : 'debug';
const targetDir = process.env.CARGO_TARGET_DIR || path.join(process.env.TRUNK_SOURCE_DIR || '.', 'target');
const raw = path.join(targetDir, 'wasm32-unknown-unknown', profile, 'kartenrunde.wasm');
if (!fs.existsSync(raw)) fail(`the linker's output ${raw} is missing`);

const run = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    fail(`${cmd} ${args.join(' ')} failed:\n${e.stderr || e.message}`);
  }
};
const runAsync = (cmd, args) => new Promise((resolve) => {
  execFile(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 }, (e, stdout, stderr) => {
    if (e) fail(`${cmd} ${args.join(' ')} failed:\n${stderr || e.message}`);
    resolve(stdout);
  });
});
// The splitter (tools/wasm-split, with the stable layout): scripts/splitter builds it when
// needed and checks it matches the wasm_split_helpers the app links.
const splitter = run(path.join(process.env.TRUNK_SOURCE_DIR || '.', 'scripts', 'splitter'), []).trim();

const html = path.join(staging, 'index.html');
let page = fs.readFileSync(html, 'utf8');
const js = page.match(/kartenrunde-[0-9a-f]+\.js/)?.[0] || fail('no kartenrunde-<hash>.js in index.html');
const wasm = page.match(/kartenrunde-[0-9a-f]+_bg\.wasm/)?.[0] || fail('no kartenrunde-<hash>_bg.wasm in index.html');

const work = fs.mkdtempSync(path.join(targetDir, 'split-'));
// `fail` exits at once: the working folder goes then too.
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
try {
  run(splitter, [raw, work]);
  const bound = path.join(work, 'bound');
  run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-demangle', '--no-typescript',
    '--out-dir', bound, '--out-name', 'main', path.join(work, 'main.wasm')]);
  // The modules: the main one and every lazy one (split_<name>.wasm, chunk_<n>.wasm).
  const lazy = fs.readdirSync(work).filter((f) => /^(split_\w+|chunk_\d+)\.wasm$/.test(f)).sort();
  const modules = [[path.join(bound, 'main_bg.wasm'), 'main_bg.wasm'], ...lazy.map((f) => [path.join(work, f), f])];
  if (profile === 'release') {
    const opt = run('wasm-opt', ['--version']);
    if (!/version 132\b/.test(opt)) fail(`wasm-opt of npm binaryen 132 is needed (found: ${opt.trim()}); run scripts/setup-tools`);
    // One wasm-opt per core at a time (they take most of the hook's time). wasm-opt gives the
    // same output for the same input, and with the stable layout most modules of a build are
    // the same as in the build before: their output is kept in target/wasm-opt-cache (by a
    // hash of the input and the options) and reused. Entries unused for a week are removed.
    const cache = path.join(targetDir, 'wasm-opt-cache');
    fs.mkdirSync(cache, { recursive: true });
    // KR_WASM_NAMES=1 keeps the functions' names (a build to profile in the browser: its
    // performance panel then names the Rust functions; the modules are larger).
    const OPT = ['-Oz', ...(process.env.KR_WASM_NAMES ? ['-g'] : [])];
    let reused = 0;
    const queue = modules.map(([file]) => file);
    const worker = async () => {
      for (let file; (file = queue.shift());) {
        const key = createHash('sha256').update(opt).update(OPT.join(' ')).update(fs.readFileSync(file)).digest('hex');
        const hit = path.join(cache, `${key}.wasm`);
        if (fs.existsSync(hit)) {
          fs.copyFileSync(hit, file);
          const now = new Date();
          fs.utimesSync(hit, now, now);
          reused += 1;
          continue;
        }
        await runAsync('wasm-opt', [...OPT, file, '-o', file]);
        fs.copyFileSync(file, `${hit}.tmp`);
        fs.renameSync(`${hit}.tmp`, hit);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
    const week = Date.now() - 7 * 24 * 3600 * 1000;
    for (const f of fs.readdirSync(cache)) {
      if (fs.statSync(path.join(cache, f)).mtimeMs < week) fs.rmSync(path.join(cache, f), { force: true });
    }
    console.log(`split-wasm: wasm-opt ran on ${modules.length - reused} modules, ${reused} reused from ${cache}`);
  }
  let glueText = fs.readFileSync(path.join(bound, 'main.js'), 'utf8');
  let loaderText = fs.readFileSync(path.join(work, '__wasm_split.js'), 'utf8');
  // A part that cannot be fetched (offline before it was cached) is explained by the app
  // (the Rust side gets the failure): a warning in the console, not an error.
  const logged = 'console.error(e);';
  if (!loaderText.includes(logged)) fail('__wasm_split.js no longer reports a failed load as expected');
  loaderText = loaderText.replace(logged, "console.warn('Kartenrunde: a part of the app could not be loaded:', e && e.message);");
  // A module's fetch starts before the chunks it needs are in; if it fails meanwhile, nobody
  // has awaited it yet and the browser reports an unhandled rejection (a page error) although
  // the load does fail properly: mark it handled, the later await still sees the failure.
  // A module the page started fetching already (the boot page, when a game is tapped: its
  // `krPrefetch` keeps the fetches in `krPre`) is taken from there instead of fetched again.
  const fetches = /const src = fetch(\([^;]*\));/g;
  if (!fetches.test(loaderText)) fail('__wasm_split.js no longer fetches modules as expected');
  loaderText = loaderText.replace(fetches, 'const src = krFetch$1; src.catch(() => {});');
  // What the page fetched ahead comes compiled (WebAssembly.compileStreaming while the main
  // wasm was still on its way): only instantiated here.
  const streaming = /WebAssembly\.instantiateStreaming\(src, imports\)/g;
  if (!streaming.test(loaderText)) fail('__wasm_split.js no longer instantiates modules as expected');
  loaderText = loaderText.replace(streaming, 'krInstantiate(src, imports)');
  loaderText = `const krFetch = (u) => {
    const pre = globalThis.krPre, p = pre && pre[u.href];
    // Taken: marked so that no later prefetch asks for it again.
    if (pre) pre[u.href] = null;
    return p || fetch(u);
};
const krInstantiate = async (src, imports) => {
    const s = await src;
    if (s instanceof WebAssembly.Module) return { module: s, instance: await WebAssembly.instantiate(s, imports) };
    return WebAssembly.instantiateStreaming(s, imports);
};
${loaderText}`;
  // Every file is named by a hash of its own final bytes, so an update fetches only the files
  // whose bytes changed (issue 28; the splitter's stable layout keeps the other modules' bytes).
  // The loader names the modules, the glue names the loader: the modules are hashed first,
  // then the loader with their names in it, then the glue with the loader's. The loader
  // imported the glue by name (a cycle no hash can close): it reaches it through a global the
  // glue sets as it runs, before any part is loaded.
  const digest = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const names = new Map();
  for (const [file, f] of modules) {
    const h = digest(fs.readFileSync(file));
    names.set(f, f === 'main_bg.wasm' ? `kartenrunde-${h}_bg.wasm` : f.startsWith('chunk_') ? `chunk-${h}.wasm` : f.replace(/\.wasm$/, `-${h}.wasm`));
  }
  const name = (f) => names.get(f);
  for (const f of lazy) {
    if (!loaderText.includes(`"./${f}"`)) fail(`__wasm_split.js does not load ${f}`);
    loaderText = loaderText.replaceAll(`"./${f}"`, `"./${name(f)}"`);
  }
  const glueImport = 'import { initSync } from "./main.js";';
  if (!loaderText.includes(glueImport)) fail('__wasm_split.js no longer imports the glue as expected');
  loaderText = loaderText.replace(glueImport, 'const initSync = (...args) => globalThis.__krGlue.initSync(...args);');
  const loader = `wasm_split-${digest(loaderText)}.js`;
  const imports = /(import \* as \w+ from ")\.\/__wasm_split\.js"/g;
  if (!imports.test(glueText)) fail('the glue does not import __wasm_split.js');
  glueText = glueText.replace(imports, `$1./${loader}"`);
  if (!/^export \{ initSync/m.test(glueText)) fail('the glue no longer exports initSync');
  glueText += '\nglobalThis.__krGlue = { initSync };\n';
  const glue = `kartenrunde-${digest(glueText)}.js`;

  fs.rmSync(path.join(staging, js));
  fs.rmSync(path.join(staging, wasm));
  fs.writeFileSync(path.join(staging, glue), glueText);
  fs.writeFileSync(path.join(staging, loader), loaderText);
  for (const [file, f] of modules) fs.copyFileSync(file, path.join(staging, name(f)));

  const list = JSON.stringify([loader, ...lazy.map(name)]);
  // Each part's files (its module, then the chunks it needs), as the loader names them: the
  // boot page fetches a tapped game's parts by them (`krPrefetch`).
  const vars = new Map();
  for (const m of loaderText.matchAll(/const (__chunk_\d+) = makeLoad\(\(\) => \{\s*const src = krFetch\(new URL\("\.\/([^"]+)"/g)) vars.set(m[1], m[2]);
  const parts = {};
  for (const m of loaderText.matchAll(/export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = krFetch\(new URL\("\.\/([^"]+)"[\s\S]*?\n, \[([^\]]*)\]\)\)/g)) {
    const deps = m[3].split(',').map((d) => d.trim()).filter(Boolean);
    for (const d of deps) if (!vars.has(d)) fail(`__wasm_split.js: the part ${m[1]} needs ${d}, which is not a chunk it names`);
    parts[m[1]] = [m[2], ...deps.map((d) => vars.get(d))];
  }
  if (!Object.keys(parts).length || Object.values(parts).flat().length < lazy.length) fail('__wasm_split.js: the parts\' files could not be read');
  // The glue and the parts' loader it imports are fetched at once (small), so the main wasm's
  // fetch starts right after the boot screen's first paint (window.krPainted) instead of two
  // round trips later. The main wasm
  // itself is not preloaded: Lighthouse counts a download that starts before the first paint
  // towards it (LCP 0.8 → 2.0–2.4 s measured with a preload).
  const preload = `<link rel="modulepreload" href="./${glue}">\n    <link rel="modulepreload" href="./${loader}">`;
  // A first visit (no offline copy serves the page) over a connection the browser itself
  // measures as slow (Chromium's navigator.connection: a round trip of 150 ms or more, as
  // Lighthouse's slow 4G, or 2G/3G): the main wasm's fetch starts before the stylesheet, not
  // after the first paint, and the glue takes it over (Trunk.toml). Elsewhere it waits for
  // the paint, as above (docs/DESIGN.md "Start and first paint" has the figures).
  const early = `<script>(function () {
      var c = navigator.connection, sw = navigator.serviceWorker;
      if (!c || (sw && sw.controller) || !(c.rtt >= 150 || /2g|3g/.test(c.effectiveType || ''))) return;
      window.krEarlyWasm = fetch('./${name('main_bg.wasm')}', { priority: 'low' });
      window.krEarlyWasm.catch(function () {});
    })();</script>`;
  page = page.replaceAll(js, glue).replaceAll(wasm, name('main_bg.wasm'))
    .replace('<!--kr-preload-->', preload)
    .replace('<!--kr-early-->', early)
    .replace('</head>', `<script>window.krLazy = ${list};\nwindow.krParts = ${JSON.stringify(parts)};</script>\n</head>`);
  if (!page.includes(preload)) fail('index.html has no <!--kr-preload--> for the main wasm\'s preload');
  if (!page.includes(early)) fail('index.html has no <!--kr-early--> for the main wasm\'s early fetch');
  fs.writeFileSync(html, page);
  console.log(`split-wasm: ${lazy.length} lazy modules, main ${name('main_bg.wasm')}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
