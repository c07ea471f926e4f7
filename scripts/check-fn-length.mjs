#!/usr/bin/env node
// No function over 100 lines outside test code. Scans every tracked .rs file under src/ and
// crates/ (git ls-files), finds each `fn` item — free, in impl and trait blocks, Leptos
// #[component]s, fns nested in fns — and measures it from the line of `fn` to the line of its
// body's closing brace. Braces are matched on the text with comments, strings (also raw and
// byte strings) and char literals blanked out, so a `'{'` or a `"}"` does not count and a
// lifetime (`'a`) is not taken for a char. Test code is left out: files named *tests.rs or
// under a tests/ directory, items marked #[cfg(test)] (an inline `mod … { }` block, a fn), and
// the files of a `#[cfg(test)] mod x;` with every module below them.
// Prints each function over the limit as file:line, name and length; exits 1 if there is one.
//
//   node scripts/check-fn-length.mjs               checks the repository
//   node scripts/check-fn-length.mjs FILE…         checks the given files (no test-file rules)
//   node scripts/check-fn-length.mjs --self-test   shows that the scanner measures what it should
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

export const LIMIT = 100;

/**
 * The text with the inside of every comment, string and char literal replaced by spaces
 * (newlines kept), so that positions and line numbers stay those of the original.
 */
export function blank(src) {
  const out = src.split("");
  const wipe = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  const isIdent = (c) => c !== undefined && /[A-Za-z0-9_]/.test(c);
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "/" && src[i + 1] === "/") {
      let j = src.indexOf("\n", i);
      if (j < 0) j = src.length;
      wipe(i, j);
      i = j;
    } else if (c === "/" && src[i + 1] === "*") {
      // Block comments nest in Rust.
      let depth = 1;
      let j = i + 2;
      while (j < src.length && depth > 0) {
        if (src[j] === "/" && src[j + 1] === "*") (depth++, (j += 2));
        else if (src[j] === "*" && src[j + 1] === "/") (depth--, (j += 2));
        else j++;
      }
      wipe(i, j);
      i = j;
    } else if (c === "r" && !isIdent(src[i - 1] === "b" || src[i - 1] === "c" ? src[i - 2] : src[i - 1]) && /^r#*"/.test(src.slice(i, i + 260))) {
      // Raw string r"…", r#"…"#, br"…", cr"…": no escapes, ends at a quote and as many #.
      const hashes = src.slice(i + 1).match(/^#*/)[0].length;
      const close = '"' + "#".repeat(hashes);
      const start = i + 1 + hashes + 1;
      let j = src.indexOf(close, start);
      j = j < 0 ? src.length : j + close.length;
      wipe(i + 1, j);
      i = j;
    } else if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      wipe(i + 1, j);
      i = j + 1;
    } else if (c === "'") {
      // A char literal ('x', '\n', '\'', '\u{1F600}', '😀') or a lifetime / label ('a, 'static).
      let end = -1;
      if (src[i + 1] === "\\") {
        end = src.indexOf("'", i + 3);
      } else {
        const cp = src.codePointAt(i + 1);
        const len = cp !== undefined && cp > 0xffff ? 2 : 1;
        if (src[i + 1] !== undefined && src[i + 1] !== "\n" && src[i + 1 + len] === "'") end = i + 1 + len;
      }
      if (end > 0) {
        wipe(i + 1, end);
        i = end + 1;
      } else {
        i++;
      }
    } else {
      i++;
    }
  }
  return out.join("");
}

/** The 1-based line of a position. */
function lineAt(lineStarts, pos) {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The position of the brace closing the one at `open` (or the end of the text). */
function matching(code, open) {
  let depth = 0;
  for (let j = open; j < code.length; j++) {
    if (code[j] === "{") depth++;
    else if (code[j] === "}" && --depth === 0) return j;
  }
  return code.length - 1;
}

/**
 * Where the item starting at `from` ends: its body's `{` and closing `}`, or the `;` that ends
 * a declaration without a body. Parentheses, brackets and generics' angle brackets are skipped
 * (`[u8; 4]`, `where T: Fn(u8) -> u8`).
 */
function itemEnd(code, from) {
  let depth = 0;
  for (let j = from; j < code.length; j++) {
    const c = code[j];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && c === ";") return { open: -1, end: j };
    else if (depth === 0 && c === "{") return { open: j, end: matching(code, j) };
  }
  return { open: -1, end: code.length - 1 };
}

