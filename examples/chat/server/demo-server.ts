/**
 * The chat demo's MCP server: a real `McpServer` (`@modelcontextprotocol/server` 2.4) whose tools
 * ask the person for input the MCP 2026-07-28 ways:
 *
 * - multi round-trip requests (MRTR): a tool returns `input_required` with its questions and a
 *   signed `requestState`; the client answers by calling the tool again with `inputResponses` and
 *   the state echoed back (`send_report`, `book_meeting`, `connect_account`, `long_task`,
 *   `add_contact`);
 * - the Tasks extension (`io.modelcontextprotocol/tasks`): `quarterly_report` answers its call with
 *   a task (`resultType: "task"`), and the client follows it with `tasks/get`, answers with
 *   `tasks/update` and may stop it with `tasks/cancel`.
 *
 * Served over HTTP by `createMcpHandler` (see `vite-plugin.ts`), which builds a fresh server per
 * request: what a tool needs between rounds travels in the signed `requestState`; tasks, sign-ins
 * and the record of what arrived live in this module's closures.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  type InputRequest,
  inputRequired,
  inputResponse,
  type McpHttpHandler,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

/** What each tool keeps between rounds (signed, so a client cannot forge or alter it). */
type DemoState =
  | { tool: 'send_report'; report: string }
  | { tool: 'book_meeting' }
  | { tool: 'connect_account'; service: string; signIn: string }
  | { tool: 'long_task'; step: 1 }
  | { tool: 'long_task'; step: 2; dataset: string; rows: number }
  | { tool: 'add_contact' };

/** A verified state and the exact string it came in (a waiting round echoes it unchanged). */
interface VerifiedState {
  payload: DemoState;
  raw: string;
}

/** What reached the MCP server, in order: each tool entry and each `tasks/update` (for tests). */
export interface McpArrival {
  method: 'tools/call' | 'tasks/update' | 'tasks/cancel';
  tool: string;
  inputResponses?: Record<string, unknown>;
  /** Whether the call echoed a `requestState` (a retry). */
  retry?: boolean;
  taskId?: string;
  /** When it arrived (epoch ms). */
  at: number;
}

export interface DemoServerOptions {
  /** The address of the page the `connect_account` link opens (`http://localhost:<port>/demo-auth`). */
  authUrl: () => string;
  /** How long `long_task` works before each question, in milliseconds (default 1500). */
  workMs?: number;
  /** How long each step of the `quarterly_report` task works, in milliseconds (default 700). */
  taskStepMs?: number;
}

/** The demo's MCP endpoint, and what the fake sign-in page and the tests need from it. */
export interface DemoServer {
  handler: McpHttpHandler;
  /** The fake sign-in page's Finish button: the out-of-band step of this sign-in is done. */
  finishSignIn(signIn: string): boolean;
  /** Whether a sign-in is known (the page shows an error for any other). */
  knowsSignIn(signIn: string): boolean;
  /** Everything that reached the tools, oldest first. */
  arrivals: McpArrival[];
  close(): Promise<void>;
}

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const DOMAIN = 'example.com';

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
      description: `Who gets the report (an address at ${DOMAIN}).`,
      default: `team@${DOMAIN}`,
    },
    note: { type: 'string', title: 'Note', description: 'Optional, shown above the report.', maxLength: 500 },
    // A one-time code, so the demo shows what the card does with a secret: masked, never stored
    // in a draft. (MCP tells servers not to ask for secrets in a form; a real server would send a
    // link instead.)
    code: {
      type: 'string',
      title: 'One-time code',
      description: 'The 6-digit code from your authenticator app.',
      minLength: 6,
      maxLength: 6,
    },
    confirm: { type: 'boolean', title: 'Yes, send it now', default: false },
  },
  required: ['recipient', 'code'],
} satisfies RequestedSchema;
const reportAnswer = z.object({
  recipient: z.email(),
  note: z.string().max(500).optional(),
  code: z.string(),
  confirm: z.boolean().default(false),
});

/** Why an approval cannot be sent as answered, as the re-ask says it; nothing when it can. */
function approvalProblem(answer: z.infer<typeof reportAnswer>): string | undefined {
  if (!answer.recipient.toLowerCase().endsWith(`@${DOMAIN}`)) {
    return `Not sent: ${answer.recipient} is outside ${DOMAIN}. Please choose a recipient at ${DOMAIN}.`;
  }
  if (!/^\d{6}$/.test(answer.code)) {
    return 'Not sent: the one-time code must be 6 digits. Please enter the code from your authenticator app.';
  }
  if (!answer.confirm) {
    return 'Not sent: the confirmation box was not ticked. Please tick “Yes, send it now” to send.';
  }
  return undefined;
}

