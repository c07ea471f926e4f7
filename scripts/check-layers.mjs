#!/usr/bin/env node
// The app's modules form a stack (src/lib.rs lists it): a module may use only the modules
// below it. Fails, naming file, line and both modules, when one reaches upward — e.g. a
// component importing a page or a game, or a game importing a page.
//
//   node scripts/check-layers.mjs              checks src/
//   node scripts/check-layers.mjs --self-test  shows that the check catches what it should
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Bottom to top. Modules on one line are one floor: they may not use each other. */
export const STACK = [
  ["i18n", "net", "routes", "storage"],
  ["settings"],
  ["ctx", "seats"],
  ["play"],
  ["components"],
  ["host"],
  ["games"],
  ["catalog"],
  ["pages"],
  ["app"],
];
/** Test-only and tooling modules at the top, which may use everything. */
const OUTSIDE = new Set(["texts_check", "records_fuzz", "diag_alloc"]);

const floorOf = new Map(STACK.flatMap((floor, i) => floor.map((m) => [m, i])));

/** The top-level module a source file belongs to (`src/games/romme/board.rs` → games). */
function moduleOf(path) {
  const parts = path.split("/");
  return parts[1].replace(/\.rs$/, "");
}

/** The crate modules a line of Rust names (`crate::x`, `$crate::x`, `crate::{x, y::z}`). */
export function namedModules(line) {
  const code = line.replace(/\/\/.*$/, "");
  const out = [];
  for (const m of code.matchAll(/\$?crate::(\{[^}]*\}?|[a-z_0-9]+)/g)) {
    if (m[1].startsWith("{")) {
      for (const part of m[1].slice(1).split(",")) {
        const name = part.trim().split("::")[0].replace(/[^a-z_0-9].*$/, "");
        if (name) out.push(name);
      }
    } else {
      out.push(m[1]);
    }
  }
  return out;
}

/** Violations in one file's text: `[line, used module]` pairs that reach upward. */
export function violations(path, text) {
  const own = moduleOf(path);
  if (OUTSIDE.has(own) || !floorOf.has(own)) return [];
  const mine = floorOf.get(own);
  const bad = [];
  text.split("\n").forEach((line, i) => {
    for (const used of namedModules(line)) {
      if (used === own || !floorOf.has(used)) continue; // itself, or an item of lib.rs
      if (floorOf.get(used) >= mine) bad.push([i + 1, used]);
    }
  });
  return bad;
}

function rustFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return rustFiles(p);
    return p.endsWith(".rs") ? [p] : [];
  });
}

function check(root) {
  const src = join(root, "src");
  let count = 0;
  const files = rustFiles(src);
  for (const file of files) {
    const rel = relative(root, file);
    if (rel === "src/lib.rs" || rel === "src/main.rs") continue;
    const own = moduleOf(rel);
    if (!floorOf.has(own) && !OUTSIDE.has(own)) {
      console.error(`${rel}: module "${own}" is not in the stack of scripts/check-layers.mjs`);
      count++;
      continue;
    }
    for (const [line, used] of violations(rel, readFileSync(file, "utf8"))) {
      console.error(`${rel}:${line}: ${own} uses ${used}, which is not below it`);
      count++;
    }
  }
  if (count > 0) {
    console.error(`${count} upward use(s); the stack (bottom to top): ${STACK.map((f) => f.join(" ")).join(" | ")}`);
    return false;
  }
  console.log(`the app's ${files.length} files keep to the stack: ${STACK.map((f) => f.join(" ")).join(" | ")}`);
  return true;
}

function selfTest() {
  const cases = [
    ["src/components/hand.rs", "use crate::pages::play;", ["pages"]],
    ["src/components/hand.rs", "use crate::{ctx::use_app, games::romme};", ["games"]],
    ["src/games/romme/board.rs", "    crate::pages::setup::SeatConfig", ["pages"]],
    ["src/games/romme/board.rs", "    $crate::pages::setup::SeatConfig", ["pages"]],
    ["src/ctx.rs", "use crate::settings::Settings;", []],
    ["src/i18n.rs", "use crate::storage::x;", ["storage"]], // one floor: not each other
    ["src/games/mod.rs", "// see crate::pages::play", []],
    ["src/host/mod.rs", "use crate::components::dock;", []],
    ["src/play/undo.rs", "use crate::host::GameHost;", ["host"]],
    ["src/texts_check.rs", "use crate::app::App;", []],
    ["src/pages/play.rs", "crate::measure(&p, \"x\", 0.0)", []],
  ];
  let ok = true;
  for (const [path, line, want] of cases) {
    const got = violations(path, line).map(([, m]) => m);
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      console.error(`self-test: ${path}: ${line} → ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
      ok = false;
    }
  }
  if (ok) console.log(`self-test: ${cases.length} cases as expected`);
  return ok;
}

const root = join(new URL(".", import.meta.url).pathname, "..");
const ok = process.argv.includes("--self-test") ? selfTest() : selfTest() && check(root);
process.exit(ok ? 0 : 1);
