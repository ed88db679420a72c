/**
 * The server half of the AI SDK bridge: an `onElicitationRequest` handler that shows each MCP
 * `elicitation/create` request in the chat as a `data-input-request` part and waits for the
 * person's answer, which arrives through the answer route (`handleAnswer`).
 *
 * Framework-free and structurally typed: it never imports `ai` or `@ai-sdk/mcp`.
 */
import { describeValue } from '../core/json.js';
import { misuseError } from '../core/misuse.js';
import type { ElicitResult, Suspension } from '../core/model.js';
import { type AnswerChecker, validateAnswer } from '../core/validate.js';
import {
  type AnswerSummary,
  type BridgeOutcome,
  INPUT_REQUEST_PART_TYPE,
  type InputRequestPartData,
  OUTCOME_META_KEY,
  type SecretRule,
  summarizeAnswer,
  suspensionOfPart,
} from './part.js';
import { type AuthorizeAnswer, handleAnswerRequest } from './route.js';
import { createMemoryAnswerStore, type PendingAnswerStore } from './store.js';

/** The chunk the bridge writes to the UI message stream (a data part, updated in place by `id`). */
export interface InputRequestChunk {
  type: typeof INPUT_REQUEST_PART_TYPE;
  id: string;
  data: InputRequestPartData;
}

/** Where the bridge writes its parts: the `writer` of `createUIMessageStream({ execute })`. */
export interface InputRequestWriter {
  write(chunk: InputRequestChunk): void;
}

/** The `elicitation/create` request as the AI SDK MCP client hands it to its handler. */
export interface BridgeElicitationRequest {
  method?: string;
  params: Record<string, unknown>;
}

/** What the handler answers the MCP server with: an `ElicitResult`, with `_meta` saying why when nobody answered. */
export type BridgeElicitResult = ElicitResult & { _meta?: Record<string, unknown> };

/** Options of {@link createInputRequestBridge}. */
export interface InputRequestBridgeOptions {
  /** Where requests wait for answers. @default createMemoryAnswerStore() (one process) */
  store?: PendingAnswerStore;
  /**
   * How long a request waits for the person before the bridge answers the server itself: 1 to
   * 2147483647 ms (the longest `setTimeout` waits); anything else throws a `TypeError` here.
   * @default 600000 (10 minutes)
   */
  timeoutMs?: number;
  /** What the server is told when nobody answered in time. @default 'cancel' */
  timeoutAction?: 'cancel' | 'decline';
  /** Which fields never show their values in the answered part, besides those flagged secret. @default looksSecret */
  isSecret?: SecretRule;
  /**
   * Checks accepted answers against the request's schema in the route. It only ever sees a schema
   * of the flat subset the card can show: an `accept` for any other request is refused
   * (`unsupported-request`) before it runs, and a checker that throws makes the route answer 500
   * `checker-failed`. @default validateAnswer
   */
  checker?: AnswerChecker;
  /** Whether the sender of an answer may answer in that chat (e.g. owns it). Without it, knowing both ids is enough. */
  authorize?: AuthorizeAnswer;
  /** The largest answer body the route reads. @default 65536 */
  maxBodyBytes?: number;
  /**
   * Ids of new requests. They must never repeat, across every instance that shares the store: a
   * request under an id that still waits is not asked (the store refuses it). @default crypto.randomUUID
   */
  generateId?: () => string;
}

/** Options of {@link InputRequestBridge.forChat}. */
export interface ChatInputRequestOptions {
  /** The chat's id (`useChat`'s `id`, sent with every request): answers must name it. */
  chatId: string;
  /** The UI message stream writer (`createUIMessageStream({ execute: ({ writer }) => … })`). */
  writer: InputRequestWriter;
  /** Who asks, shown as the card's heading (e.g. `mcpClient.serverInfo.name`). */
  serverName?: string;
  /** The tool that asks, when only one can; otherwise tools wrapped with `tools()` name themselves. */
  toolName?: string;
  /** Aborts when the chat request ends (`request.signal`): waiting requests then answer `cancel`. */
  signal?: AbortSignal;
  /** How long this chat's requests wait, instead of the bridge's `timeoutMs` (1 to 2147483647 ms, else `forChat` throws). */
  timeoutMs?: number;
}

