import { isPlainObject, own } from './json.js';
import { answeredHere, type Lifecycle, STATE_TRAITS } from './lifecycle.js';
import {
  type FieldOption,
  type FieldSpec,
  type InputRequest,
  isElicitResult,
  type MultiSelectFieldSpec,
  roundTooLarge,
  type SingleSelectFieldSpec,
} from './model.js';
import { shownName } from './shown-text.js';

/**
 * How a round ended, from the person's point of view: what the closed card says first and what it
 * renders as `data-outcome`.
 *
 * - `accepted` / `declined` / `cancelled`: this person answered every request that way;
 * - `opened`: this person opened the link of a request that takes opening as the answer (MCP 2025
 *   URL mode, `UrlRequest.acceptOnOpen`): the step itself goes on in the page that opened;
 * - `answered`: this person answered, in more than one way (a mixed round);
 * - `answered-elsewhere`: the round closed without this person's answer; nothing was sent from here;
 * - `answered-elsewhere-first`: it was answered elsewhere before this person's answer arrived (the
 *   backend refused theirs as stale): theirs was sent, but not used;
 * - `expired`: the round closed before it was answered; nothing was sent;
 * - `expired-unconfirmed`: the round closed while a send that could not be confirmed was out:
 *   the answer may have arrived in time, or not; "nothing was sent" would be false;
 * - `closed-unconfirmed`: the task moved on without the round while a send that could not be
 *   confirmed was out, and no reading named its key (`answeredKey`), or a Try again after such a
 *   send was refused as stale (a backend that keeps no idempotency key refuses the answer it
 *   took): that answer may be the one that closed it; "answered elsewhere, nothing was sent" or
 *   "not used" would be false (`expired-unconfirmed` when the refusal says expired);
 * - `refused`: the answer arrived after the round had closed (the backend refused it as stale,
 *   and nothing says someone else answered): it was sent, but not used;
 * - `stopped`: the person stopped the whole task, or stopped waiting for a round that holds none
 *   (an MCP retry; the snapshot's `stoppedWaiting` says so).
 */
export type RoundOutcome =
  | 'accepted'
  | 'opened'
  | 'declined'
  | 'cancelled'
  | 'answered'
  | 'answered-elsewhere'
  | 'answered-elsewhere-first'
  | 'expired'
  | 'expired-unconfirmed'
  | 'closed-unconfirmed'
  | 'refused'
  | 'stopped';

/** One answered value, ready to be worded: the card formats it in the person's language. */
export type ReceiptValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; value: string }
  | { kind: 'date-time'; value: string }
  /** Option titles, never the `const` values sent. */
  | { kind: 'options'; labels: string[] }
  /** A secret: never shown, not even in the receipt. */
  | { kind: 'secret' };

/** One request of a closed round and what was answered. */
export interface ReceiptEntry {
  key: string;
  /** The server's question. Untrusted text. */
  message: string | undefined;
  /** What the person (or the host, for `host`) did. */
  action: 'accept' | 'decline' | 'cancel';
  kind: InputRequest['kind'];
  /** For an accepted form: each answered field (untouched optional fields are left out). */
  fields: Array<{ name: string; label: string; value: ReceiptValue }>;
}

/**
 * What a closed round says: the outcome and, when this person answered, each question with the
 * answer given (option titles, not values; secrets masked; fields left out stay out). A headless
 * receipt built from it never shows a secret, which `snapshot.answers` still holds in memory.
 * `messages.receiptValue(value)` words each value as the card does.
 *
 * @example
 * ```ts
 * const { outcome, entries } = receiptOf(session.getSnapshot());
 * outcome; // 'accepted'
 * entries[0].fields; // [{ name: 'size', label: 'Size', value: { kind: 'options', labels: ['Large'] } }]
 * ```
 */
export function receiptOf(lifecycle: Lifecycle): {
  outcome: RoundOutcome | undefined;
  entries: ReceiptEntry[];
} {
  const outcome = outcomeOf(lifecycle);
  const round = lifecycle.round;
  // A round too large to show was refused as a whole: its outcome says all there is.
  if (
    !round ||
    roundTooLarge(round) !== undefined ||
    (outcome !== 'accepted' &&
      outcome !== 'opened' &&
      outcome !== 'declined' &&
      outcome !== 'cancelled' &&
      outcome !== 'answered')
  ) {
    return { outcome, entries: [] };
  }
  const entries: ReceiptEntry[] = [];
  for (const request of round.requests) {
    const response = Object.hasOwn(lifecycle.answers, request.key)
      ? lifecycle.answers[request.key]
      : undefined;
    if (response === undefined) continue;
    const action = isElicitResult(response) ? response.action : 'accept';
    const entry: ReceiptEntry = {
      key: request.key,
      message: request.message,
      action,
      kind: request.kind,
      fields: [],
    };
    const content = (response as { content?: unknown }).content;
    if (request.kind === 'form' && action === 'accept' && isPlainObject(content)) {
      entry.fields = receiptFieldsOf(request.fields, content);
    }
    entries.push(entry);
  }
  return { outcome, entries };
}

