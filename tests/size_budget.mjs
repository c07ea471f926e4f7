// The download budget: the release wasm, brotli-compressed as a static host would serve it,
// must not exceed BUDGET bytes; prints every file of dist/ with its brotli size and the
// first visit's total. Usage (after `trunk build --release`): node tests/size_budget.mjs
// Lower BUDGET whenever the wasm shrinks (issue "lean and fast": goal 160 KB).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET = 538_300;
const dir = path.resolve(process.argv[2] || 'dist');
const br = (buf) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
let total = 0;
let wasm = 0;
for (const name of fs.readdirSync(dir).sort()) {
  // Sub-folders (the app icons) are fetched on install, not on a first visit.
  if (fs.statSync(path.join(dir, name)).isDirectory()) continue;
  const buf = fs.readFileSync(path.join(dir, name));
  const size = br(buf);
  // The service worker and the manifest are fetched too, so everything counts.
  total += size;
  if (name.endsWith('.wasm')) wasm += size;
  console.log(`${name.padEnd(44)} ${String(buf.length).padStart(9)} raw ${String(size).padStart(8)} brotli`);
}
console.log(`first visit: ${total} bytes brotli; wasm ${wasm} bytes brotli; budget ${BUDGET}`);
if (!wasm) {
  console.log('size budget: no wasm in ' + dir);
  process.exit(1);
}
if (wasm > BUDGET) {
  console.log(`size budget exceeded: the wasm is ${wasm} bytes brotli, the budget ${BUDGET}`);
  process.exit(1);
}
console.log('size budget: ok');
