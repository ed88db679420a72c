// @vitest-environment node
import { createClient } from 'redis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createInputRequestBridge,
  createRedisAnswerStore,
  type InputRequestChunk,
  type PendingAnswerStore,
} from '../../src/ai-sdk/server.ts';
import {
  assistantText,
  createAskingServer,
  inputRequestParts,
  postAnswer,
  runChatTurn,
  scriptedModel,
} from '../fixtures/ai-sdk-chat.ts';
import {
  expectAnswerMissesTheChatThatTookItsId,
  expectTakenIdRefused,
  repeatingIds,
  SHARED_ID,
  slowGet,
} from '../fixtures/chat-race.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redis-server.ts';

type Client = ReturnType<typeof createClient>;

/**
 * Started by the first test that needs it. Each test awaits it, so a missing redis-server fails
 * every one of them with the install hint (a failing beforeAll would only mark them skipped).
 */
let redis: Promise<RedisServer> | undefined;
const clients: Array<{ quit: () => Promise<unknown> }> = [];

/** One server instance's Redis connections and store (each instance has its own, as in production). */
async function instance(prefix: string) {
  redis ??= startRedisServer();
  const client = createClient({ url: (await redis).url });
  await client.connect();
  const subscriber = client.duplicate();
  await subscriber.connect();
  clients.push(client, subscriber);
  const store: PendingAnswerStore = createRedisAnswerStore({ client, subscriber, keyPrefix: prefix });
  return { store, client, subscriber };
}

/** Every key under a prefix. */
async function traces(client: Pick<Client, 'keys'>, prefix: string): Promise<string[]> {
  return client.keys(`${prefix}*`);
}

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
  await (await redis?.catch(() => undefined))?.stop();
});

