import { describeValue, fingerprint, isPlainObject, own } from '../core/json.js';
import { misuseError } from '../core/misuse.js';
import type { InputResponses, Suspension, SuspensionMeta } from '../core/model.js';
import { parseSuspension } from '../core/parse/index.js';
import {
  type InputRequestSource,
  type InputRequestState,
  readTaskProgress,
  StaleRoundError,
  type TaskStatus,
} from '../core/source.js';

/** Options of {@link createHttpSource}. */
export interface HttpSourceOptions {
  /** Where the task's state is read (`GET`), e.g. `/background-tasks/42`. */
  stateUrl: string | URL;
  /** Where answers are posted (`POST`), e.g. `/background-tasks/42/resume`. */
  resumeUrl: string | URL;
  /**
   * Where a `POST` stops the whole task, e.g. `/background-tasks/42/cancel`. With it, the card
   * offers "Stop task" besides the round's own Cancel. @default none: the task cannot be stopped
   */
  cancelUrl?: string | URL;
  /**
   * Push updates (SSE, websocket): passed on as the source's `subscribe`. Call `onChange` with a
   * new state, or with nothing to have the card read `stateUrl` now.
   */
  subscribe?: InputRequestSource['subscribe'];
  /** The fetch to use (auth wrappers, test doubles). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Extra request headers (e.g. authorization). */
  headers?: HeadersInit;
  /**
   * The task's id, when its body names none (no `taskId`, no `id`): a task addressed by its
   * query (`/api/task?id=42`) or a header. The round id is then made of it as if the body had
   * named it, so two such tasks asking the same questions are never one round.
   * @default the body's `taskId` or `id`; else rounds are told apart by `stateUrl`'s path
   */
  taskId?: string;
  /** Cache key shared by every card of this task. @default ['input-request-cards', 'http', String(stateUrl)] */
  queryKey?: readonly unknown[];
  /** Who asks, when the state does not say. */
  serverName?: string;
  /** The tool that asks (its raw name), when the state does not say. */
  toolName?: string;
  /** The tool's human title, shown before its raw name, when the state does not say. */
  toolTitle?: string;
  /** The language of the server's text (BCP 47, e.g. `de`), when the state does not say. */
  contentLanguage?: string;
  /** Reads a JSON body into a state; the default reads {@link HttpTaskStateBody}. */
  parseState?: (body: unknown) => InputRequestState;
  /** Builds the POST body; the default is `{ inputResponses, roundId, suspendedAt }`. */
  resumeBody?: (responses: InputResponses, suspension: Suspension) => unknown;
  /** How long a POST may take before the card says the send could not be confirmed. @default 30000 */
  resumeTimeoutMs?: number;
}

/**
 * The JSON a task endpoint returns, as the default parser reads it. Field names follow common
 * background-task APIs; pass `parseState` for anything else.
 */
export interface HttpTaskStateBody {
  /** The task id. */
  id?: string;
  taskId?: string;
  /** `working` | `input_required` (or `input-required`, `suspended`) | `completed` | `failed` | `cancelled`. */
  status: string;
  /** When the task suspended: the identity of the round, echoed on resume. */
  suspendedAt?: string;
  /** The round's questions: an MCP `inputRequests` map, or any shape `parseSuspension` reads. */
  inputRequests?: unknown;
  suspension?: unknown;
  serverName?: string;
  toolName?: string;
  /** The tool's human title (MCP `Tool.title`), shown before its raw name. */
  toolTitle?: string;
  /** The language of the round's text (BCP 47, e.g. `ar`): the card marks it with `lang`. */
  contentLanguage?: string;
  /**
   * How far the task has come while it works: `{ progress, total?, message? }` (the words of MCP
   * `notifications/progress`). With `total`, the card shows a determinate bar.
   */
  progress?: { progress: number; total?: number; message?: string };
  /** When the round stops accepting answers (ISO 8601 or epoch ms). */
  deadline?: string | number;
  expiresAt?: string | number;
  result?: unknown;
  error?: string;
  message?: string;
  pollIntervalMs?: number;
  /** The `Idempotency-Key` of the answer that closed the last round, when the backend records it. */
  answeredKey?: string;
}

