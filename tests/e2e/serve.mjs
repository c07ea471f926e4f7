// A tiny static file server for dist/ (no dependencies). Serves under an optional
// sub-path to prove that dist/ works from a project page, e.g. /kartenrunde/, and compresses
// text and wasm with brotli when the browser accepts it, as a static host does.
// Usage: node tests/e2e/serve.mjs <dir> <port> [subpath]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
};

const COMPRESS = new Set(['.html', '.js', '.wasm', '.css', '.json', '.webmanifest', '.svg']);

// The returned server's setDir(dir) serves another directory from then on (the e2e test of
// updates deploys a new version that way).
export function serve(dir, port, sub = '/') {
  let root = path.resolve(dir);
  const brotli = new Map(); // file -> [mtime, compressed bytes]
  const prefix = sub.endsWith('/') ? sub : sub + '/';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let p = decodeURIComponent(url.pathname);
    if (!p.startsWith(prefix)) {
      if (p + '/' === prefix) { res.writeHead(301, { Location: prefix }); return res.end(); }
      res.writeHead(404); return res.end('not found');
    }
    p = p.slice(prefix.length) || 'index.html';
    const file = path.resolve(root, p);
    if (!file.startsWith(root)) { res.writeHead(403); return res.end(); }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); return res.end('not found'); }
      const headers = { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
      if (COMPRESS.has(path.extname(file)) && /\bbr\b/.test(req.headers['accept-encoding'] || '')) {
        let mtime = 0;
        try { mtime = fs.statSync(file).mtimeMs; } catch { /* gone meanwhile: compress again */ }
        let hit = brotli.get(file);
        if (!hit || hit[0] !== mtime) {
          hit = [mtime, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })];
          brotli.set(file, hit);
        }
        headers['Content-Encoding'] = 'br';
        data = hit[1];
      }
      res.writeHead(200, headers);
      res.end(data);
    });
  });
  server.setDir = (next) => { root = path.resolve(next); };
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '8080', sub = '/'] = process.argv.slice(2);
  await serve(dir, Number(port), sub);
  console.log(`Kartenrunde läuft auf / is running at http://127.0.0.1:${port}${sub.endsWith('/') ? sub : sub + '/'}`);
}
