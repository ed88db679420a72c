/**
 * A Vite plugin that serves the demo's server half from the Vite dev server itself, so one
 * command (and one localhost port) serves the chat app, its chat API and its MCP server:
 *
 * - `/mcp`: the MCP endpoint (`demo-server.ts`). The Node request becomes a web `Request`,
 *   `handler.fetch` answers it, and the `Response` (JSON or a stream of server-sent events) is
 *   streamed back.
 * - `/api/*`: the chat (`chat.ts`): conversations, and each tool call's rounds over REST. The
 *   assistant's MCP client connects to `/mcp` on this same port, over HTTP.
 * - `GET /demo-auth?signin=…` and `POST /demo-auth/finish`: the fake sign-in page the
 *   `connect_account` link opens, and its Finish button.
 *
 * `CHAT_DEMO_DEBUG=1` adds `GET /api/debug/received` (for the end-to-end tests).
 */
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { createChatServer } from './chat.ts';
import { createDemoServer } from './demo-server.ts';

/** The fake sign-in page: one Finish button, which marks the out-of-band step done. */
function signInPage(signIn: string | undefined, finished: boolean): string {
  const body =
    signIn === undefined
      ? `<h1>Sign-in link not valid</h1>
  <p>This sign-in link is unknown or was already used. Ask the chat to connect again.</p>`
      : finished
        ? `<h1>Account connected</h1>
  <p>Your demo calendar account is connected. Close this tab and go back to the chat: if you have not pressed Done there yet, press it now; the chat then carries on.</p>`
        : `<h1>Sign in to the demo calendar</h1>
  <p>This stands in for a real sign-in page. The chat waits until you press Finish.</p>
  <form method="post" action="/demo-auth/finish">
    <input type="hidden" name="signin" value="${signIn}">
    <button type="submit">Finish</button>
  </form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo sign-in</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; line-height: 1.5; }
  button { font: inherit; padding: 0.5rem 1.5rem; border-radius: 0.5rem; border: 1px solid; cursor: pointer; }
</style>
</head>
<body>
<main>
  ${body}
</main>
</body>
</html>
`;
}

/** A sign-in id as the link carries it (a UUID); anything else is not one. */
const SIGN_IN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

type FetchHandler = (request: Request) => Promise<Response>;

export function mcpDemoServer(options: { workMs?: number; debug?: boolean } = {}): Plugin {
  return {
    name: 'input-request-cards:mcp-demo-server',
    configureServer(server) {
      const demo = createDemoServer({
        authUrl: () => `${listeningOrigin(server)}/demo-auth`,
        ...(options.workMs === undefined ? {} : { workMs: options.workMs }),
      });
      const chat = createChatServer({
        mcpUrl: () => `${listeningOrigin(server, '127.0.0.1')}/mcp`,
        debug: options.debug ?? false,
        mcpArrivals: () => demo.arrivals,
      });
      server.httpServer?.once('close', () => {
        void chat.close().then(() => demo.close());
      });

      /** Serves a Fetch handler; only the app's own pages (or server-side clients) may call it. */
      const serve = (handler: FetchHandler) => (req: Connect.IncomingMessage, res: ServerResponse) => {
        // A browser sends Origin on cross-site POSTs (and on its EventSource and fetch calls).
        const origin = req.headers.origin;
        const host = req.headers.host ?? '';
        if (origin !== undefined && origin !== `http://${host}`) {
          res.statusCode = 403;
          res.end('Cross-origin requests to the demo server are not allowed.');
          return;
        }
        const aborter = new AbortController();
        res.on('close', () => aborter.abort());
        const request = toWebRequest(req, `http://${host || 'localhost'}`, aborter.signal);
        handler(request).then(
          (response) => sendWebResponse(response, res),
          (error: unknown) => {
            server.config.logger.error(`[chat demo] ${error instanceof Error ? error.stack : String(error)}`);
            if (!res.headersSent) res.statusCode = 500;
            res.end();
          },
        );
      };

      server.middlewares.use('/demo-auth', (req, res, next) => {
        const path = (req.url ?? '/').split('?')[0];
        const html = (page: string, status = 200) => {
          res.statusCode = status;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.setHeader('cache-control', 'no-store');
          res.end(req.method === 'HEAD' ? undefined : page);
        };
        if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/' || path === '')) {
          const signIn = new URL(req.originalUrl ?? req.url ?? '/', 'http://demo').searchParams.get('signin');
          const known = signIn !== null && SIGN_IN_ID.test(signIn) && demo.knowsSignIn(signIn);
          return html(signInPage(known ? signIn : undefined, false), known ? 200 : 404);
        }
        if (req.method === 'POST' && path === '/finish') {
          serve(async (request) => {
            const form = await request.formData().catch(() => undefined);
            const signIn = form?.get('signin');
            const done = typeof signIn === 'string' && SIGN_IN_ID.test(signIn) && demo.finishSignIn(signIn);
            return new Response(signInPage(done ? signIn : undefined, done), {
              status: done ? 200 : 404,
              headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
            });
          })(req, res);
          return;
        }
        next();
      });
      server.middlewares.use(
        '/mcp',
        serve((request) => demo.handler.fetch(request)),
      );
      server.middlewares.use('/api', serve(chat.fetch));
    },
  };
}