/**
 * The task's result to show, or `undefined`: a completed task's result, also when the round on
 * screen closed as answered elsewhere because the task completed before this card read it again
 * (a completed task is read no more, so no later reading would bring the result).
 */
export function shownResultOf(lifecycle: Lifecycle): unknown {
  const { state, taskStatus, result } = lifecycle;
  const completed = state === 'completed' || (state === 'answered-elsewhere' && taskStatus === 'completed');
  return completed ? result : undefined;
}

/**
 * True for a request whose `accept` means its link was opened, not that its step is over (MCP
 * 2025 URL mode, `UrlRequest.acceptOnOpen`): it ends `opened`, in the card and the AI SDK summary.
 */
export function answeredByOpening(request: InputRequest | undefined): boolean {
  return request?.kind === 'url' && request.acceptOnOpen === true;
}

/**
 * How the round on screen ended, or `undefined` while it is still open (or there is none): the
 * first line of a closed card ("You answered.", `messages.outcome(outcome)`).
 *
 * @example
 * ```ts
 * const outcome = outcomeOf(session.getSnapshot());
 * if (outcome) status.textContent = englishMessages.outcome(outcome);
 * ```
 */
export function outcomeOf(lifecycle: Lifecycle): RoundOutcome | undefined {
  const { state, round, answers } = lifecycle;
  // This person's answer was sent and refused as stale: "nothing was sent from here" would be false.
  const refused = lifecycle.refusedAsStale === true;
  // A send that could not be confirmed may have arrived: before the deadline, or as the answer
  // that closed the round (a backend that reports no `answeredKey` cannot say whose it was; one
  // that keeps no idempotency key refuses the Try again after it as stale).
  const uncertain = lifecycle.sendUncertain === true;
  const elsewhere = uncertain ? 'closed-unconfirmed' : 'answered-elsewhere';
  if (refused && uncertain && lifecycle.closedAs !== undefined) {
    return lifecycle.closedAs === 'expired' ? 'expired-unconfirmed' : 'closed-unconfirmed';
  }
  if (state === 'answered-elsewhere') return refused ? 'answered-elsewhere-first' : elsewhere;
  const expired = uncertain ? 'expired-unconfirmed' : 'expired';
  if (state === 'expired') return refused ? 'refused' : expired;
  // The task moved on after the round closed without this person: the round's end still stands.
  if (lifecycle.closedAs !== undefined && STATE_TRAITS[state].settled) {
    if (!refused) return lifecycle.closedAs === 'expired' ? expired : elsewhere;
    // Refused as stale, then the task failed or was cancelled: not the clock closed the round, and
    // "Expired" under "The task was stopped." would say otherwise.
    return lifecycle.closedAs === 'expired' ? 'refused' : 'answered-elsewhere-first';
  }
  if (!round || !answeredHere(lifecycle)) {
    // Stopped here: still this person's doing once a reading confirms the task was cancelled.
    if (state === 'cancelled' && lifecycle.stoppedHere === true) return 'stopped';
    return undefined;
  }
  const actions = new Set(
    round.requests.map((request) => {
      const response = Object.hasOwn(answers, request.key) ? answers[request.key] : undefined;
      return isElicitResult(response) ? response.action : 'accept';
    }),
  );
  if (actions.size !== 1) return 'answered';
  const [only] = actions;
  if (only === 'decline') return 'declined';
  if (only === 'cancel') return 'cancelled';
  // Opening the link was the answer: "You answered." would say the step is over, and it is not.
  return round.requests.every(answeredByOpening) ? 'opened' : 'accepted';
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * The answered fields of an accepted form, as a receipt lists them: in the form's order, option
 * titles for values, untouched optional fields left out. A secret only ever shows that it was
 * given: its value is never read. After a reload a secret's value was never remembered, so a
 * required one shows as given all the same; `hidden` names fields whose value was taken out of
 * `content` before it was kept (the AI SDK part's `answer.hidden`).
 *
 * @example
 * ```ts
 * receiptFieldsOf(request.fields, { size: 'l', token: 'x' });
 * // [{ name: 'size', label: 'Size', value: { kind: 'options', labels: ['Large'] } },
 * //  { name: 'token', label: 'Token', value: { kind: 'secret' } }]
 * ```
 */
export function receiptFieldsOf(
  fields: readonly FieldSpec[],
  content: Record<string, unknown>,
  hidden: ReadonlySet<string> = NO_NAMES,
): ReceiptEntry['fields'] {
  const shown: ReceiptEntry['fields'] = [];
  for (const field of fields) {
    const given = Object.hasOwn(content, field.name);
    if (field.secret || hidden.has(field.name)) {
      if (given || hidden.has(field.name) || field.required) {
        shown.push({ name: field.name, label: labelOf(field), value: { kind: 'secret' } });
      }
      continue;
    }
    if (!given) continue;
    const value = receiptValueOf(field, own(content, field.name));
    if (value) shown.push({ name: field.name, label: labelOf(field), value });
  }
  return shown;
}

function labelOf(field: FieldSpec): string {
  return shownName(field.title ?? field.name);
}

/**
 * The label of a select field's option `value`, or the value itself. A field without its
 * `options` list (a round built by hand, or kept by another version) words its values as they
 * are rather than throwing while the card renders.
 */
function optionLabel(field: SingleSelectFieldSpec | MultiSelectFieldSpec, value: string): string {
  const options: unknown = field.options;
  if (!Array.isArray(options)) return value;
  const option = (options as FieldOption[]).find((candidate) => candidate?.value === value);
  return typeof option?.label === 'string' ? option.label : value;
}

/** One content value of a field, ready to be worded (option titles, not values); secrets are not masked here. */
export function receiptValueOf(field: FieldSpec, value: unknown): ReceiptValue | undefined {
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? { kind: 'boolean', value } : undefined;
    case 'number':
    case 'integer':
      return typeof value === 'number' ? { kind: 'number', value } : undefined;
    case 'single-select': {
      if (typeof value !== 'string') return undefined;
      return { kind: 'options', labels: [shownName(optionLabel(field, value))] };
    }
    case 'multi-select': {
      if (!Array.isArray(value)) return undefined;
      const labels = value
        .filter((entry): entry is string => typeof entry === 'string')
        .map((entry) => shownName(optionLabel(field, entry)));
      return { kind: 'options', labels };
    }
    case 'date':
      return typeof value === 'string' ? { kind: 'date', value } : undefined;
    case 'date-time':
      return typeof value === 'string' ? { kind: 'date-time', value } : undefined;
    default:
      return typeof value === 'string' ? { kind: 'text', text: value } : undefined;
  }
}

/** What a task's final result says, read for people: text, structure, and whether it failed. */
export interface TaskResultView {
  /** True when the result is an MCP tool error (`isError: true`): the task ended, but failed. */
  isError: boolean;
  /** The text blocks (MCP `content` of type `text`), or the result itself when it is a string. Untrusted. */
  texts: string[];
  /** Structured data (MCP `structuredContent`, or a result that is neither text nor MCP content). */
  structured?: unknown;
}

/**
 * Reads a completed task's result: an MCP `CallToolResult` (`content` text blocks,
 * `structuredContent`, `isError`), a plain string, or anything else (kept as structure).
 *
 * @example
 * ```ts
 * readTaskResult({ content: [{ type: 'text', text: 'Sent.' }], isError: false });
 * // { isError: false, texts: ['Sent.'] }
 * ```
 */
export function readTaskResult(result: unknown): TaskResultView | undefined {
  if (result === undefined || result === null) return undefined;
  if (typeof result === 'string') return { isError: false, texts: [result] };
  if (!isPlainObject(result)) return { isError: false, texts: [], structured: result };
  const content = own(result, 'content');
  const structured = own(result, 'structuredContent');
  const isError = own(result, 'isError') === true;
  if (!Array.isArray(content) && structured === undefined) {
    return { isError, texts: [], structured: result };
  }
  const texts: string[] = [];
  if (Array.isArray(content)) {
    for (const block of content) {
      if (isPlainObject(block) && own(block, 'type') === 'text' && typeof own(block, 'text') === 'string') {
        texts.push(own(block, 'text') as string);
      }
    }
  }
  const view: TaskResultView = { isError, texts };
  if (structured !== undefined) view.structured = structured;
  return view;
}
