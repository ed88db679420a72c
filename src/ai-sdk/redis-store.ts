/**
 * A {@link PendingAnswerStore} on Redis, so an answer posted to any instance reaches the one
 * whose MCP request waits for it. Each waiting request is a hash with an absolute expiry; the
 * answer travels over pub/sub to the waiting instance's subscription.
 *
 * Typed structurally against `redis` (node-redis 5 or 6): the store never imports it, so apps
 * without Redis do not need the package.
 */
import { isPlainObject, parsedAs } from '../core/json.js';
import { type ElicitResult, isElicitResult } from '../core/model.js';
import {
  type DeliveryStatus,
  type PendingAnswer,
  type PendingAnswerStore,
  type PendingRequest,
  requestIdTaken,
} from './store.js';

/** The commands the store sends: a node-redis client (`createClient()`), connected. */
export interface RedisCommandClient {
  sendCommand(args: string[]): Promise<unknown>;
}

/** A node-redis client in subscriber mode: `client.duplicate()`, connected. */
export interface RedisSubscriberClient {
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<unknown>;
  unsubscribe(channel: string, listener: (message: string, channel: string) => void): Promise<unknown>;
}

/** Options of {@link createRedisAnswerStore}. */
export interface RedisAnswerStoreOptions {
  /** A connected client for commands. */
  client: RedisCommandClient;
  /** A second connected client for subscriptions (Redis gives a subscribed connection no other commands). */
  subscriber: RedisSubscriberClient;
  /** Prefix of every key and channel the store uses. @default 'input-request-cards:' */
  keyPrefix?: string;
  /** How long past `expiresAt` Redis still keeps a request, in case its instance died. @default 30000 */
  graceMs?: number;
}

/**
 * Records a request and its expiry in one step, so no key is ever left without an expiry. An id
 * that already waits is refused: two requests under one id share its answer channel, so one
 * chat's answer would settle the other's request too.
 */
