// The bench's HTTP server on 127.0.0.1: pages with COOP/COEP (so the page is cross-origin
// isolated and performance.now() is precise), the built bundles, and a tiny task backend for
// the transcript that counts every request it gets.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';

const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const page = (scripts) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body>` +
  scripts.map((src) => `<script src="${src}"></script>`).join('') +
  `</body></html>`;

export async function startServer({ outDir, hookFile }) {
  /** Task state bodies by path, registered by the page (what the backend holds). */
  const tasks = new Map();
  /** Every task request: [time, path]. */
  const hits = [];

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status, type, body) => {
      response.writeHead(status, { ...ISOLATION, 'content-type': type });
      response.end(body);
    };
    const path = url.pathname;
    if (path === '/page.html') {
      const bundle = url.searchParams.get('bundle') ?? 'bench';
      return send(200, 'text/html', page(['/hook.js', `/${bundle}.js`]));
    }
    if (path === '/cold.html') {
      const option = url.searchParams.get('o') ?? 'react';
      const version = url.searchParams.get('v') ?? '0';
      return send(200, 'text/html', page(['/hook.js', `/cold-${option}.js?v=${version}`]));
    }
    if (path === '/hook.js') return send(200, 'text/javascript', readFileSync(hookFile));
    if (path === '/api/setup' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        for (const [key, value] of Object.entries(JSON.parse(body))) tasks.set(key, value);
        send(200, 'application/json', '{}');
      });
      return;
    }
    if (path.startsWith('/api/tasks/')) {
      hits.push([Date.now(), path, request.method]);
      if (request.method === 'POST') return send(200, 'application/json', '{}');
      const state = tasks.get(path);
      return state
        ? send(200, 'application/json', JSON.stringify(state))
        : send(404, 'application/json', '{"error":"no such task"}');
    }
    if (/^\/[\w.-]+\.(js|map)$/.test(path)) {
      try {
        const file = readFileSync(join(outDir, normalize(path)));
        return send(200, path.endsWith('.map') ? 'application/json' : 'text/javascript', file);
      } catch {
        return send(404, 'text/plain', 'not found');
      }
    }
    return send(404, 'text/plain', 'not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Task requests whose path starts with `prefix`, made at or after `since` (ms epoch). */
    hits: (prefix, since = 0) => hits.filter(([time, path]) => time >= since && path.startsWith(prefix)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