/** The `status` of a resume's 2xx JSON reply that says it took the answer without a task state. */
const RECEIPT_STATUSES = new Set(['accepted', 'ok', 'received', 'queued', 'success']);

const STATUS_ALIASES: Record<string, TaskStatus> = {
  working: 'working',
  running: 'working',
  pending: 'working',
  input_required: 'input-required',
  'input-required': 'input-required',
  suspended: 'input-required',
  completed: 'completed',
  succeeded: 'completed',
  done: 'completed',
  failed: 'failed',
  error: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

/** What {@link readHttpTaskState} uses where a task's body is silent. */
interface HttpTaskStateDefaults
  extends Pick<SuspensionMeta, 'serverName' | 'toolName' | 'toolTitle' | 'contentLanguage'> {
  /**
   * What tells this task apart from every other when its round names no task id:
   * {@link createHttpSource} passes its `stateUrl`'s path (no origin, query or fragment). Not the
   * `queryKey`, nor a token in the query: either may change with each page load, and the round's
   * id must not, since a reload finds its drafts and what it sent by it; nor the origin, which a
   * server render spells out where the tab does not. Only its fingerprint goes into the round id
   * (which a tab keeps in its storage), never the value.
   */
  task?: unknown;
  /** The task's id where the body names none ({@link HttpSourceOptions.taskId}). */
  taskId?: string;
}

/**
 * Reads a background-task JSON body ({@link HttpTaskStateBody}) into an {@link InputRequestState}.
 * The round id is `<task id>@<suspendedAt>`, so a re-ask is a new round. A body without `taskId`
 * whose round names no task has its round id scoped by `defaults.task`, so two tasks asking the
 * same questions are never one round (answering one would show the other as answered).
 *
 * @throws an `input-request-cards:` error naming the fix when the body has no known `status`.
 */
export function readHttpTaskState(body: unknown, defaults: HttpTaskStateDefaults = {}): InputRequestState {
  if (!isPlainObject(body)) {
    throw new Error(
      'input-request-cards: the task endpoint did not return a JSON object. Return { status, … } or pass parseState.',
    );
  }
  const rawStatus = own(body, 'status');
  const status = typeof rawStatus === 'string' ? STATUS_ALIASES[rawStatus] : undefined;
  if (!status) {
    throw new Error(
      `input-request-cards: the task endpoint returned status ${JSON.stringify(rawStatus)}; expected working, input_required, completed, failed or cancelled (or pass parseState).`,
    );
  }
  const text = (key: string) => {
    const value = own(body, key);
    return typeof value === 'string' ? value : undefined;
  };
  const taskId = text('taskId') ?? text('id') ?? defaults.taskId;
  const suspendedAt = text('suspendedAt');
  const deadline = own(body, 'deadline') ?? own(body, 'expiresAt');
  const pollIntervalMs = own(body, 'pollIntervalMs');
  const answeredKey = text('answeredKey');
  const progress = readTaskProgress(own(body, 'progress'));
  const state: InputRequestState = {
    status,
    ...(text('message') === undefined ? {} : { message: text('message') }),
    ...(text('error') === undefined ? {} : { error: text('error') }),
    ...(Object.hasOwn(body, 'result') ? { result: body.result } : {}),
    ...(typeof deadline === 'string' || typeof deadline === 'number' ? { deadline } : {}),
    ...(typeof pollIntervalMs === 'number' ? { pollIntervalMs } : {}),
    ...(answeredKey === undefined ? {} : { answeredKey }),
    ...(progress === undefined ? {} : { progress }),
  };
  if (status !== 'input-required') return state;
  const wire = own(body, 'suspension') ?? { inputRequests: own(body, 'inputRequests') ?? {} };
  const serverName = text('serverName') ?? defaults.serverName;
  const toolName = text('toolName') ?? defaults.toolName;
  const toolTitle = text('toolTitle') ?? defaults.toolTitle;
  const contentLanguage = text('contentLanguage') ?? defaults.contentLanguage;
  const suspension = parseSuspension(wire, {
    ...(taskId && suspendedAt ? { id: `${taskId}@${suspendedAt}` } : {}),
    ...(taskId ? { taskId } : {}),
    ...(suspendedAt ? { createdAt: suspendedAt } : {}),
    ...(serverName ? { serverName } : {}),
    ...(toolName ? { toolName } : {}),
    ...(toolTitle ? { toolTitle } : {}),
    ...(contentLanguage ? { contentLanguage } : {}),
  });
  // A round that names no task (not in the body, not in the wire, as an MCP task does) is told
  // apart by its questions alone: two tasks that ask the same would be one round. The source's
  // task scopes it; the parser's id stays the round's own part, so a poll that changes nothing
  // of the round keeps its id.
  if (suspension.taskId === undefined && defaults.task !== undefined) {
    suspension.id = `task-${fingerprint(defaults.task)}@${suspension.id}`;
  }
  return { ...state, suspension };
}

/**
 * A source for a REST backend: `GET stateUrl` reads the task, `POST resumeUrl` sends
 * `{ inputResponses, roundId, suspendedAt }` with an `Idempotency-Key` header that stays the same
 * for every retry of a round, so the backend can drop a duplicate. HTTP 409 and 410 mean the
 * round is stale; `Retry-After` on an error is passed on to the card. A POST that answers with a
 * task body gives the next state at once; an empty one (or 202/204), or a JSON receipt (no
 * `status`, or `accepted`, `ok`, `received`, `queued`, `success`), leaves it to polling; any other
 * 2xx body (an HTML sign-in page, a status such as `fail`) is an error, never "sent".
 *
 * @example
 * ```tsx
 * const source = createHttpSource({
 *   stateUrl: `/background-tasks/${taskId}`,
 *   resumeUrl: `/background-tasks/${taskId}/resume`,
 *   headers: { authorization: `Bearer ${token}` },
 * });
 * <InputRequestCard source={source} />
 * ```
 */
export function createHttpSource(options: HttpSourceOptions): InputRequestSource {
  // Named here, when the app starts, not as a card that says "Could not reach the server" forever.
  if (typeof options !== 'object' || options === null) {
    throw misuseError(
      'createHttpSource',
      'an options object { stateUrl, resumeUrl }',
      `its argument is ${describeValue(options)}`,
    );
  }
  const { taskId } = options as Partial<HttpSourceOptions>;
  if (taskId !== undefined && (typeof taskId !== 'string' || taskId === '')) {
    throw misuseError(
      'createHttpSource',
      '`taskId`: the task\'s id, a string such as "42"',
      `it is ${describeValue(taskId)}`,
    );
  }
  for (const option of ['stateUrl', 'resumeUrl', 'cancelUrl'] as const) {
    const url = (options as Partial<HttpSourceOptions> | undefined)?.[option];
    if (
      (option !== 'cancelUrl' || url !== undefined) &&
      !(url instanceof URL || (typeof url === 'string' && url))
    ) {
      throw misuseError(
        'createHttpSource',
        `\`${option}\`: a URL or a string such as "/api/tasks/42"`,
        `it is ${describeValue(url)}`,
      );
    }
  }
  const {
    stateUrl,
    resumeUrl,
    headers,
    queryKey = ['input-request-cards', 'http', String(stateUrl)],
    parseState = (body: unknown) =>
      readHttpTaskState(body, {
        // The path alone: a server render reads an absolute URL where the tab reads a relative one.
        task: new URL(String(stateUrl), 'http://relative.invalid').pathname,
        ...(options.taskId ? { taskId: options.taskId } : {}),
        ...(options.serverName ? { serverName: options.serverName } : {}),
        ...(options.toolName ? { toolName: options.toolName } : {}),
        ...(options.toolTitle ? { toolTitle: options.toolTitle } : {}),
        ...(options.contentLanguage ? { contentLanguage: options.contentLanguage } : {}),
      }),
    resumeBody = (responses, suspension) => ({
      inputResponses: responses,
      roundId: suspension.id,
      suspendedAt: suspension.createdAt,
    }),
  } = options;
  const doFetch = (input: string | URL, init: RequestInit) =>
    (options.fetch ?? globalThis.fetch)(input, init);

  const { cancelUrl, subscribe, serverName, toolName, toolTitle } = options;
  return {
    queryKey,
    // Who asks, from the options: the heading of a task that works before its first question.
    ...(serverName || toolName || toolTitle
      ? {
          asker: () => ({
            ...(serverName ? { serverName } : {}),
            ...(toolName ? { toolName } : {}),
            ...(toolTitle ? { toolTitle } : {}),
          }),
        }
      : {}),
    ...(options.resumeTimeoutMs === undefined ? {} : { resumeTimeoutMs: options.resumeTimeoutMs }),
    ...(subscribe === undefined ? {} : { subscribe }),
    ...(cancelUrl === undefined
      ? {}
      : {
          async cancel(signal: AbortSignal) {
            const response = await doFetch(cancelUrl, { method: 'POST', headers: withJson(headers), signal });
            if (!response.ok) {
              throw Object.assign(
                new Error(
                  `input-request-cards: stopping the task failed: HTTP ${response.status} from ${String(cancelUrl)}.`,
                ),
                { status: response.status },
              );
            }
          },
        }),
    async fetchState(signal) {
      const response = await doFetch(stateUrl, { headers: withJson(headers), signal });
      if (!response.ok) {
        throw Object.assign(
          new Error(
            `input-request-cards: reading the task state failed: HTTP ${response.status} from ${String(stateUrl)}.`,
          ),
          { status: response.status },
        );
      }
      return parseState(await response.json());
    },
    async resume(responses, { suspension, signal, idempotencyKey }) {
      const requestHeaders = withJson(headers, true);
      if (idempotencyKey !== undefined) requestHeaders.set('idempotency-key', idempotencyKey);
      const response = await doFetch(resumeUrl, {
        method: 'POST',
        headers: requestHeaders,
        body: JSON.stringify(resumeBody(responses, suspension)),
        signal,
      });
      if (response.status === 409 || response.status === 410) {
        throw new StaleRoundError(
          `input-request-cards: the server refused the answers as stale (HTTP ${response.status}); the round is no longer open.`,
          response.status,
        );
      }
      if (!response.ok) {
        const retryAfterMs = retryAfter(response.headers.get('retry-after'));
        throw Object.assign(
          new Error(
            `input-request-cards: the resume endpoint answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} (${String(resumeUrl)}).`,
          ),
          { status: response.status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
        );
      }
      const text = await response.text();
      if (!text.trim()) return undefined;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (isPlainObject(body)) {
        if (typeof body.status !== 'string') return undefined;
        // A receipt's word for it (`{ status: 'accepted' }`), not a task state: the backend took
        // the answer, and the next state is left to polling ("could not be sent" would be untrue,
        // and a retry would only repeat it). Any other status goes to parseState: a failure's
        // (`{ status: 'fail' }`) is its error, never "sent".
        if (RECEIPT_STATUSES.has(body.status.toLowerCase())) return undefined;
        return parseState(body);
      }
      // A 2xx that says nothing we can read (a sign-in page, a proxy's error page) did not take
      // the answer as far as anyone can tell: never report it as sent.
      throw new SyntaxError(
        `input-request-cards: the resume endpoint answered HTTP ${response.status} with ${response.headers.get('content-type') ?? 'a body'} that is not a task state (${String(resumeUrl)}). Answer with JSON { status, … }, or with an empty 202/204.`,
      );
    },
  };
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; nothing for anything else. */
function retryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function withJson(headers: HeadersInit | undefined, body = false): Headers {
  const merged = new Headers(headers);
  merged.set('accept', 'application/json');
  if (body) merged.set('content-type', 'application/json');
  return merged;
}
