/**
 * The example's MCP server: a real `McpServer` (`@modelcontextprotocol/server` 2.4) whose tools
 * ask the person while they run, the MCP 2025-11-25 way: `elicitInput` sends an
 * `elicitation/create` request to the client (the AI SDK's MCP client in the chat route), and the
 * tool continues with the answer.
 *
 * Served over Streamable HTTP with sessions (`WebStandardStreamableHTTPServerTransport`): each
 * client session gets its own server and transport.
 */
import { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** Where the bridge states why nobody answered (see `OUTCOME_META_KEY`). */
const OUTCOME_META_KEY = 'input-request-cards/outcome';

const ROOMS = [
  { const: 'north', title: 'North room' },
  { const: 'south', title: 'South room' },
  { const: 'terrace', title: 'Roof terrace' },
];

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** What the person (or the bridge, for them) answered, as the tool heard it. */
type Heard = {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
};

/** Words for an answer that was not an accept, including the bridge's stated outcome. */
function notAccepted(result: Heard): string {
  const outcome = result._meta?.[OUTCOME_META_KEY];
  if (outcome === 'timed-out')
    return `nobody answered in time (the chat told the server: ${result.action}, timed-out)`;
  if (outcome === 'aborted')
    return `the chat stopped before an answer (the chat told the server: ${result.action})`;
  return result.action === 'decline' ? 'you declined' : 'you cancelled';
}

function buildServer(): McpServer {
  const server = new McpServer({ name: 'team-tools', title: 'Team tools', version: '1.0.0' });

  server.registerTool(
    'book_meeting',
    {
      title: 'Book a meeting',
      description: 'Books a meeting room; asks for the details.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const result = (await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: 'What should I book?',
        requestedSchema: {
          type: 'object',
          properties: {
            title: { type: 'string', title: 'Title', minLength: 1, maxLength: 80, default: 'Planning' },
            date: { type: 'string', format: 'date', title: 'Date' },
            room: { type: 'string', title: 'Room', oneOf: ROOMS, default: 'north' },
            attendees: { type: 'integer', title: 'Attendees', minimum: 1, maximum: 30, default: 4 },
            video: { type: 'boolean', title: 'Add a video link', default: true },
          },
          required: ['title', 'date', 'room'],
        },
      })) as Heard;
      if (result.action !== 'accept' || result.content === undefined) {
        return text(`No meeting booked: ${notAccepted(result)}.`);
      }
      const { title, date, room, attendees, video } = result.content as {
        title: string;
        date: string;
        room: string;
        attendees?: number;
        video?: boolean;
      };
      const where = ROOMS.find((option) => option.const === room)?.title ?? room;
      const people =
        attendees === undefined ? '' : ` for ${attendees} ${attendees === 1 ? 'person' : 'people'}`;
      return text(
        `Booked “${title}” on ${date} in the ${where}${people}${video ? ', with a video link' : ''}.`,
      );
    },
  );

  server.registerTool(
    'delete_file',
    {
      title: 'Delete a file',
      description: 'Deletes a file after the person confirms.',
      inputSchema: z.object({ file: z.string() }),
    },
    async ({ file }, ctx) => {
      const result = (await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: `Delete ${file}? This cannot be undone.`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: `Yes, delete ${file}`, default: false } },
          required: ['confirm'],
        },
      })) as Heard;
      if (result.action !== 'accept') return text(`Kept ${file}: ${notAccepted(result)}.`);
      return result.content?.confirm === true
        ? text(`Deleted ${file}.`)
        : text(`Kept ${file}: the box was not ticked.`);
    },
  );

  server.registerTool(
    'quick_poll',
    {
      title: 'Quick poll',
      description: 'Asks for a lunch choice; the chat waits only briefly.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const result = (await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: 'Lunch order closes soon. What would you like?',
        requestedSchema: {
          type: 'object',
          properties: {
            lunch: {
              type: 'string',
              title: 'Lunch',
              oneOf: [
                { const: 'pizza', title: 'Pizza' },
                { const: 'salad', title: 'Salad' },
                { const: 'soup', title: 'Soup' },
              ],
            },
          },
          required: ['lunch'],
        },
      })) as Heard;
      if (result.action !== 'accept') return text(`No lunch ordered: ${notAccepted(result)}.`);
      return text(`Lunch ordered: ${String(result.content?.lunch)}.`);
    },
  );

  return server;
}

/** The MCP endpoint as a Fetch handler: a new session on `initialize`, then routed by `mcp-session-id`. */
export function createTeamToolsEndpoint(): {
  fetch: (request: Request) => Promise<Response>;
  close: () => Promise<void>;
} {
  const sessions = new Map<
    string,
    { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }
  >();
  return {
    async fetch(request) {
      const id = request.headers.get('mcp-session-id');
      if (id !== null) {
        const session = sessions.get(id);
        if (session === undefined) {
          return Response.json(
            { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null },
            { status: 404 },
          );
        }
        return session.transport.handleRequest(request);
      }
      const server = buildServer();
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, { transport, server });
        },
        onsessionclosed: (sessionId) => {
          sessions.delete(sessionId);
          void server.close();
        },
      });
      await server.connect(transport);
      return transport.handleRequest(request);
    },
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()));
      sessions.clear();
    },
  };
}
