/**
 * The chat demo's server half: the conversations, the assistant, and the MCP client that makes
 * every tool call, as a real chat app runs them. The browser never talks MCP. It reads the
 * conversation, follows it with server-sent events, and answers each tool call's rounds over a
 * small REST API that `createHttpSource` speaks:
 *
 * - `GET  /api/status`: whether the MCP client is connected (and on which MCP revision);
 * - `GET  /api/conversations/:id`, `GET /api/conversations/:id/events` (SSE),
 *   `POST /api/conversations/:id/messages`: the conversation;
 * - `GET  /api/calls/:id`: a tool call's state as an `HttpTaskStateBody` (`status`,
 *   `suspendedAt` and `inputRequests` while a round is open, `answeredKey`, `result`, …);
 * - `POST /api/calls/:id/resume`: the answers of the open round, `{ inputResponses, roundId,
 *   suspendedAt }`, under an `Idempotency-Key`: a repeated key gets the first outcome back and
 *   never reaches the MCP server twice; an answer to a round that is no longer open gets 409;
 * - `POST /api/calls/:id/cancel`: stops a task, or a wait for a sign-in;
 * - `GET  /api/debug/received` (only with `CHAT_DEMO_DEBUG=1`, for the end-to-end tests): every
 *   answer that reached this layer and everything that reached the MCP server.
 *
 * Each call's rounds are held by the library's own adapters, on this server:
 * `createMcpRetrySource` for MRTR tools and `createMcpToolSource` for the tool that runs as a
 * task. Everything is kept in memory.
 */
import { randomUUID } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  type InputRequestSource,
  type InputRequestState,
  isStaleRoundError,
  type Suspension,
} from '../../../src/core/index.ts';
import type { HttpTaskStateBody } from '../../../src/index.ts';
import {
  clientCapabilitiesFor,
  createMcpRetrySource,
  createMcpToolSource,
  type McpCallClient,
} from '../../../src/mcp/index.ts';
import { ACTIONS, actionFor, HELP, type ToolAction, type ToolName } from '../shared/actions.ts';
import type {
  ChatMessage,
  ConversationSnapshot,
  NewMessage,
  ServerStatus,
  ToolMessage,
} from '../shared/api.ts';
import type { McpArrival } from './demo-server.ts';

export const SERVER_NAME = 'Demo server';

/** What the page shows while the server waits for a sign-in to finish in another tab. */
const WAITING_NOTE = 'Waiting for you to finish signing in… Press Finish on the sign-in page.';
/** Retries of a round that asks nothing (a wait): 0.5 s, 1 s, then every 2 s, for 10 minutes at most. */
const WAIT_FIRST_MS = 500;
const WAIT_MAX_MS = 2000;
const WAIT_LIMIT_MS = 10 * 60_000;
/** How long one MCP request of a call may take. */
const MCP_TIMEOUT_MS = 60_000;

export interface ChatServerOptions {
  /** The MCP endpoint the assistant's client connects to (this same process, over HTTP). */
  mcpUrl: () => string;
  /** Serve `GET /api/debug/received` (end-to-end tests only). */
  debug?: boolean;
  /** What reached the MCP server (for the debug endpoint). */
  mcpArrivals?: () => readonly McpArrival[];
}

/** One answer as it reached `POST /api/calls/:id/resume` (debug endpoint). */
export interface ReceivedAnswer {
  callId: string;
  tool: ToolName;
  idempotencyKey: string | null;
  roundId: unknown;
  suspendedAt: unknown;
  inputResponses: unknown;
  /** The HTTP status it was answered with. */
  status: number;
  /** True when the key had been seen: the first outcome was sent again, nothing else happened. */
  replayed: boolean;
}

interface Outcome {
  status: number;
  body: unknown;
}

interface Conversation {
  id: string;
  version: number;
  messages: ChatMessage[];
  /** Client-made message ids already taken (a repeated POST adds nothing). */
  taken: Set<string>;
  listeners: Set<() => void>;
}

/** The round a call waits on, as the page reads it. */
interface OpenRound {
  suspension: Suspension;
  /** The round's identity on this API (`<call id>@<suspendedAt>` on the page). */
  suspendedAt: string;
  /** The round's requests exactly as the MCP server sent them. */
  inputRequests: Record<string, unknown>;
}

