import type { InputResponses, Suspension } from './model.js';

/**
 * Where the task (or tool call, or job) that asks stands, as the host's backend reports it.
 * Status names follow MCP Tasks, in kebab-case.
 */
export type TaskStatus = 'working' | 'input-required' | 'completed' | 'failed' | 'cancelled';

/** How far a task has come (MCP progress notifications use the same words). */
export interface TaskProgress {
  progress: number;
  /** The amount `progress` counts towards, when known. */
  total?: number;
  /** What the task is doing now. Untrusted text. */
  message?: string;
}

/**
 * Reads a progress report (`{ progress, total?, message? }`, the words of MCP
 * `notifications/progress`) from the wire. Anything else, a negative or non-finite number, or a
 * `total` that is not above zero, is no progress: the card then shows the elapsed time instead of
 * a bar that lies.
 */
export function readTaskProgress(value: unknown): TaskProgress | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { progress, total, message } = value as Record<string, unknown>;
  if (typeof progress !== 'number' || !Number.isFinite(progress) || progress < 0) return undefined;
  const reading: TaskProgress = { progress };
  if (typeof total === 'number' && Number.isFinite(total) && total > 0) reading.total = total;
  if (typeof message === 'string' && message !== '') reading.message = message;
  return reading;
}

/** One reading of the task's state: what `fetchState` returns and `subscribe` pushes. */
export interface InputRequestState {
  status: TaskStatus;
  /** The round waiting for answers; present when `status` is `input-required`. */
  suspension?: Suspension;
  /** A summary of the final result, when `status` is `completed` (shown as text). */
  result?: unknown;
  /** Why the task failed, when `status` is `failed` (shown as text). */
  error?: string;
  /** A human-readable status line from the server (shown as text). */
  message?: string;
  /**
   * How far the task has come, when the backend says (MCP `notifications/progress`, or a
   * `progress` the source reports): `progress` of `total` (a determinate bar), or `progress` alone.
   */
  progress?: TaskProgress;
  /**
   * When the current round stops accepting answers: an ISO 8601 string or epoch milliseconds.
   * Past it, the card expires the round instead of sending answers nobody will read.
   */
  deadline?: string | number;
  /** The server's hint for how often to poll, in milliseconds (MCP Tasks `pollIntervalMs`). */
  pollIntervalMs?: number;
  /**
   * The idempotency key of the answer that closed the last round, when the backend reports it.
   * After a send whose response was lost, it tells the card that this person's answer did arrive
   * ("Your answer reached the server") rather than someone else's. A card that never showed the
   * round (another tab answered it) learns from it that the task asked: "… asked", not "Task from …".
   */
  answeredKey?: string;
}

/** What `resume` is told besides the responses. */
export interface SourceResumeContext {
  /** The round being answered. */
  suspension: Suspension;
  /**
   * Aborts when the session is destroyed before the answer is confirmed. Unmounting a card does
   * not abort a send in flight: it completes, and its outcome is kept for the next card that
   * shows the round.
   */
  signal: AbortSignal;
  /**
   * The idempotency key of this round's answer: the same for every retry of the round (and after
   * a reload), different for every round. Send it to your backend (the HTTP adapter sends an
   * `Idempotency-Key` header) so it can drop a duplicate of an answer it already processed.
   * Always set when the session sends; optional for code that calls `resume` by hand.
   */
  idempotencyKey?: string;
}

/** What a source's `resume` resolves with: the next state, or nothing when it comes by polling or push. */
// biome-ignore lint/suspicious/noConfusingVoidType: `void` lets `async () => {}` serve as a resume that returns nothing.
export type ResumeOutcome = InputRequestState | undefined | void;

/**
 * The seam between the cards and any backend that asks for input: an MCP retry, MCP Tasks,
 * a REST endpoint, a test double. Hooks never know which protocol is behind it.
 *
 * @example
 * ```ts
 * const source: InputRequestSource = {
 *   queryKey: ['task', taskId],
 *   fetchState: (signal) => fetch(`/tasks/${taskId}`, { signal }).then((r) => r.json()).then(toState),
 *   resume: (responses, { signal }) =>
 *     fetch(`/tasks/${taskId}/resume`, { method: 'POST', body: JSON.stringify({ inputResponses: responses }), signal })
 *       .then(() => undefined), // the next state arrives by polling
 * };
 * ```
 */
