/**
 * A Vite plugin that serves the example's server half from the Vite dev server, so one command
 * (`npm run example:ai-sdk`) and one localhost port serve everything:
 *
 * - `/mcp`: the MCP server whose tools ask (Streamable HTTP, 2025-11-25 sessions);
 * - `POST /api/chat`, `GET /api/chat/:id/stream`, `POST /api/input-requests`, `GET /api/chats/:id`:
 *   the chat routes (`chat.ts`).
 *
 * Each route is a Fetch handler; the Node request becomes a `Request` and the `Response` is
 * streamed back (the helpers are shared with the chat demo).
 */
import type { ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { listeningOrigin, sendWebResponse, toWebRequest } from '../../chat/server/vite-plugin.ts';
import { createChatRoutes } from './chat.ts';
import { createTeamToolsEndpoint } from './mcp-server.ts';

type FetchHandler = (request: Request) => Promise<Response>;

export function aiSdkExample(): Plugin {
  return {
    name: 'input-request-cards:ai-sdk-example',
    configureServer(server) {
      const mcp = createTeamToolsEndpoint();
      // The e2e tests shorten how long a turn no page follows waits before it stops.
      const grace = Number(process.env.AI_SDK_EXAMPLE_UNFOLLOWED_GRACE_MS);
      const routes = createChatRoutes({
        mcpUrl: () => `${listeningOrigin(server, '127.0.0.1')}/mcp`,
        ...(grace > 0 ? { unfollowedGraceMs: grace } : {}),
      });
      server.httpServer?.once('close', () => {
        void mcp.close();
      });

      /** Serves a Fetch handler; only the app's own pages (or server-side clients) may call it. */
      const serve = (handler: FetchHandler) => (req: Connect.IncomingMessage, res: ServerResponse) => {
        const origin = req.headers.origin;
        const host = req.headers.host ?? '';
        if (origin !== undefined && origin !== `http://${host}`) {
          res.statusCode = 403;
          res.end('Cross-origin requests to the example are not allowed.');
          return;
        }
        const aborter = new AbortController();
        res.on('close', () => aborter.abort());
        handler(toWebRequest(req, `http://${host || 'localhost'}`, aborter.signal)).then(
          (response) => sendWebResponse(response, res),
          (error: unknown) => {
            server.config.logger.error(
              `[ai-sdk example] ${error instanceof Error ? error.stack : String(error)}`,
            );
            if (!res.headersSent) res.statusCode = 500;
            res.end();
          },
        );
      };

      server.middlewares.use('/mcp', serve(mcp.fetch));
      server.middlewares.use('/api/chat', (req, res, next) => {
        // `GET /api/chat/:id/stream`: the turn again, for a page that reloaded (useChat's resume).
        const resumed = /^\/([^/?]+)\/stream(?:\?|$)/.exec(req.url ?? '');
        if (req.method === 'GET' && resumed?.[1]) {
          const chatId = decodeURIComponent(resumed[1]);
          return serve(async (request) => routes.resume(chatId, request))(req, res);
        }
        if (req.method !== 'POST') return next();
        return serve(routes.chat)(req, res);
      });
      server.middlewares.use('/api/input-requests', serve(routes.answer));
      server.middlewares.use('/api/chats', (req, res, next) => {
        if (req.method !== 'GET') return next();
        const chatId = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0] ?? '');
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(JSON.stringify(routes.history(chatId)));
      });
    },
  };
}