/** One chat's side of the bridge: the handler for the MCP client, and tool wrapping. */
export interface ChatInputRequests {
  /**
   * The handler for `mcpClient.onElicitationRequest(ElicitationRequestSchema, handler)`: shows the
   * request in the chat, waits for the answer, and resolves with it — or with a stated `cancel`
   * (or `decline`) when the time runs out or the chat ends.
   */
  onElicitationRequest: (request: BridgeElicitationRequest) => Promise<BridgeElicitResult>;
  /**
   * Wraps a tool set (e.g. `await mcpClient.tools()`) so a request names the tool (and its
   * `title`, when it has one) and the tool call that asked, and ends when that call is aborted.
   * Returns a tool set of the same type.
   */
  tools: <TOOLS extends Record<string, unknown>>(tools: TOOLS) => TOOLS;
}

/** The bridge between AI SDK chats and the people who answer their MCP servers' questions. */
export interface InputRequestBridge {
  /** The chat-scoped handler and tool wrapper, for one `POST /api/chat` request. */
  forChat(options: ChatInputRequestOptions): ChatInputRequests;
  /**
   * The answer route (Fetch API): `POST { chatId, requestId, response }`. Answers `200
   * { status: 'delivered' }`, or a 4xx `{ error: { code, message } }` (see `AnswerErrorCode`), or
   * a 500 `checker-failed` one when the answer checker threw.
   */
  handleAnswer(request: Request): Promise<Response>;
  /** The store requests wait in. */
  readonly store: PendingAnswerStore;
}

/**
 * The longest delay `setTimeout` keeps (2^31 - 1 ms, about 24.8 days). Node fires a longer one
 * after 1 ms, so a 30-day limit would time every request out at once.
 */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Refuses a time limit the timer cannot keep: not a number, NaN, Infinity (which also breaks
 * `expiresAt`'s toISOString), zero or less, or past {@link MAX_TIMEOUT_MS}. Thrown where the
 * option is passed, so the mistake shows there, not as a request that times out at once later.
 */
function checkTimeoutMs(where: string, value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 1 && value <= MAX_TIMEOUT_MS) {
    return value;
  }
  throw misuseError(
    where,
    `a number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (about 24.8 days, the longest setTimeout waits), or no timeoutMs for the default`,
    `it is ${describeValue(value)}`,
  );
}

interface ActiveCall {
  toolName: string;
  /** The tool's title (`await mcpClient.tools()` carries the MCP tool's `title`). */
  toolTitle?: string;
  toolCallId?: string;
  signal?: AbortSignal;
}

/**
 * Creates the bridge: one per server process, shared by every chat request and the answer route.
 *
 * @example
 * ```ts
 * const bridge = createInputRequestBridge({ timeoutMs: 5 * 60_000 });
 *
 * // POST /api/chat
 * const stream = createUIMessageStream({
 *   originalMessages: messages,
 *   execute: async ({ writer }) => {
 *     const mcp = await createMCPClient({ transport, capabilities: { elicitation: {} } });
 *     const asks = bridge.forChat({ chatId, writer, serverName: 'Calendar', signal: request.signal });
 *     mcp.onElicitationRequest(ElicitationRequestSchema, asks.onElicitationRequest);
 *     const result = streamText({ model, tools: asks.tools(await mcp.tools()), messages: … });
 *     writer.merge(result.toUIMessageStream());
 *   },
 * });
 *
 * // POST /api/input-requests
 * export const POST = (request: Request) => bridge.handleAnswer(request);
 * ```
 */