const TIME_SLOTS = ['09:00', '10:30', '13:00', '15:30', '17:00'];
const TOPICS = ['Roadmap', 'Budget', 'Hiring', 'Customer feedback'];
const MEETING_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title', minLength: 1, maxLength: 80, default: 'Planning' },
    date: {
      type: 'string',
      format: 'date',
      title: 'Date',
      description: 'A weekday: the office is closed at weekends.',
    },
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
/** `Saturday` or `Sunday` for a date (`YYYY-MM-DD`) at a weekend, else `undefined`. */
function weekendDay(date: string): string | undefined {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 6 ? 'Saturday' : day === 0 ? 'Sunday' : undefined;
}

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

/**
 * A form outside MCP's flat subset on purpose: a nested object and a `pattern`. The card cannot
 * show it safely, so it explains that and offers Decline and Cancel.
 */
const CONTACT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    address: {
      type: 'object',
      title: 'Address',
      properties: {
        street: { type: 'string', title: 'Street' },
        city: { type: 'string', title: 'City' },
        postcode: { type: 'string', title: 'Postcode', pattern: '^[0-9]{5}$' },
      },
      required: ['street', 'city'],
    },
  },
  required: ['name', 'address'],
};

const FORMATS = [
  { const: 'pdf', title: 'PDF document', noun: 'a PDF document' },
  { const: 'slides', title: 'Slides', noun: 'slides' },
  { const: 'csv', title: 'Spreadsheet (CSV)', noun: 'a CSV spreadsheet' },
];
const FORMAT_SCHEMA = {
  type: 'object',
  properties: {
    format: {
      type: 'string',
      title: 'Format',
      oneOf: FORMATS.map((format) => ({ const: format.const, title: format.title })),
      default: 'pdf',
    },
  },
  required: ['format'],
} satisfies RequestedSchema;
const TEAMS = ['Sales', 'Finance', 'Engineering', 'Support'];
const SHARE_SCHEMA = {
  type: 'object',
  properties: {
    teams: {
      type: 'array',
      title: 'Share with',
      description: 'The teams that get the report.',
      items: { type: 'string', enum: TEAMS },
      minItems: 1,
      default: ['Finance'],
    },
  },
  required: ['teams'],
} satisfies RequestedSchema;
const formatAnswer = z.object({ format: z.enum(['pdf', 'slides', 'csv']) });
const shareAnswer = z.object({ teams: z.array(z.enum(TEAMS)).min(1) });

/** One `quarterly_report` task, as the Tasks extension's `tasks/get` reports it. */
interface ReportTask {
  taskId: string;
  quarter: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  inputRequests: Record<string, InputRequest>;
  result?: ReturnType<typeof text>;
  format?: string;
  createdAt: string;
  lastUpdatedAt: string;
  timer?: ReturnType<typeof setTimeout>;
}

