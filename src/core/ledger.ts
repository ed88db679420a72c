import { whenIdle } from './idle.js';
import { boundedName, isPlainObject, type JsonObject, setOwn } from './json.js';
import type { RoundClosedAs } from './lifecycle.js';
import type { FieldKind, InputResponses, Suspension } from './model.js';
import { readStoredJson, storedKeys, webStorage } from './web-storage.js';

/** What the session remembers of a round it sent. */
export interface SentRound {
  roundId: string;
  /** The idempotency key the round's answer was sent under (reused by every retry). */
  idempotencyKey: string;
  /**
   * `sending`: the answer left but was never confirmed; `sent`: the backend took it; `refused`:
   * the backend refused it as stale (HTTP 409/410): the round had closed before it arrived.
   */
  status: 'sending' | 'sent' | 'refused';
  /**
   * How a `refused` round closed, as the refusal said: someone else answered it, or it expired.
   * A reload shows the round read-only with this outcome, and what this person typed in it.
   */
  closedAs?: RoundClosedAs;
  /**
   * A `refused` round whose earlier try could not be confirmed: that try may have arrived (a
   * backend that keeps no idempotency key refuses the retry of an answer it took), so a reload
   * says so, never "not used".
   */
  uncertain?: true;
  /**
   * What was answered, for the receipt — with every secret field's value left out. A request key
   * past 256 characters stands as `#` and its fingerprint (see {@link recordedAnswers}).
   */
  answers: InputResponses;
  /** When it was recorded (epoch ms). */
  at: number;
  /**
   * The followed task the round belonged to: its source's `queryKey`, written by `stableStringify`
   * (past 256 characters, `#` and its fingerprint).
   * It finds the round again after a reload, once the task has moved past it (see
   * {@link RoundLedger.lastSentOf}). A round you hold (a static card) has none: it is always on screen.
   */
  task?: string;
  /**
   * The round itself (a `sent` or `refused` one): what its receipt shows after a reload, when
   * the task's state no longer carries it. Server text, shown as text like any round. A storage
   * ledger leaves out a round too large to keep (see {@link createStorageLedger}).
   */
  round?: Suspension;
}

/**
 * Where a session remembers the rounds it sent, so a reload never offers a second Accept for a
 * round already sent, a send cut off by a reload is retried under its own idempotency key, and
 * the receipt of an answered round survives. Secrets are never recorded.
 *
 * @example
 * ```ts
 * const ledger = createStorageLedger(sessionStorage); // the default
 * <InputRequestCard suspension={round} resume={resume} ledger={ledger} />
 * ```
 */
export interface RoundLedger {
  get(roundId: string): SentRound | undefined;
  set(entry: SentRound): void;
  delete(roundId: string): void;
  /**
   * The last round recorded as `sent` or `refused` for `task` (a {@link SentRound.task}), if it
   * is still kept. Optional: without it, a card reloaded after its task moved on shows the task's
   * state and result, but not what this person answered.
   */
  lastSentOf?(task: string): SentRound | undefined;
}

const PREFIX = 'input-request-cards:sent:';
/**
 * The round a task sent last, apart from the records, so reading a record (on every round a card
 * shows) never parses a whole round: `input-request-cards:sent-by-task:<task>` →
 * `{ roundId, round? }`. One per task, so a task's older rounds leave no keys behind.
 */
const TASK_PREFIX = 'input-request-cards:sent-by-task:';
/**
 * The longest round (in characters) kept. A round of 100 fields with their options takes about
 * 30,000; a longer one is not kept (no receipt after a reload), so fifty of them never fill a
 * storage that drafts share.
 */
const KEPT_ROUND_LIMIT = 40_000;
/** A tab answers few rounds; the oldest records go first past this many. */
const LEDGER_LIMIT = 50;
/** How many records are left once the oldest went. */
const LEDGER_PRUNED_TO = 40;

/**
 * A {@link RoundLedger} on Web Storage (`sessionStorage` by default: as long as the tab lives).
 * A missing or full storage degrades to remembering for this page only, never to an error. It keeps the
 * newest 50 sent rounds of the storage. A round's record comes first; the last round each task
 * sent is kept apart, for {@link RoundLedger.lastSentOf}, once the page is idle, and without the
 * round itself when that is longer than 40,000 characters or the storage has no room for it.
 *
 * @example
 * ```tsx
 * // Sent rounds stay answered after the tab is closed and the chat opened again:
 * const ledger = createStorageLedger(localStorage);
 * <InputRequestCard source={source} ledger={ledger} />
 * ```
 */