export interface InputRequestSource {
  /**
   * Identifies the task: every card with this key shares one session (one in-flight send, one set
   * of answers) and, for followed sources, one TanStack Query cache entry and poll.
   */
  queryKey: readonly unknown[];
  /**
   * A reading known before any fetch, e.g. a round you already hold: the card shows it at once,
   * without a loading state.
   */
  initialState?: InputRequestState;
  /**
   * Whether the task's state is followed (polled, pushed) after the first reading. A source for a
   * round you already hold (see `staticSource`) sets `false`: it needs no `QueryClient`, and is
   * never polled; its `subscribe`, if any, is still heard (e.g. the asker withdrew the question).
   * @default true
   */
  follow?: boolean;
  /** Reads the task's current state. */
  fetchState: (signal: AbortSignal) => Promise<InputRequestState>;
  /**
   * Optional push updates (SSE, websocket, MCP notifications). Call `onChange` with the new
   * state, or with nothing to ask for a fetch. Returns an unsubscribe function.
   * While subscribed, polling slows to a safety net.
   */
  subscribe?: (onChange: (state?: InputRequestState) => void) => () => void;
  /**
   * Sends the answers of one round. Resolve with the next state when the backend returns it
   * directly (an MCP 2026 retry answers with the final result or a new round), or with nothing
   * when the next state arrives by polling or push (MCP Tasks, REST).
   * Reject with a {@link StaleRoundError} when the backend says the round is gone (e.g. HTTP 409/410).
   */
  resume: (responses: InputResponses, context: SourceResumeContext) => Promise<ResumeOutcome>;
  /**
   * Optional: stops the whole task (e.g. MCP `tasks/cancel`). When present, the card offers a
   * "Stop task" control besides the round's own Cancel (which only answers `{ action: 'cancel' }`).
   * It may appear later in a source's life (a tool call that becomes a task only once the server
   * says so): read it each time it is needed, never once up front.
   */
  cancel?: (signal: AbortSignal) => Promise<void>;
  /**
   * Optional: issues the original request anew — a new call without `requestState` and without
   * answers — and resolves with its first state. The card offers "Start again" with it when a
   * round expired, e.g. because the server refused the echoed state as invalid or expired (MCP
   * `-32602`, which reaches the session as a {@link StaleRoundError} from `resume`). The new
   * round gets the person's answers of the expired one back, by request key and field name
   * (never secrets). Give it only where repeating the request is what the person means (an MCP
   * retry source calls the tool again); leave it out where a round cannot be started over.
   * Like `cancel`, it may come and go during a source's life: read it each time.
   *
   * @example
   * ```ts
   * const source: InputRequestSource = {
   *   ...rest,
   *   restart: (signal) => callTool({ name: 'book_meeting', arguments }, { signal }).then(toState),
   * };
   * ```
   */
  restart?: (signal: AbortSignal) => Promise<InputRequestState>;
  /**
   * How long a `resume` may take before the card stops waiting, says the send could not be
   * confirmed, and lets the person retry (under the same idempotency key, the answers kept as
   * sent: see `answersLocked`).
   * @default 30000
   */
  resumeTimeoutMs?: number;
  /**
   * Optional: who asks, when the source knows before any question (the MCP sources, an HTTP
   * source given `serverName`). A task that works before its first question, or ended without
   * one, is then headed "Task from GitHub" instead of "A tool's task". A round's own names win.
   * Read when the card renders, so a name learnt later (the server's introduction) shows.
   * @example
   * ```ts
   * const source: InputRequestSource = { ...rest, asker: () => ({ serverName: 'GitHub' }) };
   * ```
   */
  asker?: () => Pick<Suspension, 'serverName' | 'toolName' | 'toolTitle'>;
}

/**
 * Thrown (or rejected with) by a source's `resume` when the backend refuses the answer because
 * the round is no longer open: answered elsewhere, replaced, or expired. The card then closes
 * the round instead of offering a retry that cannot succeed: as expired, until a reading of the
 * task says more; as answered elsewhere at once when the backend said so (`closedAs`). Either
 * way what the person typed stays on screen, read-only, to copy.
 * @example
 * if (response.status === 409) {
 *   throw new StaleRoundError('Answered in another tab.', 409, { closedAs: 'answered-elsewhere' });
 * }
 */
export class StaleRoundError extends Error {
  override readonly name = 'StaleRoundError';
  /** The HTTP status or protocol code that said so, when there was one. */
  readonly status: number | undefined;
  /** How the round closed, when the backend said: another answer closed it first. */
  readonly closedAs: 'answered-elsewhere' | undefined;
  constructor(
    message = 'input-request-cards: the server no longer accepts answers to this round.',
    status?: number,
    options: { closedAs?: 'answered-elsewhere' } = {},
  ) {
    super(message);
    this.status = status;
    this.closedAs = options.closedAs;
  }
}

/** True for a {@link StaleRoundError}, also across bundle copies (checked by name). */
export function isStaleRoundError(error: unknown): error is StaleRoundError {
  return error instanceof StaleRoundError || (error instanceof Error && error.name === 'StaleRoundError');
}
