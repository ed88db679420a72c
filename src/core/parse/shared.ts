import { fingerprint, quote } from '../json.js';
import type {
  FileFieldSpec,
  InputRequest,
  SchemaProblem,
  Suspension,
  SuspensionDialect,
  SuspensionMeta,
  UnsupportedReasonCode,
  UnsupportedReasonParams,
  UnsupportedRequest,
} from '../model.js';
import { MAX_PROBLEMS, MAX_REQUESTS } from '../model.js';

/** Who asks, as the wire itself says (a task, a host payload); {@link SuspensionMeta} wins over it. */
export interface WireFacts {
  serverName?: string | undefined;
  toolName?: string | undefined;
  taskId?: string | undefined;
  createdAt?: string | undefined;
}

/** Everything {@link buildSuspension} needs to assemble one round. */
export interface RoundParts {
  dialect: SuspensionDialect;
  requests: InputRequest[];
  /**
   * The requests as sent (their map, list or params), which the round's default id is
   * fingerprinted from together with the task, creation time and `requestState`, when neither
   * `meta.id` nor `id` is given. Read to a budget, never whole: see {@link fingerprint}.
   */
  identitySource: unknown;
  /** A ready-made id (e.g. a task's `taskId:keys`); `meta.id` still wins. */
  id?: string;
  requestState?: string | undefined;
  wire?: WireFacts;
}

/**
 * Assembles a {@link Suspension}. `meta` wins over what the wire says; without any id the round
 * gets `round-<fingerprint>` of its dialect, task, creation time, `requestState` and the requests
 * as sent, so a re-ask with other questions is never mistaken for the same round. The
 * fingerprint reads a bounded part of the wire (depth, values and characters are capped), so a
 * deep, huge or cyclic wire value costs little and never throws.
 */
export function buildSuspension(parts: RoundParts, meta: SuspensionMeta): Suspension {
  const serverName = meta.serverName ?? parts.wire?.serverName;
  const toolName = meta.toolName ?? parts.wire?.toolName;
  const taskId = meta.taskId ?? parts.wire?.taskId;
  const createdAt = meta.createdAt ?? parts.wire?.createdAt;
  const id =
    meta.id ??
    parts.id ??
    `round-${fingerprint([taskId ?? null, createdAt ?? null, parts.requestState ?? null, parts.identitySource])}`;
  const suspension: Suspension = { id, dialect: parts.dialect, requests: parts.requests };
  if (serverName !== undefined) suspension.serverName = serverName;
  if (toolName !== undefined) suspension.toolName = toolName;
  if (meta.toolTitle !== undefined) suspension.toolTitle = meta.toolTitle;
  const contentLanguage = languageTag(meta.contentLanguage);
  if (contentLanguage !== undefined) suspension.contentLanguage = contentLanguage;
  if (taskId !== undefined) suspension.taskId = taskId;
  if (createdAt !== undefined) suspension.createdAt = createdAt;
  if (parts.requestState !== undefined) suspension.requestState = parts.requestState;
  return suspension;
}

/** The set of keys a host says were already answered (empty when it says nothing). */
export function answeredKeySet(meta: SuspensionMeta): ReadonlySet<string> {
  return new Set(meta.answeredKeys ?? []);
}

/**
 * `base`, or `base-2`, `base-3`, … whichever is not yet in `used`: a key made up for an entry
 * that has none (or repeats one) must never collide with a key the server chose.
 */
export function freshKey(base: string, used: ReadonlySet<string>): string {
  let key = base;
  for (let suffix = 2; used.has(key); suffix++) key = `${base}-${suffix}`;
  return key;
}

/** What an {@link unsupported} request may carry besides its code and problems. */
export interface UnsupportedExtras {
  message?: string | undefined;
  reasonParams?: UnsupportedReasonParams;
  params?: Record<string, unknown>;
  files?: FileFieldSpec[];
}