export function createStorageLedger(storage?: Storage): RoundLedger {
  // Where the storage cannot be used (a sandboxed iframe, a full or private storage), the page
  // still remembers what it sent: a card mounted again never shows an answered round as open.
  const unstored = createMemoryLedger();
  const get = (roundId: string) =>
    readStoredJson(
      webStorage(storage),
      PREFIX + roundId,
      (value): value is SentRound => isSentRound(value) && value.roundId === roundId,
    ) ?? unstored.get(roundId);
  return {
    get,
    set(entry) {
      const target = webStorage(storage);
      if (!target) {
        unstored.set(entry);
        return;
      }
      try {
        const { round, ...record } = entry;
        target.setItem(PREFIX + entry.roundId, JSON.stringify(record));
        prune(target);
        // The record that the round was sent is what counts; its receipt after a reload is a
        // nicety, written when the page is idle: a round of 100 fields takes Chromium about
        // 1.5 ms to store, which must not follow every send.
        const task = entry.task;
        if (task !== undefined && entry.status !== 'sending') {
          whenIdle(() => keepLastSent(target, task, entry.roundId, round), {
            timeout: 1000,
            otherwiseAfter: 0,
          });
        }
      } catch {
        // Quota or privacy mode: kept for this page only.
        unstored.set(entry);
      }
    },
    delete(roundId) {
      unstored.delete(roundId);
      try {
        webStorage(storage)?.removeItem(PREFIX + roundId);
      } catch {
        // Nothing to forget if storage is unavailable.
      }
    },
    lastSentOf(task) {
      const last = readStoredJson(webStorage(storage), TASK_PREFIX + task, isLastSent);
      const entry = last ? get(last.roundId) : undefined;
      if (!last || !entry || entry.status === 'sending' || entry.task !== task)
        return unstored.lastSentOf?.(task);
      const round = last.round;
      return isKeptRound(round) && round.id === entry.roundId ? { ...entry, round } : entry;
    },
  };
}

/**
 * Keeps which round a task sent last, with the round when it is short enough and fits. Not its
 * `requestState`: the server's opaque state is for resuming, and a sent round is never resumed
 * from storage, so it has no business outliving the round there.
 */
function keepLastSent(storage: Storage, task: string, roundId: string, round: Suspension | undefined): void {
  const text = round === undefined ? undefined : JSON.stringify({ ...round, requestState: undefined });
  const pointer = JSON.stringify({ roundId });
  try {
    storage.setItem(
      TASK_PREFIX + task,
      text !== undefined && text.length <= KEPT_ROUND_LIMIT
        ? `${pointer.slice(0, -1)},"round":${text}}`
        : pointer,
    );
  } catch {
    // No room for the round: which round it was still finds its record.
    try {
      storage.setItem(TASK_PREFIX + task, pointer);
    } catch {
      // Nothing more to keep.
    }
  }
}

/** A {@link RoundLedger} that lives as long as the page (for tests, or hosts without storage). */
export function createMemoryLedger(): RoundLedger {
  const entries = new Map<string, SentRound>();
  const lastByTask = new Map<string, string>();
  return {
    get: (roundId) => entries.get(roundId),
    set(entry) {
      entries.delete(entry.roundId);
      entries.set(entry.roundId, entry);
      if (entry.task !== undefined && entry.status !== 'sending') lastByTask.set(entry.task, entry.roundId);
      for (const key of entries.keys()) {
        if (entries.size <= LEDGER_LIMIT) break;
        entries.delete(key);
      }
      for (const [task, roundId] of lastByTask) if (!entries.has(roundId)) lastByTask.delete(task);
    },
    delete: (roundId) => void entries.delete(roundId),
    lastSentOf(task) {
      const roundId = lastByTask.get(task);
      const entry = roundId === undefined ? undefined : entries.get(roundId);
      return entry && entry.status !== 'sending' && entry.task === task ? entry : undefined;
    },
  };
}

/**
 * The responses of a round with every secret field's value left out, fit to be remembered. A
 * request key is server text: one past 256 characters is kept as its `boundedName`, so a
 * megabyte key does not make every record of the round a megabyte long.
 */
