/**
 * The chat demo's MCP server: a real `McpServer` (`@modelcontextprotocol/server` 2.4) whose four
 * tools ask the person for input the MCP 2026-07-28 way. Each tool returns `input_required` with
 * its questions and a signed `requestState`; the client answers by calling the tool again with
 * `inputResponses` and the state echoed back (multi round-trip requests, MRTR).
 *
 * Served over HTTP by `createMcpHandler` (see `vite-plugin.ts`), which builds a fresh server per
 * request: everything a tool needs between rounds travels in the signed `requestState`.
 */
import { randomBytes } from 'node:crypto';
import {
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  inputRequired,
  inputResponse,
  type McpHttpHandler,
  McpServer,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

/** What each tool keeps between rounds (signed, so a client cannot forge or alter it). */
type DemoState =
  | { tool: 'send_report'; report: string }
  | { tool: 'book_meeting' }
  | { tool: 'connect_account'; service: string }
  | { tool: 'long_task'; step: 1 }
  | { tool: 'long_task'; step: 2; dataset: string; rows: number };

export interface DemoServerOptions {
  /** The address of the page the `connect_account` link opens (`http://localhost:<port>/demo-auth`). */
  authUrl: () => string;
  /** How long `long_task` works before each question, in milliseconds (default 1500). */
  workMs?: number;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const REPORT_SCHEMA = {
  type: 'object',
  properties: {
    recipient: {
      type: 'string',
      format: 'email',
      title: 'Recipient',
      description: 'Who gets the report.',
      default: 'team@example.com',
    },
    note: { type: 'string', title: 'Note', description: 'Optional, shown above the report.', maxLength: 500 },
    confirm: { type: 'boolean', title: 'Yes, send it now', default: false },
  },
  required: ['recipient', 'confirm'],
} satisfies RequestedSchema;
const reportAnswer = z.object({
  recipient: z.email(),
  note: z.string().max(500).optional(),
  confirm: z.boolean(),
});

const TIME_SLOTS = ['09:00', '10:30', '13:00', '15:30', '17:00'];
const TOPICS = ['Roadmap', 'Budget', 'Hiring', 'Customer feedback'];
const MEETING_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title', minLength: 1, maxLength: 80, default: 'Planning' },
    date: { type: 'string', format: 'date', title: 'Date' },
    slot: { type: 'string', title: 'Time slot', enum: TIME_SLOTS, default: '10:30' },
    attendees: { type: 'integer', title: 'Attendees', minimum: 1, maximum: 50, default: 4 },
    topics: {
      type: 'array',
      title: 'Topics',
      description: 'Pick any that apply.',
      items: { type: 'string', enum: TOPICS },
      default: ['Roadmap'],
    },
  },
  required: ['title', 'date', 'slot', 'attendees'],
} satisfies RequestedSchema;
const meetingAnswer = z.object({
  title: z.string().min(1).max(80),
  date: z.iso.date(),
  slot: z.enum(TIME_SLOTS),
  attendees: z.int().min(1).max(50),
  topics: z.array(z.enum(TOPICS)).optional(),
});

const DATASETS = { sales: 12_480, support: 3_912, web: 58_301 } as const;
const DATASET_SCHEMA = {
  type: 'object',
  properties: {
    dataset: {
      type: 'string',
      title: 'Dataset',
      oneOf: [
        { const: 'sales', title: 'Sales (last quarter)' },
        { const: 'support', title: 'Support tickets' },
        { const: 'web', title: 'Web analytics' },
      ],
      default: 'sales',
    },
  },
  required: ['dataset'],
} satisfies RequestedSchema;
const datasetAnswer = z.object({ dataset: z.enum(['sales', 'support', 'web']) });
const PUBLISH_SCHEMA = {
  type: 'object',
  properties: {
    publish: { type: 'boolean', title: 'Publish the summary to the team dashboard', default: true },
  },
  required: ['publish'],
} satisfies RequestedSchema;
const publishAnswer = z.object({ publish: z.boolean() });

