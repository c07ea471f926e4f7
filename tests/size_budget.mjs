// The download budget, brotli-compressed as a static host would serve it: the main wasm (the
// one the app starts with) must not exceed BUDGET bytes, all wasm together (the main one and
// the lazily loaded parts, see docs/DESIGN.md "Code splitting") not ALL_BUDGET. Prints every
// file of dist/ with its brotli size and the first visit's total (the lazy parts included:
// the page fetches them into its offline copy after it has started).
// Usage (after `trunk build --release`): node tests/size_budget.mjs
// Lower the budgets whenever the wasm shrinks (issue "lean and fast": goal 160 KB).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET = 538_300;
const ALL_BUDGET = 538_300;
const dir = path.resolve(process.argv[2] || 'dist');
const br = (buf) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
let total = 0;
let wasm = 0;
let main = 0;
for (const name of fs.readdirSync(dir).sort()) {
  // Sub-folders (the app icons) are fetched on install, not on a first visit.
  if (fs.statSync(path.join(dir, name)).isDirectory()) continue;
  const buf = fs.readFileSync(path.join(dir, name));
  const size = br(buf);
  // The service worker and the manifest are fetched too, so everything counts.
  total += size;
  if (name.endsWith('.wasm')) wasm += size;
  if (/^kartenrunde-[0-9a-f]+_bg\.wasm$/.test(name)) main += size;
  console.log(`${name.padEnd(44)} ${String(buf.length).padStart(9)} raw ${String(size).padStart(8)} brotli`);
}
console.log(`first visit: ${total} bytes brotli; main wasm ${main} (budget ${BUDGET}); all wasm ${wasm} (budget ${ALL_BUDGET})`);
if (!main) {
  console.log('size budget: no main wasm (kartenrunde-<hash>_bg.wasm) in ' + dir);
  process.exit(1);
}
if (main > BUDGET) {
  console.log(`size budget exceeded: the main wasm is ${main} bytes brotli, the budget ${BUDGET}`);
  process.exit(1);
}
if (wasm > ALL_BUDGET) {
  console.log(`size budget exceeded: all wasm together is ${wasm} bytes brotli, the budget ${ALL_BUDGET}`);
  process.exit(1);
}
console.log('size budget: ok');
