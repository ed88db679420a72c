import { describeValue, isPlainObject, own } from './json.js';

/**
 * A developer's mistakes, checked before anything reads the wrong value: each function returns
 * what is wrong with a value a host passed (a round, a request, a source, a store), in words that
 * name the part and the fix, for {@link misuseError} to put after the prop's or function's name;
 * `undefined` when the value will do. Only what the card and the hooks read is checked, so a round
 * built by hand passes when it has that. Never for the server's data: the parser turns bad wire
 * data into `unsupported` requests instead.
 */

/** A message as the server sent it (not yet read by `parseSuspension`). */
const looksLikeWire = (value: Record<string, unknown>) =>
  'resultType' in value || 'inputRequests' in value || 'requestedSchema' in value || 'params' in value;

/**
 * A round as `parseSuspension` returns it (a string `id`, a `requests` list), read without running
 * a getter: the parser asks it of wire values too, to say a round was parsed twice.
 */
export const looksLikeRound = (value: unknown): boolean =>
  isPlainObject(value) && typeof own(value, 'id') === 'string' && Array.isArray(own(value, 'requests'));

const UNPARSED = 'it is a message as the server sent it; read it with parseSuspension(wire) first';

/** What `parseSuspension` returns: a string `id` and a `requests` list of readable requests. */
export function roundProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `it is ${describeValue(value)}`;
  if (looksLikeWire(value)) return UNPARSED;
  if (!looksLikeRound(value)) return 'it has no string "id" or no "requests" list';
  for (const [index, request] of (value.requests as unknown[]).entries()) {
    const problem = requestProblem(request);
    if (problem !== undefined) return `requests[${index}] ${problem}`;
  }
  return undefined;
}

/** One request of a parsed round, as the card reads it (`kind`, `key`, and what its kind needs). */
function requestProblem(value: unknown): string | undefined {
  if (!isPlainObject(value) || typeof value.key !== 'string') return 'is no request with a string "key"';
  const { kind } = value;
  if (kind === 'form') {
    return Array.isArray(value.fields) && isPlainObject(value.requestedSchema)
      ? undefined
      : 'is a form request without "fields" and "requestedSchema" (parseSuspension makes them)';
  }
  if (kind === 'url')
    return typeof value.url === 'string' ? undefined : 'is a URL request without a string "url"';
  return kind === 'unsupported' || kind === 'host'
    ? undefined
    : `has "kind" ${describeValue(kind)}, not "form", "url", "unsupported" or "host"`;
}

/** A request of `kind` (a form for `useRequestForm`, a URL for `useLinkRequest`), or the fix. */
export function requestOfKindProblem(value: unknown, kind: 'form' | 'url'): string | undefined {
  if (looksLikeRound(value)) return `it is the whole round; pass one of its requests of kind "${kind}"`;
  const problem = requestProblem(value);
  if (problem !== undefined) return `it ${problem}`;
  const actual = (value as { kind: string }).kind;
  return actual === kind ? undefined : `it is a "${actual}" request`;
}

/** An `InputRequestSource` (`queryKey`, `fetchState`, `resume`); a round or a wire gets its fix. */
export function sourceProblem(value: unknown): string | undefined {
  if (looksLikeRound(value)) return 'it is a parsed round; pass it as `suspension` with `resume`';
  if (isPlainObject(value) && looksLikeWire(value)) return UNPARSED;
  if (value === null || typeof value !== 'object') return `it is ${describeValue(value)}`;
  const source = value as Record<string, unknown>;
  return typeof source.fetchState === 'function' &&
    typeof source.resume === 'function' &&
    Array.isArray(source.queryKey)
    ? undefined
    : 'it lacks { queryKey, fetchState, resume } (see createHttpSource and staticSource)';
}

/** The statuses of an `InputRequestState` (MCP's `input_required` is spelt `input-required`). */
const TASK_STATUSES = ['working', 'input-required', 'completed', 'failed', 'cancelled'];

/** What an `InputRequestState` needs, in the words of {@link misuseError}. */
export const STATE_NEEDS = `status "${TASK_STATUSES.join('", "')}", and any suspension from parseSuspension(wire)`;

/** An `InputRequestState` as the session reads it: a known `status`, and any round as parsed. */
export function stateProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return `it is ${describeValue(value)}`;
  const { status, suspension } = value as Record<string, unknown>;
  if (!TASK_STATUSES.includes(status as string)) return `its status is ${describeValue(status)}`;
  const wrong = suspension === undefined ? undefined : roundProblem(suspension);
  return wrong && `its suspension: ${wrong}`;
}

/** The methods a `DraftStore` has. */
const DRAFT_METHODS = ['load', 'save', 'removeRound'] as const;
/** The methods a `RoundLedger` has. */
const LEDGER_METHODS = ['get', 'set', 'delete'] as const;

/**
 * The `drafts` and `ledger` options of a card, a hook or a session: the first that is no store
 * (see {@link storeProblem}), as `[option, problem]`.
 */
export function storeOptionProblem(options: {
  drafts?: unknown;
  ledger?: unknown;
}): [string, string] | undefined {
  for (const [option, methods] of [
    ['drafts', DRAFT_METHODS],
    ['ledger', LEDGER_METHODS],
  ] as const) {
    const problem = storeProblem(options[option], methods);
    if (problem !== undefined) return [option, problem];
  }
  return undefined;
}

/** A store with `methods` (a `DraftStore`, a `RoundLedger`), `false` for none, or nothing. */
function storeProblem(value: unknown, methods: readonly string[]): string | undefined {
  if (value === undefined || value === false) return undefined;
  const store = value as Record<string, unknown> | null;
  return store !== null &&
    typeof store === 'object' &&
    methods.every((method) => typeof store[method] === 'function')
    ? undefined
    : `it is ${describeValue(value)} without the methods ${methods.join(', ')}`;
}

/** A developer's mistake: `input-request-cards: <where> needs <needs>, but <problem>.` */
export function misuseError(where: string, needs: string, problem: string): TypeError {
  return new TypeError(`input-request-cards: ${where} needs ${needs}, but ${problem}.`);
}
