/**
 * A Vite plugin that serves the demo MCP server from the Vite dev server itself, so one command
 * (and one localhost port) serves the chat app and its MCP server:
 *
 * - `POST /mcp`: the MCP endpoint. The Node request becomes a web `Request`, `handler.fetch`
 *   answers it, and the `Response` (JSON or a stream of server-sent events) is streamed back.
 * - `GET /demo-auth`: the page the `connect_account` link opens.
 */
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { createDemoHandler } from './demo-server.ts';

const AUTH_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Account connected</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  p { margin: 0; line-height: 1.5; }
</style>
</head>
<body>
<main>
  <h1>Account connected</h1>
  <p>Your demo calendar account is connected. You can close this tab and press <strong>Done</strong> in the chat.</p>
</main>
</body>
</html>
`;

/** The web `Request` for a Node request (the body is streamed through, not buffered). */
export function toWebRequest(req: Connect.IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.originalUrl ?? req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a web `Response` to a Node response, streaming its body. */
export async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  if (response.body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('error', () => res.destroy());
  body.pipe(res);
}

/** The origin the dev server listens on (the real port, also when Vite picked another one). */
export function listeningOrigin(server: ViteDevServer, host = 'localhost'): string {
  const address = server.httpServer?.address() as AddressInfo | string | null | undefined;
  const port = typeof address === 'object' && address ? address.port : server.config.server.port;
  return `http://${host}:${port}`;
}

export function mcpDemoServer(options: { workMs?: number } = {}): Plugin {
  return {
    name: 'input-request-cards:mcp-demo-server',
    configureServer(server) {
      const handler = createDemoHandler({
        authUrl: () => `${listeningOrigin(server)}/demo-auth`,
        ...(options.workMs === undefined ? {} : { workMs: options.workMs }),
      });
      server.httpServer?.once('close', () => {
        void handler.close();
      });

      server.middlewares.use('/demo-auth', (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(req.method === 'HEAD' ? undefined : AUTH_PAGE);
      });

      server.middlewares.use('/mcp', (req, res) => {
        // Only the app's own pages may call the server (a browser sends Origin on cross-site POSTs).
        const origin = req.headers.origin;
        const host = req.headers.host ?? '';
        if (origin !== undefined && origin !== `http://${host}`) {
          res.statusCode = 403;
          res.end('Cross-origin requests to the demo MCP server are not allowed.');
          return;
        }
        const aborter = new AbortController();
        res.on('close', () => aborter.abort());
        const request = toWebRequest(req, `http://${host || 'localhost'}`, aborter.signal);
        handler.fetch(request).then(
          (response) => sendWebResponse(response, res),
          (error: unknown) => {
            server.config.logger.error(`[mcp] ${error instanceof Error ? error.message : String(error)}`);
            if (!res.headersSent) res.statusCode = 500;
            res.end();
          },
        );
      });
    },
  };
}