/** The demo's MCP server (one `McpServer` per request, as `createMcpHandler` wants). */
export function createDemoServer(options: DemoServerOptions): DemoServer {
  // A per-process key: one Vite process serves every round of every flow.
  const codec = createRequestStateCodec<DemoState>({ key: randomBytes(32), ttlSeconds: 900 });
  const workMs = options.workMs ?? 1500;
  const taskStepMs = options.taskStepMs ?? 700;
  const arrivals: McpArrival[] = [];
  /** Sign-ins the `connect_account` link started: id → finished on the sign-in page. */
  const signIns = new Map<string, boolean>();
  const tasks = new Map<string, ReportTask>();

  function touch(task: ReportTask, changes: Partial<ReportTask>) {
    Object.assign(task, changes, { lastUpdatedAt: new Date().toISOString() });
  }

  /** Runs the next step of a task after a while (a real task would be doing work meanwhile). */
  function after(task: ReportTask, step: () => void) {
    clearTimeout(task.timer);
    task.timer = setTimeout(() => {
      if (task.status === 'working') step();
    }, taskStepMs);
  }

  function startReportTask(quarter: string): ReportTask {
    const now = new Date().toISOString();
    const task: ReportTask = {
      taskId: `report-${randomUUID()}`,
      quarter,
      status: 'working',
      statusMessage: `Collecting the numbers for ${quarter}…`,
      inputRequests: {},
      createdAt: now,
      lastUpdatedAt: now,
    };
    tasks.set(task.taskId, task);
    after(task, () =>
      touch(task, {
        status: 'input_required',
        statusMessage: 'Waiting for the format.',
        inputRequests: {
          format: inputRequired.elicit({
            message: `The ${quarter} numbers are in. Which format should the report have?`,
            requestedSchema: FORMAT_SCHEMA,
          }),
        },
      }),
    );
    return task;
  }

  /** `tasks/update`: the answers of the task's open round move it on. */
  function answerTask(task: ReportTask, responses: Record<string, unknown>) {
    const key = Object.keys(task.inputRequests)[0];
    if (key === undefined || !Object.hasOwn(responses, key)) return;
    const response = inputResponse(responses, key);
    const stop = (why: string) =>
      touch(task, {
        status: 'completed',
        statusMessage: 'Stopped.',
        inputRequests: {},
        result: text(`The ${task.quarter} report was not prepared: ${why}.`),
      });
    if (response.kind !== 'elicit' || response.action !== 'accept') {
      stop(response.kind === 'elicit' && response.action === 'decline' ? 'you declined' : 'you cancelled');
      return;
    }
    if (key === 'format') {
      const chosen = acceptedContent(responses, 'format', formatAnswer);
      if (chosen === undefined) return stop('no format was chosen');
      const noun = FORMATS.find((format) => format.const === chosen.format)?.noun ?? chosen.format;
      touch(task, { status: 'working', statusMessage: `Building ${noun}…`, inputRequests: {}, format: noun });
      after(task, () =>
        touch(task, {
          status: 'input_required',
          statusMessage: 'Waiting for who gets it.',
          inputRequests: {
            share: inputRequired.elicit({
              message: `The report is ready as ${noun}. Who should get it?`,
              requestedSchema: SHARE_SCHEMA,
            }),
          },
        }),
      );
      return;
    }
    const share = acceptedContent(responses, 'share', shareAnswer);
    if (share === undefined) return stop('nobody was chosen to get it');
    touch(task, { status: 'working', statusMessage: 'Sharing the report…', inputRequests: {} });
    after(task, () =>
      touch(task, {
        status: 'completed',
        statusMessage: 'Done.',
        result: text(
          `The ${task.quarter} report is ready as ${task.format ?? 'a document'} and shared with ${share.teams.join(', ')}.`,
        ),
      }),
    );
  }

  function taskResult(task: ReportTask) {
    return {
      taskId: task.taskId,
      status: task.status,
      createdAt: task.createdAt,
      lastUpdatedAt: task.lastUpdatedAt,
      ttlMs: null,
      pollIntervalMs: 500,
      ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
      ...(task.status === 'input_required' ? { inputRequests: task.inputRequests } : {}),
      ...(task.status === 'completed' ? { result: task.result ?? text('Done.') } : {}),
    };
  }

  function findTask(taskId: string): ReportTask {
    const task = tasks.get(taskId);
    if (task === undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${taskId}`);
    return task;
  }

  function factory() {
    const server = new McpServer(
      { name: 'chat-demo-server', title: 'Demo server', version: '1.0.0' },
      {
        // The Tasks extension (SEP-2663): this server may answer a tool call with a task.
        capabilities: { extensions: { [TASKS_EXTENSION]: {} } } as never,
        requestState: {
          // Keeps the exact string next to the payload: a waiting round echoes it unchanged.
          verify: async (raw, ctx) =>
            ({ payload: await codec.verify(raw, ctx), raw }) satisfies VerifiedState,
        },
      },
    );
    type Ctx = {
      mcpReq: {
        requestState: <S>() => S | undefined;
        inputResponses?: Record<string, unknown> | undefined;
      };
    };

    /** The verified state of this round, if it belongs to `tool` (a state of another tool starts over). */
    const stateOf = <T extends DemoState['tool']>(tool: T, ctx: Ctx) => {
      const verified = ctx.mcpReq.requestState<VerifiedState>();
      return verified?.payload.tool === tool
        ? { ...(verified.payload as Extract<DemoState, { tool: T }>), raw: verified.raw }
        : undefined;
    };
    const arrived = (tool: string, ctx: Ctx) => {
      arrivals.push({
        method: 'tools/call',
        tool,
        at: Date.now(),
        retry: ctx.mcpReq.requestState() !== undefined,
        ...(ctx.mcpReq.inputResponses === undefined ? {} : { inputResponses: ctx.mcpReq.inputResponses }),
      });
    };

    server.registerTool(
      'send_report',
      {
        title: 'Approve and send',
        description:
          'Sends a report by email once the person approves it; asks again, saying why, until it can.',
        inputSchema: z.object({ report: z.string().default('weekly') }),
      },
      async ({ report }, ctx) => {
        arrived('send_report', ctx);
        const state = stateOf('send_report', ctx);
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'approval');
        const ask = async (message: string) =>
          inputRequired({
            inputRequests: { approval: inputRequired.elicit({ message, requestedSchema: REPORT_SCHEMA }) },
            requestState: await codec.mint({ tool: 'send_report', report }),
          });
        if (state === undefined || answer.kind !== 'elicit') {
          return ask(
            `Send the ${report} report? Check the recipient, add a note if you like, enter your one-time code, and confirm.`,
          );
        }
        if (answer.action !== 'accept') return text(`Not sent. The ${state.report} report stays a draft.`);
        const content = acceptedContent(ctx.mcpReq.inputResponses, 'approval', reportAnswer);
        if (content === undefined)
          return ask('Not sent: the answer could not be read. Please check the fields.');
        // An answer the server cannot act on is asked again, with the reason, never refused.
        const problem = approvalProblem(content);
        if (problem !== undefined) return ask(problem);
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
        arrived('book_meeting', ctx);
        const state = stateOf('book_meeting', ctx);
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'details');
        const askDetails = async (message: string) =>
          inputRequired({
            inputRequests: { details: inputRequired.elicit({ message, requestedSchema: MEETING_SCHEMA }) },
            requestState: await codec.mint({ tool: 'book_meeting' }),
          });
        if (state === undefined || answer.kind !== 'elicit') return askDetails('What should I book?');
        if (answer.action !== 'accept') return text('No meeting booked.');
        const details = acceptedContent(ctx.mcpReq.inputResponses, 'details', meetingAnswer);
        if (details === undefined)
          return { ...text('No meeting booked: the details were not valid.'), isError: true };
        // What the schema cannot say is asked again, with the reason, never refused. (The cards send
        // no title of only spaces, but another client may.)
        if (details.title.trim() === '') {
          return askDetails('A meeting needs a title, and only spaces were typed. What should I book?');
        }
        const weekend = weekendDay(details.date);
        if (weekend !== undefined) {
          return askDetails(
            `${details.date} is a ${weekend}, and the office is closed at weekends. Which weekday should I book?`,
          );
        }
        const topics = details.topics?.length ? ` Topics: ${details.topics.join(', ')}.` : '';
        const people = details.attendees === 1 ? '1 attendee' : `${details.attendees} attendees`;
        return text(
          `Booked “${details.title.trim()}” on ${details.date} at ${details.slot} for ${people}.${topics}`,
        );
      },
    );

    server.registerTool(
      'connect_account',
      {
        title: 'Connect an account',
        description:
          'Connects an account by sending the person to a sign-in page; the call waits until the sign-in is finished.',
        inputSchema: z.object({ service: z.string().default('calendar') }),
      },
      async ({ service }, ctx) => {
        arrived('connect_account', ctx);
        const state = stateOf('connect_account', ctx);
        if (state === undefined) {
          const signIn = randomUUID();
          signIns.set(signIn, false);
          const url = new URL(options.authUrl());
          url.searchParams.set('signin', signIn);
          return inputRequired({
            inputRequests: {
              signin: inputRequired.elicitUrl({
                message: `Sign in to connect your ${service} account. The page opens in a new tab; press Finish there.`,
                url: url.href,
              }),
            },
            requestState: await codec.mint({ tool: 'connect_account', service, signIn }),
          });
        }
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'signin');
        if (answer.kind === 'elicit' && answer.action !== 'accept') {
          signIns.delete(state.signIn);
          return text(`Not connected: your ${state.service} account stays unlinked.`);
        }
        if (signIns.get(state.signIn) === true) {
          signIns.delete(state.signIn);
          return text(`Your ${state.service} account is connected.`);
        }
        // Accepted (or a retry of the waiting round), but the sign-in page is not finished yet:
        // the same state again and nothing to ask, until it is ("still waiting").
        return inputRequired({ requestState: state.raw });
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
        arrived('long_task', ctx);
        const state = stateOf('long_task', ctx);
        const signal = (ctx as unknown as { mcpReq: { signal: AbortSignal } }).mcpReq.signal;
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

    server.registerTool(
      'add_contact',
      {
        title: 'Add a contact',
        description:
          'Adds a contact; asks with a form outside the flat subset (a nested address, a pattern).',
        inputSchema: z.object({}),
      },
      async (_args, ctx) => {
        arrived('add_contact', ctx);
        const state = stateOf('add_contact', ctx);
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'contact');
        if (state === undefined || answer.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              contact: {
                method: 'elicitation/create',
                params: {
                  mode: 'form',
                  message: 'Who should I add? Give their name and postal address.',
                  requestedSchema: CONTACT_SCHEMA,
                },
              } as InputRequest,
            },
            requestState: await codec.mint({ tool: 'add_contact' }),
          });
        }
        if (answer.action === 'decline') return text('No contact added: you declined.');
        if (answer.action === 'cancel') return text('No contact added.');
        return text('Contact added.');
      },
    );

    server.registerTool(
      'quarterly_report',
      {
        title: 'Prepare the quarterly report',
        description: 'Runs as a task (Tasks extension): asks the format, then who gets it, then finishes.',
        inputSchema: z.object({ quarter: z.string().default('Q3') }),
      },
      async ({ quarter }, ctx) => {
        arrived('quarterly_report', ctx);
        const envelope = (ctx as unknown as { mcpReq: { envelope?: Record<string, unknown> } }).mcpReq
          .envelope;
        const declared = envelope?.['io.modelcontextprotocol/clientCapabilities'] as
          | { extensions?: Record<string, unknown> }
          | undefined;
        if (declared?.extensions?.[TASKS_EXTENSION] === undefined) {
          throw new ProtocolError(
            ProtocolErrorCode.MissingRequiredClientCapability,
            `quarterly_report runs as a task: declare the ${TASKS_EXTENSION} extension`,
            { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
          );
        }
        const task = startReportTask(quarter);
        // A CreateTaskResult: the SDK passes it through as the tool's answer.
        return {
          resultType: 'task',
          taskId: task.taskId,
          status: task.status,
          statusMessage: task.statusMessage,
          pollIntervalMs: 500,
          ttlMs: null,
          createdAt: task.createdAt,
          lastUpdatedAt: task.lastUpdatedAt,
        } as never;
      },
    );

    // The Tasks extension's methods, in its V2 shapes; the SDK 2.4 server has no Tasks runtime.
    const byId = z.object({ taskId: z.string() }).passthrough();
    server.server.setRequestHandler('tasks/get', { params: byId }, async ({ taskId }) =>
      taskResult(findTask(taskId)),
    );
    server.server.setRequestHandler('tasks/update', { params: byId }, async ({ taskId }, ctx) => {
      // The SDK lifts `inputResponses` out of the params into the context.
      const responses = ctx.mcpReq.inputResponses ?? {};
      arrivals.push({
        method: 'tasks/update',
        tool: 'quarterly_report',
        taskId,
        inputResponses: responses,
        at: Date.now(),
      });
      const task = findTask(taskId);
      if (task.status !== 'input_required') {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} is not waiting for input`);
      }
      answerTask(task, responses);
      return {};
    });
    server.server.setRequestHandler('tasks/cancel', { params: byId }, async ({ taskId }) => {
      arrivals.push({ method: 'tasks/cancel', tool: 'quarterly_report', taskId, at: Date.now() });
      const task = findTask(taskId);
      clearTimeout(task.timer);
      if (task.status === 'working' || task.status === 'input_required') {
        touch(task, { status: 'cancelled', statusMessage: 'Stopped.', inputRequests: {} });
      }
      return {};
    });

    return server;
  }

  const handler = createMcpHandler(factory, { legacy: 'reject' });
  return {
    handler,
    arrivals,
    finishSignIn(signIn) {
      if (!signIns.has(signIn)) return false;
      signIns.set(signIn, true);
      return true;
    },
    knowsSignIn: (signIn) => signIns.has(signIn),
    async close() {
      for (const task of tasks.values()) clearTimeout(task.timer);
      await handler.close();
    },
  };
}