describe('the Redis answer store, on a real redis-server', () => {
  it('two bridge instances: the answer posted to the other instance reaches the waiting one, and no key is left', async () => {
    const prefix = 'irc-test-1:';
    const a = await instance(prefix);
    const b = await instance(prefix);
    const bridgeA = createInputRequestBridge({ store: a.store });
    const bridgeB = createInputRequestBridge({ store: b.store });
    const server = createAskingServer();

    // The chat turn runs on instance A: its MCP request waits there.
    const turn = runChatTurn({
      bridge: bridgeA,
      chatId: 'chat-r',
      server,
      model: scriptedModel('book_meeting', { day: 'Thursday' }),
    });
    const pending = await turn.part((part) => part.data.status === 'pending');
    const key = `${prefix}request:${pending.data.requestId}`;
    const channel = `${prefix}answer:${pending.data.requestId}`;

    // While it waits, the request is in Redis with an expiry, and A listens on its channel.
    expect(await a.client.exists(key)).toBe(1);
    const ttl = await a.client.pTTL(key);
    expect(ttl).toBeGreaterThan(600_000);
    expect(ttl).toBeLessThanOrEqual(630_000);
    expect(await a.client.pubSubNumSub(channel)).toEqual({ [channel]: 1 });

    // B refuses an answer from another chat as it refuses an unknown id (a sender learns nothing
    // of other chats' requests), then delivers the right one to A.
    const wrong = await postAnswer(bridgeB, {
      chatId: 'chat-other',
      requestId: pending.data.requestId,
      response: { action: 'decline' },
    });
    const unknown = await postAnswer(bridgeB, {
      chatId: 'chat-other',
      requestId: 'never-asked',
      response: { action: 'decline' },
    });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe(await unknown.text());
    const response = await postAnswer(bridgeB, {
      chatId: 'chat-r',
      requestId: pending.data.requestId,
      response: { action: 'accept', content: { title: 'Review', room: 'south', api_key: 'sk-hidden-42' } },
    });
    expect(response.status).toBe(200);

    const messages = await turn.finished;
    expect(server.received).toEqual([
      {
        tool: 'book_meeting',
        result: { action: 'accept', content: { title: 'Review', room: 'south', api_key: 'sk-hidden-42' } },
      },
    ]);
    expect(assistantText(messages)).toContain('Booked “Review” on Thursday in the south room.');
    expect(inputRequestParts(messages)[0]?.data.answer).toEqual({
      action: 'accept',
      content: { title: 'Review', room: 'south' },
      hidden: ['api_key'],
    });

    // Nothing is left behind: no key, no subscription.
    await vi.waitFor(async () => expect(await traces(a.client, prefix)).toEqual([]));
    expect(await a.client.pubSubNumSub(channel)).toEqual({ [channel]: 0 });

    // A second answer after the request settled is refused.
    const late = await postAnswer(bridgeB, {
      chatId: 'chat-r',
      requestId: pending.data.requestId,
      response: { action: 'cancel' },
    });
    expect(late.status).toBe(404);
    await server.close();
  });

  it('first answer wins across instances; an answer nobody waits for any more is refused and cleaned up', async () => {
    const prefix = 'irc-test-2:';
    const a = await instance(prefix);
    const b = await instance(prefix);
    const request = {
      chatId: 'c',
      requestId: 'r1',
      params: { message: 'Hi?' },
      expiresAt: Date.now() + 60_000,
    };

    const pending = await a.store.open(request);
    expect(await b.store.get('r1')).toEqual(request);
    expect(await b.store.deliver('c', 'r1', { action: 'decline' })).toBe('delivered');
    expect(await b.store.deliver('c', 'r1', { action: 'cancel' })).toBe('already-answered');
    expect(await pending.answer).toEqual({ action: 'decline' });
    await pending.close();
    await pending.close();
    expect(await traces(a.client, prefix)).toEqual([]);

    // The instance that waited died without closing: its subscription is gone, its key remains.
    const orphan = await a.store.open({ ...request, requestId: 'r2' });
    await a.subscriber.unsubscribe(`${prefix}answer:r2`);
    expect(await b.store.deliver('c', 'r2', { action: 'decline' })).toBe('not-waiting');
    expect(await traces(a.client, prefix)).toEqual([]);
    void orphan;
  });

  it('a stored record that is not a request reads as an unknown one, and the route refuses it as JSON', async () => {
    const prefix = 'irc-test-4:';
    const a = await instance(prefix);
    const bridge = createInputRequestBridge({ store: a.store });
    const valid = { chatId: 'c', requestId: 'r', params: { message: 'Hi?' }, expiresAt: Date.now() + 60_000 };
    // Written by hand, by another app under the same prefix, or by an older version.
    const records = [
      'not json',
      'null',
      '[]',
      '"a string"',
      JSON.stringify({ ...valid, chatId: 7 }),
      JSON.stringify({ ...valid, requestId: null }),
      JSON.stringify({ ...valid, params: null }),
      JSON.stringify({ ...valid, params: ['message'] }),
      JSON.stringify({ ...valid, expiresAt: '2030-01-01' }),
      JSON.stringify({ ...valid, expiresAt: null }),
      JSON.stringify({ chatId: 'c', requestId: 'r' }),
    ];
    for (const record of records) {
      await a.client.hSet(`${prefix}request:r`, { chat: 'c', request: record });
      expect(await a.store.get('r'), record).toBeUndefined();
      const response = await postAnswer(bridge, {
        chatId: 'c',
        requestId: 'r',
        response: { action: 'decline' },
      });
      expect(response.status, record).toBe(404);
      expect((await response.json()).error.code, record).toBe('unknown-request');
    }
    // The same key with a well-formed record still reads.
    await a.client.hSet(`${prefix}request:r`, { chat: 'c', request: JSON.stringify(valid) });
    expect(await a.store.get('r')).toEqual(valid);
    await a.client.del(`${prefix}request:r`);
  });

  it('only an answer settles a waiting request: anything else published on its channel is ignored', async () => {
    const prefix = 'irc-test-5:';
    const a = await instance(prefix);
    const pending = await a.store.open({
      chatId: 'c',
      requestId: 'r',
      params: { message: 'Hi?' },
      expiresAt: Date.now() + 60_000,
    });
    const channel = `${prefix}answer:r`;
    // Published in order on one connection, so Redis hands them over in this order: if any of
    // these settled the request, the answer would be it, not the decline after them.
    for (const message of [
      'null',
      'garbage',
      '42',
      '[]',
      '{}',
      '{"action":"maybe"}',
      '{"action":"accept","content":null}',
      '{"action":"accept","content":"text"}',
    ]) {
      expect(await a.client.publish(channel, message)).toBe(1);
    }
    await a.client.publish(channel, JSON.stringify({ action: 'decline' }));
    expect(await pending.answer).toEqual({ action: 'decline' });
    await pending.close();
    expect(await traces(a.client, prefix)).toEqual([]);
  });

  it('times out across instances like in memory: the server is told cancel and the keys go', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const prefix = 'irc-test-3:';
      const a = await instance(prefix);
      const bridge = createInputRequestBridge({ store: a.store, timeoutMs: 2_000 });
      const chunks: InputRequestChunk[] = [];
      const asks = bridge.forChat({ chatId: 'c', writer: { write: (chunk) => chunks.push(chunk) } });
      const answer = asks.onElicitationRequest({
        params: { message: 'Anyone?', requestedSchema: { type: 'object', properties: {} } },
      });
      await vi.waitFor(() => expect(chunks).toHaveLength(1), { interval: 5 });
      expect(await traces(a.client, prefix)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await answer).toMatchObject({ action: 'cancel' });
      expect(chunks.at(-1)?.data.status).toBe('timed-out');
      expect(await traces(a.client, prefix)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an answer for one chat never reaches another chat's request given the same id, on another instance", async () => {
    const prefix = 'irc-test-6:';
    const a = await instance(prefix);
    const b = await instance(prefix);
    const c = await instance(prefix);
    // Each instance counts its own requests: chat-x on A and chat-y on B get the same id.
    const bridgeA = createInputRequestBridge({ store: a.store, generateId: repeatingIds });
    const bridgeB = createInputRequestBridge({ store: b.store, generateId: repeatingIds });
    const slow = slowGet(c.store);
    const route = createInputRequestBridge({ store: slow.store });
    // Between the route's check (on C) and its delivery, chat-x's request ends and chat-y asks.
    await expectAnswerMissesTheChatThatTookItsId(bridgeA, bridgeB, route, slow);
    await vi.waitFor(async () => expect(await traces(a.client, prefix)).toEqual([]));
  });

  it('a second request under an id that already waits (another instance, another chat) is refused: the answer for one chat never reaches the other', async () => {
    const prefix = 'irc-test-7:';
    const a = await instance(prefix);
    const b = await instance(prefix);
    const bridgeA = createInputRequestBridge({ store: a.store, generateId: repeatingIds });
    const bridgeB = createInputRequestBridge({ store: b.store, generateId: repeatingIds });
    // Both would listen on the id's one answer channel: chat-y's answer would settle chat-x's
    // request too.
    await expectTakenIdRefused(bridgeA, bridgeB, 'this Redis', async () => {
      expect(await a.client.pubSubNumSub(`${prefix}answer:${SHARED_ID}`)).toEqual({
        [`${prefix}answer:${SHARED_ID}`]: 1,
      });
    });
    await vi.waitFor(async () => expect(await traces(a.client, prefix)).toEqual([]));
  });
});
