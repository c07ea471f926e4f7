#!/usr/bin/env node
// The update benchmark (issue 28): what a returning player's offline copy fetches after an
// update. Every file of dist/ is named by a hash of its own bytes (scripts/split-wasm.mjs), so
// an update fetches exactly the files whose names are new. For each scenario this changes one
// line of the source, builds the release into target/update-bench/<scenario>/, puts the line
// back, and compares the build with the one given (default dist/, built from the unchanged
// source): the files it would fetch, their bytes (brotli, as a static host serves them) and
// their share of all wasm.
//
// Usage: node scripts/bench-update.mjs [BASE_DIST] [--check] [--only=NAME]
//   --only=NAME: run one scenario (each is a release build, one to two and a half minutes);
//   --check: exit non-zero when a scenario misses its goal (scripts/test runs it so):
//   - one line inside one game's engine: at most 25 % of all wasm fetched again;
//   - one text of the home page: no wasm but the main module.
// Leaves the source as it was (also on Ctrl-C); the target directory then holds the last
// scenario's build, which the next build replaces.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const base = path.resolve(args.find((a) => !a.startsWith('--')) || path.join(root, 'dist'));
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const MAIN = /^kartenrunde-[0-9a-f]+_bg\.wasm$/;

const SCENARIOS = [
  // The home text first: it rebuilds only the app crate, the engine line then engine, bots
  // and app (the other order rebuilt engine and bots twice, once to put the line back).
  {
    name: 'home-text',
    what: 'one text of the home page ("Spiel wählen" → "Wähle ein Spiel")',
    file: 'src/i18n.rs',
    from: '("home.choose", "Spiel wählen", "Choose a game"),',
    to: '("home.choose", "Wähle ein Spiel", "Choose a game"),',
    // The goal, and the check: no wasm but the main module. It used to fetch two or three
    // parts more (35.5–43.8 % of all wasm): the `#[wasm_split]` export names hashed the
    // functions' source positions, which this line's length moved, and fat LTO ordered and
    // inlined code by those names (tools/wasm-split-macros/NOTICE.md).
    goal: (r) => {
      const other = r.files.filter((f) => f.endsWith('.wasm') && !MAIN.test(f));
      return other.length === 0 || `wasm other than the main module fetched again: ${other.join(', ')}`;
    },
  },
  {
    name: 'game',
    what: "one line inside one game's engine (Rommé: the ring game's cut-off, 80 → 85 points)",
    file: 'crates/engine/src/romme/scoring.rs',
    from: 'pub const RING_CUTOFF: i32 = 80;',
    to: 'pub const RING_CUTOFF: i32 = 85;',
    goal: (r) => r.wasm <= 0.25 * r.allWasm || `${pct(r.wasm, r.allWasm)} of all wasm fetched again, the goal is at most 25 %`,
  },
];

const br = (file) => zlib.brotliCompressSync(fs.readFileSync(file), {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
}).length;
const pct = (a, b) => `${((100 * a) / b).toFixed(1)} %`;
const fail = (msg) => {
  console.error(`bench-update: ${msg}`);
  process.exit(1);
};

if (!fs.existsSync(path.join(base, 'index.html'))) fail(`no build in ${base}: run trunk build --release first`);
const baseFiles = new Set(fs.readdirSync(base));
const allWasm = [...baseFiles].filter((f) => f.endsWith('.wasm')).reduce((a, f) => a + br(path.join(base, f)), 0);
const wasmCount = [...baseFiles].filter((f) => f.endsWith('.wasm')).length;
console.log(`base: ${base}, ${wasmCount} wasm files, ${allWasm} bytes brotli of wasm`);

// The source file being changed, to put back on any exit.
let pending = null;
const restore = () => {
  if (pending) fs.writeFileSync(pending.file, pending.text);
  pending = null;
};
process.on('exit', restore);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const misses = [];
if (only && !SCENARIOS.some((s) => s.name === only)) {
  console.error(`bench-update: no scenario ${only} (there are: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  process.exit(1);
}
for (const s of SCENARIOS.filter((x) => !only || x.name === only)) {
  const file = path.join(root, s.file);
  const text = fs.readFileSync(file, 'utf8');
  if (text.split(s.from).length !== 2) fail(`${s.file} no longer holds the line "${s.from}" exactly once: update the scenario`);
  const out = path.join(root, 'target', 'update-bench', s.name);
  fs.rmSync(out, { recursive: true, force: true });
  pending = { file, text };
  fs.writeFileSync(file, text.replace(s.from, s.to));
  const t0 = Date.now();
  try {
    execFileSync('trunk', ['build', '--release', '--dist', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (e) {
    fail(`the build of scenario "${s.name}" failed`);
  } finally {
    restore();
  }
  const secs = Math.round((Date.now() - t0) / 1000);
  // index.html is fetched on every visit (network first): it is not part of the update's cost.
  const files = fs.readdirSync(out).filter((f) => !baseFiles.has(f) && f !== 'index.html').sort();
  const sizes = new Map(files.map((f) => [f, br(path.join(out, f))]));
  const wasm = files.filter((f) => f.endsWith('.wasm')).reduce((a, f) => a + sizes.get(f), 0);
  const other = files.filter((f) => !f.endsWith('.wasm')).reduce((a, f) => a + sizes.get(f), 0);
  const r = { files, wasm, allWasm };
  const verdict = s.goal(r);
  const bound = s.bound ? s.bound(r) : verdict;
  console.log(`\nscenario ${s.name}: ${s.what} (built in ${secs} s)`);
  for (const f of files) console.log(`  fetched ${f.padEnd(44)} ${String(sizes.get(f)).padStart(8)} brotli`);
  console.log(`  ${files.filter((f) => f.endsWith('.wasm')).length} of ${wasmCount} wasm files, ${wasm} of ${allWasm} bytes brotli (${pct(wasm, allWasm)}); other files ${other} bytes`);
  console.log(`  goal: ${verdict === true ? 'met' : `missed: ${verdict}`}`);
  if (s.bound) console.log(`  check: ${bound === true ? 'passed' : `FAILED: ${bound}`}`);
  if (bound !== true) misses.push(`${s.name}: ${bound}`);
}
if (misses.length) {
  console.log(`\nupdate benchmark: ${misses.length} check(s) failed`);
  if (check) process.exit(1);
} else {
  console.log('\nupdate benchmark: every check passed');
}