/**
 * The #[cfg(test)] items of a blanked text: `{ start, end }` ranges of inline items, and the
 * `mod x;` declarations (whose files are test code) as `{ name, path }`, `path` the value of
 * a `#[path = "…"]` attribute (read from `src`, the text before blanking) or null.
 */
export function testItems(code, src = code) {
  const ranges = [];
  const mods = [];
  for (const m of code.matchAll(/#\[\s*cfg\s*\(\s*(?:all\s*\(\s*)?test\b/g)) {
    // Skip this attribute and any further ones, then the item runs to its end.
    let j = m.index;
    let path = null;
    for (;;) {
      const rest = code.slice(j).match(/^\s*#!?\[/);
      if (!rest) break;
      let depth = 0;
      let k = j + rest[0].length - 1;
      for (; k < code.length; k++) {
        if (code[k] === "[") depth++;
        else if (code[k] === "]" && --depth === 0) break;
      }
      path = src.slice(j, k + 1).match(/^\s*#\[\s*path\s*=\s*"([^"]*)"\s*\]$/)?.[1] ?? path;
      j = k + 1;
    }
    const decl = code.slice(j).match(/^\s*(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;/);
    if (decl) {
      mods.push({ name: decl[1], path });
      continue;
    }
    const { end } = itemEnd(code, j);
    ranges.push({ start: m.index, end });
  }
  return { ranges, mods };
}

/** The names of all `mod x;` declarations of a blanked text (a module's file children). */
function declaredMods(code) {
  return [...code.matchAll(/(?:^|[;{}\s])mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;/g)].map((m) => m[1]);
}

/**
 * Every fn item of one file's text, outside the given excluded ranges:
 * `{ name, line, lines }`, `lines` counting from the `fn` line to the closing brace.
 */
export function functions(src, excluded = testItems(blank(src)).ranges) {
  const code = blank(src);
  const lineStarts = [0];
  for (let i = 0; i < src.length; i++) if (src[i] === "\n") lineStarts.push(i + 1);
  const found = [];
  // `fn name` — not `fn(` (a function pointer type), not part of a longer identifier.
  for (const m of code.matchAll(/(?<![A-Za-z0-9_])fn\s+(r#)?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (excluded.some((r) => m.index >= r.start && m.index <= r.end)) continue;
    const { open, end } = itemEnd(code, m.index + m[0].length);
    if (open < 0) continue; // a trait method's declaration without a body
    const line = lineAt(lineStarts, m.index);
    found.push({ name: m[2], line, lines: lineAt(lineStarts, end) - line + 1 });
  }
  return found;
}

/** Whether a path is test code by its name: *tests.rs, or anything under a tests/ directory. */
export function isTestPath(path) {
  return /(^|\/)tests\//.test(path) || /tests\.rs$/.test(path);
}

/** The directory holding the files of a module file's `mod x;` children. */
function childDir(path) {
  const base = posix.basename(path);
  if (base === "mod.rs" || base === "lib.rs" || base === "main.rs") return posix.dirname(path);
  return path.replace(/\.rs$/, "");
}

/** The file of child module `name` declared in `path`, if it is one of `files`. */
function childFile(files, path, name) {
  const dir = childDir(path);
  for (const p of [`${dir}/${name}.rs`, `${dir}/${name}/mod.rs`]) if (files.has(p)) return p;
  return null;
}

/** Every tracked .rs file under src/ and crates/ that is not test code, with its text. */
function sources(root) {
  const listed = execFileSync("git", ["ls-files", "--", "src", "crates"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((p) => p.endsWith(".rs") && existsSync(join(root, p)));
  const files = new Set(listed);
  const text = new Map(listed.map((p) => [p, readFileSync(join(root, p), "utf8")]));
  const code = new Map(listed.map((p) => [p, blank(text.get(p))]));
  // Test files: by name, the files of #[cfg(test)] mod x; and every module below a test file.
  const test = new Set(listed.filter(isTestPath));
  for (const p of listed) {
    for (const { name, path } of testItems(code.get(p), text.get(p)).mods) {
      // A #[path] is relative to the directory of the file declaring the module.
      const child = path ? posix.join(posix.dirname(p), path) : childFile(files, p, name);
      if (child && files.has(child)) test.add(child);
    }
  }
  const queue = [...test];
  while (queue.length > 0) {
    const p = queue.pop();
    for (const name of declaredMods(code.get(p))) {
      const child = childFile(files, p, name);
      if (child && !test.has(child)) (test.add(child), queue.push(child));
    }
  }
  return listed.filter((p) => !test.has(p)).map((p) => ({ path: p, src: text.get(p) }));
}

/** Prints the functions over the limit in the given files; true when there is none. */
function report(files) {
  const long = [];
  let count = 0;
  for (const { path, src } of files) {
    for (const f of functions(src)) {
      count++;
      if (f.lines > LIMIT) long.push({ path, ...f });
    }
  }
  long.sort((a, b) => b.lines - a.lines);
  for (const f of long) console.error(`${f.path}:${f.line}: fn ${f.name} is ${f.lines} lines (limit ${LIMIT})`);
  if (long.length > 0) {
    console.error(`${long.length} function(s) over ${LIMIT} lines: split them into functions doing one thing each`);
    return false;
  }
  console.log(`${count} functions in ${files.length} files, none over ${LIMIT} lines`);
  return true;
}

function selfTest() {
  const cases = [
    ["fn a() {\n}\n", [["a", 2]]],
    ["fn a() {\n    let c = '{';\n    let s = \"}}\";\n}\n", [["a", 4]]],
    ["fn a<'x>(v: &'x str) -> &'x str {\n    v\n}\n", [["a", 3]]],
    ["fn a() {\n    let q = '\\'';\n    let b = b'}';\n    let u = '\\u{7D}';\n}\n", [["a", 5]]],
    ["fn a() {\n    let r = r#\"}\" \"#;\n    // }\n    /* } /* } */ } */\n}\n", [["a", 5]]],
    ["fn a() -> [u8; 2] {\n    [1; 2]\n}\n", [["a", 3]]],
    ["trait T {\n    fn d(&self);\n    fn e(&self) {\n    }\n}\n", [["e", 2]]],
    ["impl S {\n    pub fn m(&self, f: fn(u8) -> u8) -> u8 {\n        f(1)\n    }\n}\n", [["m", 3]]],
    ["fn a() {\n    fn inner() {\n    }\n}\n", [["a", 4], ["inner", 2]]],
    ["fn a() {}\n#[cfg(test)]\nmod tests {\n    fn t() {\n    }\n}\n", [["a", 1]]],
    ["#[cfg(test)]\n#[allow(dead_code)]\nfn helper() {\n}\nfn b() {\n}\n", [["b", 2]]],
    ["fn a(x: &str) {\n    'outer: loop { break 'outer; }\n    let e = '😀';\n}\n", [["a", 4]]],
    ["#[component]\npub fn Board(n: u8) -> impl IntoView {\n    view! { <p>\"{\"</p> }\n}\n", [["Board", 3]]],
  ];
  let ok = true;
  for (const [src, want] of cases) {
    const got = functions(src).map((f) => [f.name, f.lines]);
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      console.error(`self-test: ${JSON.stringify(src)} → ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
      ok = false;
    }
  }
  const declared = '#[cfg(test)]\nmod playouts;\nmod real;\n#[cfg(test)]\n#[path = "x_tests.rs"]\nmod tests;\n';
  const mods = JSON.stringify(testItems(blank(declared), declared).mods);
  if (mods !== '[{"name":"playouts","path":null},{"name":"tests","path":"x_tests.rs"}]') {
    console.error(`self-test: cfg(test) mods → ${mods}`);
    ok = false;
  }
  if (!isTestPath("crates/engine/src/romme/tests/rob.rs") || !isTestPath("src/records_tests.rs") || isTestPath("src/app.rs")) {
    console.error("self-test: isTestPath");
    ok = false;
  }
  if (ok) console.log(`self-test: ${cases.length + 2} cases as expected`);
  return ok;
}

/** Runs the check (or the self-test) as the command line asks; exits 1 on a failure. */
function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const args = process.argv.slice(2);
  let ok;
  if (args.includes("--self-test")) ok = selfTest();
  else if (args.length > 0) ok = report(args.map((p) => ({ path: p, src: readFileSync(p, "utf8") })));
  else ok = selfTest() && report(sources(root));
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