export function withoutSecrets(round: Suspension, responses: InputResponses): InputResponses {
  const kept: InputResponses = {};
  const requests = new Map(round.requests.map((request) => [request.key, request]));
  for (const key of Object.keys(responses)) {
    const response = responses[key];
    if (response === undefined) continue;
    const request = requests.get(key);
    const content = (response as { content?: unknown }).content;
    if (request?.kind === 'form' && isPlainObject(content)) {
      const visible: Record<string, unknown> = {};
      for (const field of request.fields) {
        if (!field.secret && Object.hasOwn(content, field.name))
          setOwn(visible, field.name, content[field.name]);
      }
      setOwn(kept, boundedName(key), { ...response, content: visible } as InputResponses[string]);
    } else {
      setOwn(kept, boundedName(key), response);
    }
  }
  return kept;
}

/**
 * A record's answers keyed again by the round's own request keys: the way back from
 * {@link withoutSecrets}, for a round with a key past 256 characters.
 */
export function recordedAnswers(round: Suspension, answers: InputResponses): InputResponses {
  let renamed: InputResponses | undefined;
  for (const request of round.requests) {
    const name = boundedName(request.key);
    if (name === request.key || !Object.hasOwn(answers, name)) continue;
    renamed ??= { ...answers };
    const answer = renamed[name];
    delete renamed[name];
    if (answer !== undefined) setOwn(renamed, request.key, answer);
  }
  return renamed ?? answers;
}

/** A fresh idempotency key: random, so it says nothing about the answer it goes with. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index++) bytes[index] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Keeps at most {@link LEDGER_LIMIT} records, dropping the oldest. Counting the records reads
 * keys only; their texts (each a whole answer) are read and parsed only once there are too many,
 * and then the ledger drops back to {@link LEDGER_PRUNED_TO}, so a send at the limit does not
 * parse every record again.
 */
function prune(storage: Storage): void {
  const keys = storedKeys(storage, PREFIX);
  if (keys.length <= LEDGER_LIMIT) return;
  const records = keys.map((key) => ({ key, at: readStoredJson(storage, key, isSentRound)?.at ?? 0 }));
  records.sort((a, b) => a.at - b.at);
  for (const record of records.slice(0, records.length - LEDGER_PRUNED_TO)) storage.removeItem(record.key);
  // A task's last round goes with its record.
  for (const key of storedKeys(storage, TASK_PREFIX)) {
    const last = readStoredJson(storage, key, isLastSent);
    if (!last || storage.getItem(PREFIX + last.roundId) === null) storage.removeItem(key);
  }
}

function isLastSent(value: unknown): value is { roundId: string; round?: unknown } {
  return isPlainObject(value) && typeof value.roundId === 'string';
}

function isSentRound(value: unknown): value is SentRound {
  return (
    isPlainObject(value) &&
    typeof value.roundId === 'string' &&
    typeof value.idempotencyKey === 'string' &&
    (value.status === 'sending' || value.status === 'sent' || value.status === 'refused') &&
    (value.closedAs === undefined ||
      value.closedAs === 'answered-elsewhere' ||
      value.closedAs === 'expired') &&
    (value.uncertain === undefined || value.uncertain === true) &&
    isPlainObject(value.answers) &&
    typeof value.at === 'number' &&
    (value.task === undefined || typeof value.task === 'string')
  );
}

/** The field kinds a receipt can word; a kept field of any other kind is from another version. */
const FIELD_KINDS: ReadonlySet<unknown> = new Set<FieldKind>([
  'text',
  'email',
  'url',
  'date',
  'date-time',
  'number',
  'integer',
  'boolean',
  'single-select',
  'multi-select',
]);

/**
 * A kept round has the shape its receipt reads: requests with a key, a kind and text, form fields
 * with a name, a known kind and text, options with a label, and a select field with its options
 * (the receipt looks its values' labels up in them). A record from another version of this
 * library, or edited by hand, that does not is not used at all.
 */
function isKeptRound(value: unknown): value is Suspension {
  return (
    isPlainObject(value) &&
    typeof value.id === 'string' &&
    everyOf(
      value.requests,
      (request) =>
        typeof request.key === 'string' &&
        isText(request.message) &&
        (request.kind !== 'form' ||
          everyOf(
            request.fields,
            (field) =>
              typeof field.name === 'string' &&
              FIELD_KINDS.has(field.kind) &&
              isText(field.title) &&
              ((field.options === undefined &&
                field.kind !== 'single-select' &&
                field.kind !== 'multi-select') ||
                everyOf(field.options, (option) => typeof option.value === 'string' && isText(option.label))),
          )),
    )
  );
}

const isText = (value: unknown) => value === undefined || typeof value === 'string';

/** True for an array of plain objects that all pass `test`. */
function everyOf(value: unknown, test: (item: JsonObject) => boolean): boolean {
  return Array.isArray(value) && value.every((item) => isPlainObject(item) && test(item));
}
