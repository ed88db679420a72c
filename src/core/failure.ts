import { isStaleRoundError } from './source.js';

/**
 * What kind of failure a send, fetch or host answer met, as a code the card words
 * (`messages.failure`): people never see a raw exception message.
 *
 * - `network`: the request never got an answer: the server could not be reached (offline, DNS,
 *   connection refused, CORS), or the connection closed before the answer came (the MCP SDK's
 *   `CONNECTION_CLOSED`);
 * - `timeout`: no answer in time (an error named `TimeoutError` or `AbortError`, or the MCP
 *   SDK's `REQUEST_TIMEOUT`);
 * - `http`: the server answered with an error status (`status` says which);
 * - `stale`: the round closed: the server no longer accepts answers to it;
 * - `refused`: the server answered, but not with something the adapter could read;
 * - `interrupted`: a send cut off because the page was closed or reloaded while it was on its way;
 * - `unknown`: anything else.
 */
export type FailureCode = 'network' | 'timeout' | 'http' | 'stale' | 'refused' | 'interrupted' | 'unknown';

/** The name of the error a session holds for a send the page left behind (see `interrupted`). */
export const SEND_INTERRUPTED = 'SendInterruptedError';

/** A failure, described for people (`code`, `status`) and for developers (`detail`). */
export interface Failure {
  code: FailureCode;
  /** The HTTP status or protocol code, when there was one. */
  status?: number;
  /** The raw message, for a developer disclosure or a log. Never the main text a person reads. */
  detail: string;
  /**
   * How long the server asked to wait before trying again (HTTP `Retry-After`), in ms; at most a
   * day ({@link MAX_RETRY_AFTER_MS}), whatever the server said.
   */
  retryAfterMs?: number;
  /**
   * When that wait ends (epoch ms), while it holds: the session's `retryAt`, which a card puts on
   * the failure it shows, so a long wait can say until when (also after a remount, when part of
   * it has passed). {@link describeFailure} never sets it: an error does not know when it was heard.
   */
  retryAt?: number;
}

/**
 * The longest wait a server's `Retry-After` can impose on a card: one day. A longer one (or one no
 * clock can count to) would hold the answers past any use.
 */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * True for a refusal the server stated (an HTTP 4xx: the answer arrived and was turned down).
 * Where a round's send is still unconfirmed, it is the last try that was refused, and an earlier
 * one is what may have arrived; the words say so.
 */
export function refusedByServer(failure: Failure): boolean {
  return failure.code === 'http' && failure.status !== undefined && failure.status < 500;
}

/**
 * `failure` without the server's wait (`retryAfterMs`, `retryAt`): for words said where the card
 * tries again by itself, on its own clock, so they do not also ask the person to wait.
 */
export function withoutWait({ retryAfterMs: _wait, retryAt: _at, ...failure }: Failure): Failure {
  return failure;
}

/**
 * Describes whatever a `resume`, `fetchState` or answerer rejected with, `undefined` and
 * strings included.
 *
 * @example
 * ```ts
 * describeFailure(new TypeError('Failed to fetch')); // { code: 'network', detail: 'Failed to fetch' }
 * ```
 */
export function describeFailure(error: unknown): Failure {
  const detail = detailOf(error);
  if (isStaleRoundError(error)) return withStatus({ code: 'stale', detail }, error);
  if (error instanceof Error || isErrorLike(error)) {
    const name = (error as { name?: unknown }).name;
    if (name === 'TimeoutError') return { code: 'timeout', detail };
    if (name === SEND_INTERRUPTED) return { code: 'interrupted', detail };
    if (name === 'AbortError') return { code: 'timeout', detail };
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400) {
      const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
      return typeof retryAfterMs === 'number' && retryAfterMs > 0
        ? { code: 'http', status, detail, retryAfterMs: Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) }
        : { code: 'http', status, detail };
    }
    // `fetch\b`: a developer's mistake named after `fetchState` is no network failure.
    if (name === 'TypeError' && /fetch\b|network|load failed/i.test(detail))
      return { code: 'network', detail };
    if (name === 'SyntaxError') return { code: 'refused', detail };
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number') return { code: 'unknown', status: code, detail };
    // The MCP SDK's own failures (`SdkError`) carry string codes: a request that ran out of time,
    // or whose connection closed before its answer came, may have reached the server.
    if (code === 'REQUEST_TIMEOUT') return { code: 'timeout', detail };
    if (code === 'CONNECTION_CLOSED') return { code: 'network', detail };
  }
  return { code: 'unknown', detail };
}

/**
 * Makes sure a rejection is an `Error`: a `resume` that rejects with `undefined` or a string must
 * still fail the send visibly, never silently.
 */
export function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const wrapped = new Error(
    `input-request-cards: the operation rejected with ${describeRejection(error)} instead of an Error. Reject with an Error that says what failed.`,
    { cause: error },
  );
  return wrapped;
}

function describeRejection(error: unknown): string {
  if (error === undefined) return 'undefined';
  if (error === null) return 'null';
  if (typeof error === 'string') return `the string ${JSON.stringify(error.slice(0, 200))}`;
  return `a ${typeof error}`;
}

function withStatus(failure: Failure, error: unknown): Failure {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? { ...failure, status } : failure;
}

function isErrorLike(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function detailOf(error: unknown): string {
  if (error instanceof Error) {
    // A wrapped non-Error keeps what was really thrown.
    return error.message || error.name;
  }
  if (isErrorLike(error)) return String((error as { message: string }).message);
  if (typeof error === 'string') return error;
  try {
    return String(error);
  } catch {
    return 'unreadable error';
  }
}