/** An `unsupported` request, with its problem list capped at {@link MAX_PROBLEMS}. */
export function unsupported(
  key: string,
  method: string,
  reasonCode: UnsupportedReasonCode,
  problems: SchemaProblem[],
  extras: UnsupportedExtras = {},
): UnsupportedRequest {
  const request: UnsupportedRequest = {
    kind: 'unsupported',
    key,
    method,
    reasonCode,
    problems: capProblems(problems),
  };
  if (extras.message !== undefined) request.message = extras.message;
  if (extras.reasonParams !== undefined) request.reasonParams = extras.reasonParams;
  if (extras.params !== undefined) request.params = extras.params;
  if (extras.files !== undefined) request.files = extras.files;
  return request;
}

/**
 * The requests of a round too large to show (more than {@link MAX_REQUESTS} `keys`): each
 * becomes `unsupported` (`too-many-requests`) from its key alone, nothing else of it read, so a
 * round of 10,000 costs a pass over its keys. The card refuses such a round as a whole.
 */
export function unreadRequests(keys: readonly string[]): UnsupportedRequest[] {
  const reasonParams = { count: keys.length, limit: MAX_REQUESTS };
  return keys.map((key) => unsupported(key, 'unknown', 'too-many-requests', [], { reasonParams }));
}

/** The first problems and a last one that counts the rest, so a hostile schema cannot flood the card. */
export function capProblems(problems: SchemaProblem[]): SchemaProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const shown = problems.slice(0, MAX_PROBLEMS - 1);
  shown.push({
    path: '',
    message: `…and ${problems.length - shown.length} more problems; fix the ones above first.`,
  });
  return shown;
}

/** Errors this library throws on purpose; anything else thrown while reading is the wire's doing. */
const libraryErrors = new WeakSet<object>();

/** An `input-request-cards:` error, marked so the parse boundary passes it on unchanged. */
export function libraryError(message: string, cause?: unknown): Error {
  const error = cause === undefined ? new Error(message) : new Error(message, { cause });
  libraryErrors.add(error);
  return error;
}

/**
 * Runs one public entry point (`parseSuspension`, `readTaskState`) so that it ends in a value or
 * an `input-request-cards:` error, never in something thrown from deep inside: a value that
 * throws while it is read (a getter or proxy passed programmatically) becomes that error, with
 * what was thrown as its `cause`.
 */
export function atBoundary<T>(entry: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isLibraryError(error)) throw error;
    throw libraryError(
      `input-request-cards: ${entry} could not read the value it was given: reading it threw ${describeThrown(error)}. ` +
        'Pass plain data as JSON.parse gives it (no getters, proxies or class instances).',
      error,
    );
  }
}

/** True for an error made by {@link libraryError}. */
export function isLibraryError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && libraryErrors.has(error);
}

/**
 * Names what was thrown without reading much of it (its own code may throw again): the
 * constructor name of an Error, else its type.
 */
export function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name.slice(0, 40)} (${quote(String(error.message), 80)})`;
  } catch {
    // A thrown proxy or an object with hostile getters: say only what it is.
  }
  return error === null ? 'null' : `a ${typeof error}`;
}

/**
 * Reads one request with a safety net: a value that throws while it is read (a getter or proxy
 * passed programmatically; JSON never does this) makes that request `unsupported` with reason
 * `malformed`, while the round's other requests stay answerable.
 */
export function readGuarded(key: string, method: string, read: () => InputRequest): InputRequest {
  try {
    return read();
  } catch (error) {
    if (isLibraryError(error)) throw error;
    return unsupported(key, method, 'malformed', [
      {
        path: '',
        message: `Reading this request threw ${describeThrown(error)}; a request must be plain JSON data (no getters or proxies).`,
      },
    ]);
  }
}

/**
 * A well-formed BCP 47 language tag in its canonical form (`EN-us` → `en-US`), or `undefined` for
 * anything else: a server's `contentLanguage` becomes an HTML `lang` value only when it is one.
 *
 * @example
 * ```ts
 * languageTag('de-ch'); // 'de-CH'
 * languageTag('not a tag'); // undefined
 * ```
 */
export function languageTag(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}
