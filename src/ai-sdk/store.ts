/**
 * Where requests wait for their answers. The instance that holds the MCP request waits; the
 * answer may arrive at any instance (serverless, a load balancer). One machine needs nothing
 * more than {@link createMemoryAnswerStore}; several share a Redis store (`redis-store.ts`).
 */
import type { ElicitResult } from '../core/model.js';

/** One request that waits for a person's answer. */
export interface PendingRequest {
  chatId: string;
  requestId: string;
  /** The `elicitation/create` params, so any instance can check an answer against its schema. */
  params: Record<string, unknown>;
  /** When the waiting instance stops waiting (epoch milliseconds). */
  expiresAt: number;
}

/**
 * What became of an answer handed to {@link PendingAnswerStore.deliver}:
 * - `delivered`: the waiting instance has it;
 * - `unknown-request`: no request with that id waits (answered and closed, timed out, or never asked);
 * - `wrong-chat`: the request waits, but in another chat;
 * - `already-answered`: an earlier answer won;
 * - `not-waiting`: the request is recorded, but nobody listens any more (the instance that asked is gone).
 */
export type DeliveryStatus =
  | 'delivered'
  | 'unknown-request'
  | 'wrong-chat'
  | 'already-answered'
  | 'not-waiting';

/** A request registered with {@link PendingAnswerStore.open}: its answer, and how to stop waiting. */
export interface PendingAnswer {
  /** Resolves with the first answer delivered to the request. */
  answer: Promise<ElicitResult>;
  /** Stops waiting and removes every trace of the request. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Keeps the requests that wait for answers and carries each answer to the instance waiting for
 * it. Implementations must expire what they keep (a crashed instance never calls `close`).
 */
export interface PendingAnswerStore {
  /** Registers a request and starts listening for its answer (listening first, so none is missed). */
  open(request: PendingRequest): Promise<PendingAnswer>;
  /** The waiting request with this id, or `undefined`. */
  get(requestId: string): Promise<PendingRequest | undefined>;
  /** Hands an answer to the request, if it waits in that chat; the first answer wins. */
  deliver(chatId: string, requestId: string, result: ElicitResult): Promise<DeliveryStatus>;
}

interface MemoryEntry {
  request: PendingRequest;
  answered: boolean;
  resolve: (result: ElicitResult) => void;
}

/** Options of {@link createMemoryAnswerStore}. */
export interface MemoryAnswerStoreOptions {
  /** How long past `expiresAt` a forgotten entry is still kept. @default 30000 */
  graceMs?: number;
}

/**
 * The default store: requests wait in this process's memory. Right for one server process;
 * behind a load balancer or on serverless, use {@link createRedisAnswerStore} so an answer
 * posted to another instance reaches the one waiting.
 *
 * @example
 * ```ts
 * const bridge = createInputRequestBridge({ store: createMemoryAnswerStore() }); // the default
 * ```
 */
export function createMemoryAnswerStore(options: MemoryAnswerStoreOptions = {}): PendingAnswerStore {
  const graceMs = options.graceMs ?? 30_000;
  const entries = new Map<string, MemoryEntry>();

  /** The entry, unless it outlived its expiry (then it is dropped). */
  const live = (requestId: string): MemoryEntry | undefined => {
    const entry = entries.get(requestId);
    if (entry !== undefined && Date.now() > entry.request.expiresAt + graceMs) {
      entries.delete(requestId);
      return undefined;
    }
    return entry;
  };

  return {
    async open(request) {
      // Two requests under one id could not be told apart by an answer: the second is not asked.
      if (live(request.requestId) !== undefined) throw requestIdTaken(request.requestId, 'in this process');
      let resolve!: (result: ElicitResult) => void;
      const answer = new Promise<ElicitResult>((settle) => {
        resolve = settle;
      });
      const entry: MemoryEntry = { request: { ...request }, answered: false, resolve };
      entries.set(request.requestId, entry);
      return {
        answer,
        close: async () => {
          if (entries.get(request.requestId) === entry) entries.delete(request.requestId);
        },
      };
    },
    async get(requestId) {
      const entry = live(requestId);
      return entry === undefined ? undefined : { ...entry.request };
    },
    async deliver(chatId, requestId, result) {
      const entry = live(requestId);
      if (entry === undefined) return 'unknown-request';
      if (entry.request.chatId !== chatId) return 'wrong-chat';
      if (entry.answered) return 'already-answered';
      entry.answered = true;
      entry.resolve(result);
      return 'delivered';
    },
  };
}

/**
 * The error of a store's `open` for a request id that already waits (a `generateId` that
 * repeats, such as a counter per instance): an answer to either would reach both, so the second
 * is not asked.
 */
export function requestIdTaken(requestId: string, where: string): Error {
  return new Error(
    `input-request-cards: a request with id ${JSON.stringify(requestId)} already waits ${where}, so this one was not asked (an answer to either would reach both). ` +
      'Give createInputRequestBridge a generateId whose ids never repeat across instances, such as crypto.randomUUID (the default).',
  );
}