const OPEN_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'taken' end
redis.call('HSET', KEYS[1], 'chat', ARGV[1], 'request', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 'opened'`;

/**
 * Checks chat and first-answer-wins, and publishes, in one step. When nobody listens any more,
 * the request is dropped: its instance is gone, and an answer would go nowhere.
 */
const DELIVER_SCRIPT = `
local chat = redis.call('HGET', KEYS[1], 'chat')
if not chat then return 'unknown-request' end
if chat ~= ARGV[1] then return 'wrong-chat' end
if redis.call('HSETNX', KEYS[1], 'answered', '1') == 0 then return 'already-answered' end
if redis.call('PUBLISH', KEYS[2], ARGV[2]) == 0 then
  redis.call('DEL', KEYS[1])
  return 'not-waiting'
end
return 'delivered'`;

const STATUSES: ReadonlySet<string> = new Set([
  'delivered',
  'unknown-request',
  'wrong-chat',
  'already-answered',
  'not-waiting',
]);

/**
 * An answer as `deliver` publishes it: an accept, decline or cancel, and an accept's content (if
 * any) an object. Anything else on the channel is no answer.
 */
function isPublishedAnswer(value: unknown): value is ElicitResult {
  if (!isPlainObject(value) || !isElicitResult(value as unknown as ElicitResult)) return false;
  return value.content === undefined || isPlainObject(value.content);
}

/**
 * A stored record as `open` writes it. Redis is shared: a record written by another version,
 * another app under the same prefix, or by hand must read as an unknown request (the route's JSON
 * refusal), never throw out of the answer route.
 */
function isStoredRequest(value: unknown): value is PendingRequest {
  return (
    isPlainObject(value) &&
    typeof value.chatId === 'string' &&
    typeof value.requestId === 'string' &&
    isPlainObject(value.params) &&
    typeof value.expiresAt === 'number' &&
    Number.isFinite(value.expiresAt)
  );
}

/** The request a stored record holds (only its own fields), or `undefined` when it holds none. */
function pendingRequestOf(raw: string): PendingRequest | undefined {
  const value = parsedAs(raw, isStoredRequest);
  return (
    value && {
      chatId: value.chatId,
      requestId: value.requestId,
      params: value.params,
      expiresAt: value.expiresAt,
    }
  );
}

/**
 * A pending-answer store on Redis: run several server instances (or serverless functions) and
 * the answer reaches the instance that waits for it, wherever it was posted. Every key expires
 * (`expiresAt` + `graceMs`) and is deleted as soon as its request settles. `open` refuses (throws)
 * a request id that already waits: ids must never repeat across instances (`generateId`).
 *
 * The answer itself, secret fields included, passes through Redis on its way (pub/sub, never
 * stored): use a Redis you would trust with the answers. The route checks an answer before it
 * publishes it; the waiting instance only checks that a message is an answer at all, so anyone
 * who may PUBLISH to this Redis can answer a waiting request: keep that right to your app.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * // Each client needs an 'error' listener: without one, a lost connection (a Redis restart) is
 * // an unhandled 'error' event that ends the process. With one, node-redis reconnects.
 * const client = await createClient({ url: process.env.REDIS_URL })
 *   .on('error', (error) => console.error('Redis client:', error))
 *   .connect();
 * const subscriber = await client
 *   .duplicate()
 *   .on('error', (error) => console.error('Redis subscriber:', error))
 *   .connect();
 * const bridge = createInputRequestBridge({ store: createRedisAnswerStore({ client, subscriber }) });
 * ```
 */
export function createRedisAnswerStore(options: RedisAnswerStoreOptions): PendingAnswerStore {
  const { client, subscriber } = options;
  const prefix = options.keyPrefix ?? 'input-request-cards:';
  const graceMs = options.graceMs ?? 30_000;
  const keyOf = (requestId: string) => `${prefix}request:${requestId}`;
  const channelOf = (requestId: string) => `${prefix}answer:${requestId}`;

  return {
    async open(request: PendingRequest): Promise<PendingAnswer> {
      const channel = channelOf(request.requestId);
      let resolve!: (result: ElicitResult) => void;
      const answer = new Promise<ElicitResult>((settle) => {
        resolve = settle;
      });
      const listener = (message: string) => {
        // Anyone who can PUBLISH on this Redis can write to the channel: only an answer settles
        // the request (a `null` or a stray value would reach summarizeAnswer and throw there).
        const result = parsedAs(message, isPublishedAnswer);
        if (result !== undefined) resolve(result);
      };
      await subscriber.subscribe(channel, listener);
      try {
        const opened = await client.sendCommand([
          'EVAL',
          OPEN_SCRIPT,
          '1',
          keyOf(request.requestId),
          request.chatId,
          JSON.stringify(request),
          String(Math.ceil(request.expiresAt + graceMs)),
        ]);
        if (opened === 'taken') throw requestIdTaken(request.requestId, 'in this Redis');
      } catch (error) {
        await subscriber.unsubscribe(channel, listener);
        throw error;
      }
      let closed = false;
      return {
        answer,
        close: async () => {
          if (closed) return;
          closed = true;
          await Promise.all([
            subscriber.unsubscribe(channel, listener),
            client.sendCommand(['DEL', keyOf(request.requestId)]),
          ]);
        },
      };
    },

    async get(requestId) {
      const raw = await client.sendCommand(['HGET', keyOf(requestId), 'request']);
      if (typeof raw !== 'string') return undefined;
      return pendingRequestOf(raw);
    },

    async deliver(chatId, requestId, result): Promise<DeliveryStatus> {
      const status = await client.sendCommand([
        'EVAL',
        DELIVER_SCRIPT,
        '2',
        keyOf(requestId),
        channelOf(requestId),
        chatId,
        JSON.stringify(result),
      ]);
      if (typeof status === 'string' && STATUSES.has(status)) return status as DeliveryStatus;
      throw new Error(
        `input-request-cards: Redis answered the delivery of request ${requestId} with ${String(status)}. ` +
          'Pass a node-redis client (createClient from "redis") whose sendCommand returns replies as strings.',
      );
    },
  };
}
