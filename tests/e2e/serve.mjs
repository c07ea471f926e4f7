// A tiny static file server for dist/ (no dependencies). Serves under an optional
// sub-path to prove that dist/ works from a project page, e.g. /kartenrunde/.
// Usage: node tests/e2e/serve.mjs <dir> <port> [subpath]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
};

export function serve(dir, port, sub = '/') {
  const root = path.resolve(dir);
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
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '8080', sub = '/'] = process.argv.slice(2);
  await serve(dir, Number(port), sub);
  console.log(`Kartenrunde läuft auf / is running at http://127.0.0.1:${port}${sub.endsWith('/') ? sub : sub + '/'}`);
}