interface Call {
  id: string;
  action: ToolAction;
  conversation: Conversation;
  message: ToolMessage;
  /** The library's source for the call; set once the MCP client is connected. */
  source?: InputRequestSource;
  /** Whether the tool runs as a task (polled with `tasks/get` while it works). */
  task: boolean;
  /** The last raw MCP result (`tools/call` or `tasks/get`): the wire the rounds are served from. */
  wire?: unknown;
  state: InputRequestState;
  round?: OpenRound;
  /** An answer is on its way to the MCP server. */
  answering: boolean;
  /** The idempotency key of the answer that closed the last round. */
  answeredKey?: string;
  outcomes: Map<string, Promise<Outcome>>;
  /** A round that asks nothing: the server waits for something done elsewhere (a sign-in). */
  waiting?: { since: number; attempts: number; timer?: ReturnType<typeof setTimeout> };
  pollTimer?: ReturnType<typeof setTimeout>;
  refreshing?: Promise<void>;
  ended: boolean;
  /** What the pages last saw of the call (a change of anything else is not worth a push). */
  shown?: string;
}

export interface ChatServer {
  /** Serves every `/api/*` request. */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export function createChatServer(options: ChatServerOptions): ChatServer {
  const conversations = new Map<string, Conversation>();
  // Conversations live in memory: a restart starts them all again, and a page tells by this.
  const run = randomUUID();
  const calls = new Map<string, Call>();
  const received: ReceivedAnswer[] = [];
  let lastStamp = 0;
  let closed = false;

  // ── The MCP client (one for the whole server; each call makes its own requests on it) ──
  let connecting: Promise<Client> | undefined;
  function connect(): Promise<Client> {
    if (connecting === undefined) {
      const client = new Client(
        { name: 'chat-demo-assistant', version: '1.0.0' },
        {
          // What the page renders: forms and links, in the card. Not the Tasks extension: the
          // plain calls must not invite a task; the call that may run as one declares it itself.
          capabilities: clientCapabilitiesFor({ url: true }),
          versionNegotiation: { mode: { pin: '2026-07-28' } },
          inputRequired: { autoFulfill: false }, // the person answers, through the cards
        },
      );
      const attempt = client
        .connect(new StreamableHTTPClientTransport(new URL(options.mcpUrl())))
        .then(() => client);
      connecting = attempt;
      attempt.catch(() => {
        if (connecting === attempt) connecting = undefined;
      });
    }
    return connecting;
  }

  /**
   * The client as one call's source sees it: the same connection, but it keeps the last raw
   * result of the call, so each round is served to the page exactly as the MCP server sent it
   * (the library's parsed round keeps only what the card needs).
   */
  function recordingClient(client: Client, call: Call): McpCallClient {
    // Bound once: the adapters call `request` as a plain function.
    const request = client.request.bind(client) as unknown as McpCallClient['request'];
    return {
      request: async (message, schema, requestOptions) => {
        const result = await request(message, schema, requestOptions);
        if (message.method === 'tools/call' || message.method === 'tasks/get') call.wire = result;
        return result;
      },
      get transport() {
        return client.transport as McpCallClient['transport'];
      },
      getNegotiatedProtocolVersion: () => client.getNegotiatedProtocolVersion(),
      notification: (notification) => client.notification(notification as never),
    };
  }

  // ── Conversations ──
  function conversationOf(id: string): Conversation {
    let conversation = conversations.get(id);
    if (conversation === undefined) {
      conversation = { id, version: 0, messages: [], taken: new Set(), listeners: new Set() };
      conversations.set(id, conversation);
    }
    return conversation;
  }

  function snapshot(conversation: Conversation): ConversationSnapshot {
    return { id: conversation.id, run, version: conversation.version, messages: conversation.messages };
  }

  function changed(conversation: Conversation) {
    conversation.version += 1;
    for (const listener of conversation.listeners) listener();
  }

  async function addMessage(conversation: Conversation, said: NewMessage): Promise<void> {
    if (conversation.taken.has(said.id)) return;
    conversation.taken.add(said.id);
    conversation.messages.push({ id: said.id, from: 'user', kind: 'text', text: said.text });
    const action =
      said.tool === undefined
        ? actionFor(said.text)
        : ACTIONS.find((candidate) => candidate.tool === said.tool);
    if (action === undefined) {
      conversation.messages.push({ id: `${said.id}-reply`, from: 'assistant', kind: 'text', text: HELP });
      changed(conversation);
      return;
    }
    const callId = randomUUID();
    const message: ToolMessage = {
      id: `${said.id}-reply`,
      from: 'assistant',
      kind: 'tool',
      tool: action.tool,
      intro: action.intro,
      callId,
      status: 'working',
      version: 0,
      stoppable: false,
    };
    conversation.messages.push(message);
    changed(conversation);
    void startCall(callId, action, conversation, message);
  }

  // ── Tool calls ──
  async function startCall(id: string, action: ToolAction, conversation: Conversation, message: ToolMessage) {
    const call: Call = {
      id,
      action,
      conversation,
      message,
      task: action.tool === 'quarterly_report',
      state: { status: 'working' },
      answering: false,
      outcomes: new Map(),
      ended: false,
    };
    calls.set(id, call);
    let client: Client;
    try {
      client = await connect();
    } catch (error) {
      apply(call, { status: 'failed', error: `The Demo server could not be reached: ${textOf(error)}` });
      return;
    }
    const mcp = recordingClient(client, call);
    call.source = call.task
      ? createMcpToolSource({
          client: mcp,
          name: action.tool,
          arguments: action.arguments,
          callId: id,
          serverName: SERVER_NAME,
          // Declared per request: forms and links in the card, and the Tasks extension.
          capabilities: clientCapabilitiesFor({ url: true }),
          timeout: MCP_TIMEOUT_MS,
        })
      : createMcpRetrySource({
          client: mcp,
          request: { method: 'tools/call', params: { name: action.tool, arguments: action.arguments } },
          callId: id,
          serverName: SERVER_NAME,
          timeout: MCP_TIMEOUT_MS,
        });
    await refresh(call);
  }

  /** Reads the call's state from its source (the first read makes the `tools/call`). */
  function refresh(call: Call): Promise<void> {
    const source = call.source;
    if (source === undefined) return Promise.resolve();
    call.refreshing ??= source
      .fetchState(AbortSignal.timeout(MCP_TIMEOUT_MS))
      .then(
        (state) => apply(call, state),
        (error: unknown) => {
          // A poll that failed: try again later; the call itself is not lost.
          if (call.task) schedulePoll(call, 2000);
          else apply(call, { status: 'failed', error: textOf(error) });
        },
      )
      .finally(() => {
        call.refreshing = undefined;
      });
    return call.refreshing;
  }

  function schedulePoll(call: Call, ms: number) {
    clearTimeout(call.pollTimer);
    if (call.ended || closed) return;
    call.pollTimer = setTimeout(() => void refresh(call), ms);
  }

  /** Takes a state the source reached: a new round, a wait, progress, or the end. */
  function apply(call: Call, state: InputRequestState) {
    if (call.ended) return;
    call.state = state;
    const suspension = state.status === 'input-required' ? state.suspension : undefined;
    if (suspension !== undefined && suspension.requests.length === 0) {
      // A round that asks nothing (same requestState, no requests): the MCP server is still
      // waiting for something done elsewhere. The person has nothing to answer, so this server
      // retries it, backing off, until the tool moves on.
      call.round = undefined;
      wait(call, suspension);
    } else if (suspension !== undefined) {
      if (call.waiting) stopWaiting(call);
      if (call.round?.suspension.id !== suspension.id) {
        call.round = { suspension, suspendedAt: stamp(), inputRequests: wireRequests(call, suspension) };
      }
    } else {
      call.round = undefined;
      if (call.waiting) stopWaiting(call);
      if (state.status === 'working' && call.task) schedulePoll(call, state.pollIntervalMs ?? 1000);
      if (state.status === 'completed' || state.status === 'failed' || state.status === 'cancelled') {
        call.ended = true;
        clearTimeout(call.pollTimer);
      }
    }
    show(call);
  }

  function wait(call: Call, suspension: Suspension) {
    const waiting = call.waiting ?? { since: Date.now(), attempts: 0 };
    call.waiting = waiting;
    if (Date.now() - waiting.since > WAIT_LIMIT_MS) {
      apply(call, { status: 'failed', error: 'Stopped waiting for the sign-in after 10 minutes.' });
      return;
    }
    const delay = Math.min(WAIT_FIRST_MS * 2 ** waiting.attempts, WAIT_MAX_MS);
    waiting.attempts += 1;
    clearTimeout(waiting.timer);
    waiting.timer = setTimeout(() => {
      if (call.ended || call.waiting !== waiting || closed || call.source === undefined) return;
      call.source.resume({}, { suspension, signal: AbortSignal.timeout(MCP_TIMEOUT_MS) }).then(
        (next) => {
          if (call.waiting !== waiting) return;
          if (next) apply(call, next);
          else void refresh(call);
        },
        (error: unknown) => {
          if (call.waiting !== waiting) return;
          if (isStaleRoundError(error)) {
            apply(call, { status: 'failed', error: 'The sign-in expired. Ask again to start over.' });
          } else {
            wait(call, suspension);
          }
        },
      );
    }, delay);
  }

  function stopWaiting(call: Call) {
    clearTimeout(call.waiting?.timer);
    call.waiting = undefined;
  }

  /** Round identities on this API: timestamps, strictly increasing, so a re-ask is a new round. */
  function stamp(): string {
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    return new Date(lastStamp).toISOString();
  }

  /** The open round's requests, from the raw result; a request not found there is rebuilt. */
  function wireRequests(call: Call, suspension: Suspension): Record<string, unknown> {
    const wire = call.wire as { inputRequests?: Record<string, unknown> } | undefined;
    const requests: Record<string, unknown> = {};
    for (const request of suspension.requests) {
      const raw = wire?.inputRequests?.[request.key];
      if (raw !== undefined) requests[request.key] = raw;
      else if (request.kind === 'form')
        requests[request.key] = {
          method: 'elicitation/create',
          params: { mode: 'form', message: request.message, requestedSchema: request.requestedSchema },
        };
      else if (request.kind === 'url')
        requests[request.key] = {
          method: 'elicitation/create',
          params: { mode: 'url', message: request.message, url: request.url },
        };
    }
    return requests;
  }

  /** The call as the conversation shows it; every change reaches the pages at once. */
  function show(call: Call) {
    const { message, state } = call;
    message.status =
      call.answering || call.waiting ? 'working' : call.round ? 'input-required' : state.status;
    message.stoppable = !call.ended && (call.waiting !== undefined || call.source?.cancel !== undefined);
    if (state.status === 'completed') message.result = resultOf(state.result);
    if (state.status === 'failed') message.error = state.error ?? 'The tool failed.';
    // A task polled every half second mostly reads the same: push only what changed.
    const { version: _version, ...visible } = message;
    const shown = JSON.stringify([visible, stateBody(call)]);
    if (shown === call.shown) return;
    call.shown = shown;
    message.version += 1;
    changed(call.conversation);
  }

  /** The call's state as `createHttpSource` reads it (`HttpTaskStateBody`). */
  function stateBody(call: Call): HttpTaskStateBody {
    const base = {
      id: call.id,
      serverName: SERVER_NAME,
      toolName: call.action.tool,
      ...(call.answeredKey === undefined ? {} : { answeredKey: call.answeredKey }),
    };
    const { state } = call;
    if (call.answering) return { ...base, status: 'working', message: 'Working on your answer…' };
    if (call.round) {
      return {
        ...base,
        status: 'input_required',
        suspendedAt: call.round.suspendedAt,
        inputRequests: call.round.inputRequests,
      };
    }
    if (call.waiting)
      return { ...base, status: 'working', message: WAITING_NOTE, pollIntervalMs: WAIT_MAX_MS };
    switch (state.status) {
      case 'completed':
        return { ...base, status: 'completed', result: state.result };
      case 'failed':
        return { ...base, status: 'failed', error: state.error ?? 'The tool failed.' };
      case 'cancelled':
        return { ...base, status: 'cancelled' };
      default:
        return {
          ...base,
          status: 'working',
          ...(state.message === undefined ? {} : { message: state.message }),
          ...(state.pollIntervalMs === undefined ? {} : { pollIntervalMs: state.pollIntervalMs }),
        };
    }
  }

  /** Sends the answers of the open round to the MCP server, once. */
  async function answer(
    call: Call,
    round: OpenRound,
    inputResponses: Record<string, unknown>,
    key: string | undefined,
  ): Promise<Outcome> {
    const source = call.source;
    if (source === undefined) return { status: 409, body: { error: 'This call has not started yet.' } };
    // From here the round is closed by this answer: every reading says so (`answeredKey`), so a
    // page whose response is lost learns that its own answer arrived.
    const previousKey = call.answeredKey;
    call.answering = true;
    if (key !== undefined) call.answeredKey = key;
    show(call);
    try {
      const next = await source.resume(inputResponses as never, {
        suspension: round.suspension,
        signal: AbortSignal.timeout(MCP_TIMEOUT_MS),
        ...(key === undefined ? {} : { idempotencyKey: key }),
      });
      call.answering = false;
      call.round = undefined;
      if (next) apply(call, next);
      else await refresh(call); // tasks/update answers nothing: read the task now
      return { status: 200, body: stateBody(call) };
    } catch (error) {
      call.answering = false;
      call.answeredKey = previousKey;
      if (isStaleRoundError(error)) {
        call.round = undefined;
        apply(call, { status: 'failed', error: 'The server no longer accepts answers to this request.' });
        return { status: 409, body: { error: textOf(error) } };
      }
      // The round stays open (the MCP source keeps it for another try).
      show(call);
      return { status: 502, body: { error: `The Demo server did not take the answer: ${textOf(error)}` } };
    }
  }

  async function resume(call: Call, request: Request): Promise<Response> {
    const key = request.headers.get('idempotency-key') ?? undefined;
    let body: { inputResponses?: unknown; roundId?: unknown; suspendedAt?: unknown };
    try {
      body = (await request.json()) as typeof body;
    } catch {
      return json(400, { error: 'Send JSON: { inputResponses, roundId, suspendedAt }.' });
    }
    const inputResponses = body?.inputResponses;
    if (typeof inputResponses !== 'object' || inputResponses === null || Array.isArray(inputResponses)) {
      return json(400, { error: '"inputResponses" must be an object.' });
    }
    const record = (outcome: Outcome, replayed: boolean) =>
      received.push({
        callId: call.id,
        tool: call.action.tool,
        idempotencyKey: key ?? null,
        roundId: body.roundId,
        suspendedAt: body.suspendedAt,
        inputResponses,
        status: outcome.status,
        replayed,
      });

    const first = key === undefined ? undefined : call.outcomes.get(key);
    if (first !== undefined) {
      // The same answer again (a retry after a lost response, a reload mid-send): the first
      // outcome, and nothing reaches the MCP server.
      const outcome = await first;
      record(outcome, true);
      return json(outcome.status, outcome.body);
    }
    const round = call.round;
    let pending: Promise<Outcome>;
    if (round === undefined || call.answering || body.suspendedAt !== round.suspendedAt) {
      pending = Promise.resolve({
        status: 409,
        body: { error: 'This request is closed: it was answered, or replaced by a newer one.' },
      });
    } else {
      pending = answer(call, round, inputResponses as Record<string, unknown>, key);
    }
    if (key !== undefined) call.outcomes.set(key, pending);
    const outcome = await pending;
    // A failure before the MCP server took the answer may be tried again under the same key.
    if (key !== undefined && outcome.status >= 500) call.outcomes.delete(key);
    record(outcome, false);
    return json(outcome.status, outcome.body);
  }

  async function stop(call: Call): Promise<Response> {
    if (call.ended) return json(409, { error: 'This call has already ended.' });
    if (call.waiting) {
      stopWaiting(call);
      // MRTR has nothing to cancel on the wire: a client that stops retrying has left the call.
      apply(call, { status: 'cancelled' });
      return new Response(null, { status: 204 });
    }
    const cancel = call.source?.cancel;
    if (cancel === undefined) return json(409, { error: 'This call cannot be stopped.' });
    try {
      await cancel(AbortSignal.timeout(MCP_TIMEOUT_MS));
    } catch (error) {
      return json(502, { error: `The Demo server did not stop the task: ${textOf(error)}` });
    }
    await refresh(call);
    return new Response(null, { status: 204 });
  }

  function events(conversation: Conversation, request: Request): Response {
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (chunk: string) => {
          try {
            controller.enqueue(encoder.encode(chunk));
          } catch {
            cleanup();
          }
        };
        const send = () => write(`data: ${JSON.stringify(snapshot(conversation))}\n\n`);
        const ping = setInterval(() => write(': ping\n\n'), 15_000);
        conversation.listeners.add(send);
        cleanup = () => {
          clearInterval(ping);
          conversation.listeners.delete(send);
        };
        request.signal.addEventListener('abort', () => {
          cleanup();
          try {
            controller.close();
          } catch {
            // already closed
          }
        });
        send();
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(stream, {
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
    });
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [api, kind, id, action] = parts;
    if (api !== 'api') return json(404, { error: 'Not found.' });
    const method = request.method;

    if (kind === 'status' && method === 'GET') {
      try {
        const client = await connect();
        return json(200, {
          status: 'ready',
          protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
        } satisfies ServerStatus);
      } catch (error) {
        return json(200, { status: 'error', error: textOf(error) } satisfies ServerStatus);
      }
    }

    if (kind === 'conversations' && id !== undefined && validId(id)) {
      const conversation = conversationOf(id);
      if (action === undefined && method === 'GET') return json(200, snapshot(conversation));
      if (action === 'events' && method === 'GET') return events(conversation, request);
      if (action === 'messages' && method === 'POST') {
        const said = (await request.json().catch(() => undefined)) as Partial<NewMessage> | undefined;
        if (typeof said?.id !== 'string' || !validId(said.id) || typeof said.text !== 'string') {
          return json(400, { error: 'Send JSON: { id, text, tool? }.' });
        }
        const text = said.text.trim().slice(0, 2000);
        if (text === '') return json(400, { error: '"text" is empty.' });
        const tool = ACTIONS.find((candidate) => candidate.tool === said.tool)?.tool;
        await addMessage(conversation, { id: said.id, text, ...(tool === undefined ? {} : { tool }) });
        return json(200, snapshot(conversation));
      }
    }

    if (kind === 'calls' && id !== undefined) {
      const call = calls.get(id);
      if (call === undefined) return json(404, { error: `No tool call "${id}".` });
      if (action === undefined && method === 'GET') return json(200, stateBody(call));
      if (action === 'resume' && method === 'POST') return resume(call, request);
      if (action === 'cancel' && method === 'POST') return stop(call);
    }

    if (kind === 'debug' && id === 'received' && method === 'GET' && options.debug) {
      return json(200, { answers: received, mcp: options.mcpArrivals?.() ?? [] });
    }
    return json(404, { error: 'Not found.' });
  }

  return {
    fetch: route,
    async close() {
      closed = true;
      for (const call of calls.values()) {
        clearTimeout(call.pollTimer);
        clearTimeout(call.waiting?.timer);
      }
      const client = await connecting?.catch(() => undefined);
      await client?.close();
    },
  };
}

/** The text blocks of a `tools/call` result, joined (server text, shown as text only). */
function resultOf(result: unknown): { text: string; isError: boolean } {
  const record = (typeof result === 'object' && result !== null ? result : {}) as {
    content?: unknown;
    isError?: unknown;
  };
  const blocks = Array.isArray(record.content) ? record.content : [];
  const texts = blocks
    .filter(
      (block): block is { type: 'text'; text: string } =>
        typeof block === 'object' &&
        block !== null &&
        block.type === 'text' &&
        typeof block.text === 'string',
    )
    .map((block) => block.text);
  return {
    text: texts.length > 0 ? texts.join('\n') : 'The tool finished without a message.',
    isError: record.isError === true,
  };
}

function validId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,80}$/.test(id);
}

function textOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}
