import { isPlainObject, setOwn } from './json.js';
import type { InputResponses, Suspension } from './model.js';
import { readStoredJson, storedKeys, webStorage } from './web-storage.js';

/** What the session remembers of a round it sent. */
export interface SentRound {
  roundId: string;
  /** The idempotency key the round's answer was sent under (reused by every retry). */
  idempotencyKey: string;
  /** `sending`: the answer left but was never confirmed; `sent`: the backend took it. */
  status: 'sending' | 'sent';
  /** What was answered, for the receipt — with every secret field's value left out. */
  answers: InputResponses;
  /** When it was recorded (epoch ms). */
  at: number;
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
}

const PREFIX = 'input-request-cards:sent:';
/** A tab answers few rounds; the oldest records go first past this many. */
const LEDGER_LIMIT = 50;
/** How many records are left once the oldest went. */
const LEDGER_PRUNED_TO = 40;

/**
 * A {@link RoundLedger} on Web Storage (`sessionStorage` by default: as long as the tab lives).
 * A missing or full storage degrades to remembering nothing, never to an error. It keeps the
 * newest 50 sent rounds of the storage.
 *
 * @example
 * ```tsx
 * // Sent rounds stay answered after the tab is closed and the chat opened again:
 * const ledger = createStorageLedger(localStorage);
 * <InputRequestCard source={source} ledger={ledger} />
 * ```
 */
export function createStorageLedger(storage?: Storage): RoundLedger {
  return {
    get: (roundId) =>
      readStoredJson(
        webStorage(storage),
        PREFIX + roundId,
        (value): value is SentRound => isSentRound(value) && value.roundId === roundId,
      ),
    set(entry) {
      const target = webStorage(storage);
      if (!target) return;
      try {
        target.setItem(PREFIX + entry.roundId, JSON.stringify(entry));
        prune(target);
      } catch {
        // Quota or privacy mode: the ledger is a safety net, the card still works.
      }
    },
    delete(roundId) {
      try {
        webStorage(storage)?.removeItem(PREFIX + roundId);
      } catch {
        // Nothing to forget if storage is unavailable.
      }
    },
  };
}

/** A {@link RoundLedger} that lives as long as the page (for tests, or hosts without storage). */
export function createMemoryLedger(): RoundLedger {
  const entries = new Map<string, SentRound>();
  return {
    get: (roundId) => entries.get(roundId),
    set(entry) {
      entries.delete(entry.roundId);
      entries.set(entry.roundId, entry);
      for (const key of entries.keys()) {
        if (entries.size <= LEDGER_LIMIT) break;
        entries.delete(key);
      }
    },
    delete: (roundId) => void entries.delete(roundId),
  };
}

/** The responses of a round with every secret field's value left out, fit to be remembered. */
export function withoutSecrets(round: Suspension, responses: InputResponses): InputResponses {
  const kept: InputResponses = {};
  for (const key of Object.keys(responses)) {
    const response = responses[key];
    if (response === undefined) continue;
    const request = round.requests.find((candidate) => candidate.key === key);
    const content = (response as { content?: unknown }).content;
    if (request?.kind === 'form' && isPlainObject(content)) {
      const visible: Record<string, unknown> = {};
      for (const field of request.fields) {
        if (!field.secret && Object.hasOwn(content, field.name))
          setOwn(visible, field.name, content[field.name]);
      }
      setOwn(kept, key, { ...response, content: visible } as InputResponses[string]);
    } else {
      setOwn(kept, key, response);
    }
  }
  return kept;
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
}

function isSentRound(value: unknown): value is SentRound {
  return (
    isPlainObject(value) &&
    typeof value.roundId === 'string' &&
    typeof value.idempotencyKey === 'string' &&
    (value.status === 'sending' || value.status === 'sent') &&
    isPlainObject(value.answers) &&
    typeof value.at === 'number'
  );
}