export function createInputRequestBridge(options: InputRequestBridgeOptions = {}): InputRequestBridge {
  const store = options.store ?? createMemoryAnswerStore();
  const timeoutMs =
    options.timeoutMs === undefined
      ? 600_000
      : checkTimeoutMs('createInputRequestBridge({ timeoutMs })', options.timeoutMs);
  const timeoutAction = options.timeoutAction ?? 'cancel';
  const generateId = options.generateId ?? (() => crypto.randomUUID());
  const checker = options.checker ?? validateAnswer;
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;

  function forChat(chat: ChatInputRequestOptions): ChatInputRequests {
    const limit =
      chat.timeoutMs === undefined
        ? timeoutMs
        : checkTimeoutMs('bridge.forChat({ timeoutMs })', chat.timeoutMs);
    const active: ActiveCall[] = [];

    const write = (data: InputRequestPartData) => {
      try {
        chat.writer.write({ type: INPUT_REQUEST_PART_TYPE, id: data.requestId, data });
      } catch {
        // The stream already closed (the chat ended): the store and the server still get the outcome.
      }
    };

    async function onElicitationRequest(request: BridgeElicitationRequest): Promise<BridgeElicitResult> {
      // With several tool calls running at once, nothing says which one asked: name none then.
      const call = active.length === 1 ? active[0] : undefined;
      const toolName = call?.toolName ?? chat.toolName;
      const createdAt = Date.now();
      const data: InputRequestPartData = {
        requestId: generateId(),
        chatId: chat.chatId,
        ...(chat.serverName === undefined ? {} : { serverName: chat.serverName }),
        ...(toolName === undefined ? {} : { toolName }),
        ...(call?.toolTitle === undefined ? {} : { toolTitle: call.toolTitle }),
        ...(call?.toolCallId === undefined ? {} : { toolCallId: call.toolCallId }),
        request: { method: 'elicitation/create', params: request.params },
        status: 'pending',
        createdAt: new Date(createdAt).toISOString(),
        expiresAt: new Date(createdAt + limit).toISOString(),
      };
      // Never throws: the AI SDK checks only that params hold a message and a requestedSchema of
      // any kind, and keeps every other key. A request the card cannot answer shows as one, with
      // Decline and Cancel, and the server gets what the person chooses (or the stated timeout).
      const suspension = suspensionOfPart(data);
      const signals = [chat.signal, call?.signal].filter((signal) => signal !== undefined);

      if (signals.some((signal) => signal.aborted)) return end(data, { action: 'cancel', reason: 'aborted' });

      const pending = await store.open({
        chatId: data.chatId,
        requestId: data.requestId,
        params: request.params,
        expiresAt: createdAt + limit,
      });
      write(data);

      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort: (() => void) | undefined;
      try {
        const outcome = await Promise.race([
          pending.answer.then((result) => ({ result })),
          new Promise<{ outcome: BridgeOutcome }>((resolve) => {
            timer = setTimeout(
              () => resolve({ outcome: { action: timeoutAction, reason: 'timed-out' } }),
              limit,
            );
          }),
          new Promise<{ outcome: BridgeOutcome }>((resolve) => {
            onAbort = () => resolve({ outcome: { action: 'cancel', reason: 'aborted' } });
            // A signal that aborted while store.open was awaited fired its 'abort' event before
            // this listener existed, and never fires again: without this the server would wait
            // the whole time limit and then be told timed-out.
            if (signals.some((signal) => signal.aborted)) return onAbort();
            for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
        if ('result' in outcome) return answered(data, suspension, outcome.result);
        return end(data, outcome.outcome);
      } finally {
        clearTimeout(timer);
        if (onAbort) for (const signal of signals) signal.removeEventListener('abort', onAbort);
        await pending.close();
      }
    }

    function answered(
      data: InputRequestPartData,
      suspension: Suspension,
      result: ElicitResult,
    ): ElicitResult {
      const answer: AnswerSummary = summarizeAnswer(suspension, result, options.isSecret);
      write({ ...data, status: 'answered', answer });
      return result;
    }

    /** Nobody answered: the card shows why, and the server is told, with the reason in `_meta`. */
    function end(data: InputRequestPartData, outcome: BridgeOutcome): BridgeElicitResult {
      write({ ...data, status: outcome.reason === 'timed-out' ? 'timed-out' : 'cancelled', outcome });
      return { action: outcome.action, _meta: { [OUTCOME_META_KEY]: outcome.reason } };
    }

    function tools<TOOLS extends Record<string, unknown>>(toolSet: TOOLS): TOOLS {
      const wrapped: Record<string, unknown> = {};
      for (const [name, tool] of Object.entries(toolSet)) {
        const execute = (tool as { execute?: unknown } | null)?.execute;
        const title = (tool as { title?: unknown } | null)?.title;
        if (typeof execute !== 'function') {
          wrapped[name] = tool;
          continue;
        }
        wrapped[name] = {
          ...(tool as object),
          execute: async (
            input: unknown,
            executeOptions?: { toolCallId?: string; abortSignal?: AbortSignal },
          ) => {
            const call: ActiveCall = {
              toolName: name,
              ...(typeof title === 'string' ? { toolTitle: title } : {}),
              ...(executeOptions?.toolCallId === undefined ? {} : { toolCallId: executeOptions.toolCallId }),
              ...(executeOptions?.abortSignal === undefined ? {} : { signal: executeOptions.abortSignal }),
            };
            active.push(call);
            try {
              return await execute.call(tool, input, executeOptions);
            } finally {
              active.splice(active.indexOf(call), 1);
            }
          },
        };
      }
      return wrapped as TOOLS;
    }

    return { onElicitationRequest, tools };
  }

  return {
    forChat,
    store,
    handleAnswer: (request) =>
      handleAnswerRequest(request, {
        store,
        checker,
        maxBodyBytes,
        ...(options.authorize ? { authorize: options.authorize } : {}),
      }),
  };
}