/** Builds one `McpServer` with the demo's four tools (createMcpHandler calls this per request). */
export function createDemoServerFactory(options: DemoServerOptions): () => McpServer {
  // A per-process key: one Vite process serves every round of every flow.
  const codec = createRequestStateCodec<DemoState>({ key: randomBytes(32), ttlSeconds: 900 });
  const workMs = options.workMs ?? 1500;

  return function factory() {
    const server = new McpServer(
      { name: 'chat-demo-server', version: '1.0.0' },
      { requestState: { verify: codec.verify } },
    );

    /** The verified state of this round, if it belongs to `tool` (a state of another tool starts over). */
    const stateOf = <T extends DemoState['tool']>(
      tool: T,
      ctx: { mcpReq: { requestState: <S>() => S | undefined } },
    ) => {
      const state = ctx.mcpReq.requestState<DemoState>();
      return state?.tool === tool ? (state as Extract<DemoState, { tool: T }>) : undefined;
    };

    server.registerTool(
      'send_report',
      {
        title: 'Approve and send',
        description: 'Sends a report by email once the person approves the recipient.',
        inputSchema: z.object({ report: z.string().default('weekly') }),
      },
      async ({ report }, ctx) => {
        const state = stateOf('send_report', ctx);
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'approval');
        if (state === undefined || answer.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              approval: inputRequired.elicit({
                message: `Send the ${report} report? Check the recipient, add a note if you like, and confirm.`,
                requestedSchema: REPORT_SCHEMA,
              }),
            },
            requestState: await codec.mint({ tool: 'send_report', report }),
          });
        }
        const content = acceptedContent(ctx.mcpReq.inputResponses, 'approval', reportAnswer);
        if (answer.action !== 'accept' || content === undefined) {
          return text(`Not sent. The ${state.report} report stays a draft.`);
        }
        if (!content.confirm) return text('Not sent: the confirmation box was not ticked.');
        const note = content.note?.trim() ? ` with the note “${content.note.trim()}”` : '';
        return text(`Sent to ${content.recipient}: the ${state.report} report${note}.`);
      },
    );

    server.registerTool(
      'book_meeting',
      {
        title: 'Book a meeting',
        description: 'Books a meeting; asks for its details.',
        inputSchema: z.object({}),
      },
      async (_args, ctx) => {
        const state = stateOf('book_meeting', ctx);
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'details');
        if (state === undefined || answer.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              details: inputRequired.elicit({
                message: 'What should I book?',
                requestedSchema: MEETING_SCHEMA,
              }),
            },
            requestState: await codec.mint({ tool: 'book_meeting' }),
          });
        }
        if (answer.action !== 'accept') return text('No meeting booked.');
        const details = acceptedContent(ctx.mcpReq.inputResponses, 'details', meetingAnswer);
        if (details === undefined)
          return { ...text('No meeting booked: the details were not valid.'), isError: true };
        const topics = details.topics?.length ? ` Topics: ${details.topics.join(', ')}.` : '';
        const people = details.attendees === 1 ? '1 attendee' : `${details.attendees} attendees`;
        return text(
          `Booked “${details.title}” on ${details.date} at ${details.slot} for ${people}.${topics}`,
        );
      },
    );

    server.registerTool(
      'connect_account',
      {
        title: 'Connect an account',
        description: 'Connects an account by sending the person to a sign-in page.',
        inputSchema: z.object({ service: z.string().default('calendar') }),
      },
      async ({ service }, ctx) => {
        const state = stateOf('connect_account', ctx);
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'signin');
        if (state === undefined || answer.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              signin: inputRequired.elicitUrl({
                message: `Sign in to connect your ${service} account. The page opens in a new tab.`,
                url: options.authUrl(),
              }),
            },
            requestState: await codec.mint({ tool: 'connect_account', service }),
          });
        }
        return answer.action === 'accept'
          ? text(`Your ${state.service} account is connected.`)
          : text(`Not connected: your ${state.service} account stays unlinked.`);
      },
    );

    server.registerTool(
      'long_task',
      {
        title: 'Long task',
        description: 'Crunches a dataset; asks which one, then whether to publish.',
        inputSchema: z.object({}),
      },
      async (_args, ctx) => {
        const state = stateOf('long_task', ctx);
        const signal = ctx.mcpReq.signal;
        if (state === undefined) {
          await sleep(workMs, signal); // warming up, before the first question
          return inputRequired({
            inputRequests: {
              dataset: inputRequired.elicit({
                message: 'Warmed up. Which dataset should I crunch?',
                requestedSchema: DATASET_SCHEMA,
              }),
            },
            requestState: await codec.mint({ tool: 'long_task', step: 1 }),
          });
        }
        if (state.step === 1) {
          const chosen = acceptedContent(ctx.mcpReq.inputResponses, 'dataset', datasetAnswer);
          if (chosen === undefined) return text('Stopped before crunching anything.');
          await sleep(workMs, signal); // crunching, inside this retry
          const rows = DATASETS[chosen.dataset];
          return inputRequired({
            inputRequests: {
              publish: inputRequired.elicit({
                message: `Crunched ${rows.toLocaleString('en')} rows of “${chosen.dataset}”. Publish the summary?`,
                requestedSchema: PUBLISH_SCHEMA,
              }),
            },
            requestState: await codec.mint({ tool: 'long_task', step: 2, dataset: chosen.dataset, rows }),
          });
        }
        const publish = acceptedContent(ctx.mcpReq.inputResponses, 'publish', publishAnswer);
        if (publish?.publish === true) {
          return text(
            `Done: summarised ${state.rows.toLocaleString('en')} rows of “${state.dataset}” and published it to the team dashboard.`,
          );
        }
        return text(
          `Done: summarised ${state.rows.toLocaleString('en')} rows of “${state.dataset}”. Not published.`,
        );
      },
    );

    return server;
  };
}

/** The demo server as a web-standard handler: `handler.fetch(request)` serves one MCP request. */
export function createDemoHandler(options: DemoServerOptions): McpHttpHandler {
  return createMcpHandler(createDemoServerFactory(options), { legacy: 'reject' });
}
