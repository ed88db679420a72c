// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { isStaleRoundError } from '../../src/core/source.ts';
import { answerRound, answerUntilDone, createMcpTaskSource } from '../../src/mcp/index.ts';
import { type Connected, connectTasks, createTaskServer } from '../fixtures/mcp-servers.ts';

// These run against @modelcontextprotocol/server 2.4 with custom tasks/get, tasks/update and
// tasks/cancel handlers (test/fixtures/mcp-servers.ts): the SDK has no Tasks runtime of its own.

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

const signal = () => new AbortController().signal;

const ask = (message: string, property: string, extra: Record<string, unknown> = {}) => ({
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message,
    requestedSchema: {
      type: 'object',
      properties: { [property]: { type: 'string', ...extra } },
      required: [property],
    },
  },
});

async function setup() {
  const server = createTaskServer();
  connection = await connectTasks(server);
  return { server, client: connection.client };
}

describe('createMcpTaskSource against an MCP Tasks server', () => {
  it('polls tasks/get, passing on status, message and pollIntervalMs', async () => {
    const { server, client } = await setup();
    const task = server.create({
      taskId: 'report-1',
      status: 'working',
      statusMessage: 'Crunching',
      pollIntervalMs: 250,
    });
    const source = createMcpTaskSource({
      client,
      taskId: 'report-1',
      serverName: 'Reports',
      toolName: 'generate_report',
    });
    expect(source.queryKey).toEqual(['input-request-cards', 'mcp-task', 'report-1']);
    expect(await source.fetchState(signal())).toEqual({
      status: 'working',
      message: 'Crunching',
      pollIntervalMs: 250,
    });

    task.status = 'input_required';
    task.inputRequests = { format: ask('Which format?', 'format', { enum: ['pdf', 'csv'], default: 'pdf' }) };
    const state = await source.fetchState(signal());
    expect(state).toMatchObject({
      status: 'input-required',
      pollIntervalMs: 250,
      suspension: { taskId: 'report-1', serverName: 'Reports', toolName: 'generate_report' },
    });
    expect(state.suspension?.requests.map((request) => [request.key, request.kind])).toEqual([
      ['format', 'form'],
    ]);
  });

  it('sends the answers with tasks/update and reads the result on the next poll', async () => {
    const { server, client } = await setup();
    server.create({
      taskId: 't1',
      status: 'input_required',
      inputRequests: { format: ask('Which format?', 'format', { enum: ['pdf', 'csv'], default: 'pdf' }) },
    });
    const source = createMcpTaskSource({ client, taskId: 't1' });
    const final = await answerUntilDone(source, { pollIntervalMs: 1 });
    expect(server.updates).toEqual([
      { taskId: 't1', inputResponses: { format: { action: 'accept', content: { format: 'pdf' } } } },
    ]);
    expect(final).toEqual({
      status: 'completed',
      result: {
        content: [
          {
            type: 'text',
            text: JSON.stringify({ format: { action: 'accept', content: { format: 'pdf' } } }),
          },
        ],
      },
    });
  });

  it('takes partial answers and never asks or sends an answered key again', async () => {
    const { server, client } = await setup();
    server.create({
      taskId: 't2',
      status: 'input_required',
      inputRequests: { first: ask('First name?', 'first'), last: ask('Last name?', 'last') },
    });
    const source = createMcpTaskSource({ client, taskId: 't2' });

    const round1 = (await source.fetchState(signal())).suspension;
    if (!round1) throw new Error('expected a round');
    expect(round1.requests.map((request) => request.key)).toEqual(['first', 'last']);
    // Only one answer: the task keeps waiting for the other.
    expect(
      await source.resume(
        { first: { action: 'accept', content: { first: 'Ada' } } },
        { suspension: round1, signal: signal() },
      ),
    ).toBeUndefined();

    // The server's snapshot still lists "first"; the source does not ask it again.
    expect(Object.keys(server.tasks.get('t2')?.inputRequests ?? {})).toEqual(['first', 'last']);
    const round2 = (await source.fetchState(signal())).suspension;
    if (!round2) throw new Error('expected a round');
    expect(round2.id).not.toBe(round1.id);
    expect(round2.requests.map((request) => request.key)).toEqual(['last']);

    // A resend of "first" (e.g. the whole round again) is not sent twice.
    await source.resume(
      {
        first: { action: 'accept', content: { first: 'Eve' } },
        last: { action: 'accept', content: { last: 'Lovelace' } },
      },
      { suspension: round2, signal: signal() },
    );
    expect(server.updates.map((update) => update.inputResponses)).toEqual([
      { first: { action: 'accept', content: { first: 'Ada' } } },
      { last: { action: 'accept', content: { last: 'Lovelace' } } },
    ]);
    expect(await source.fetchState(signal())).toMatchObject({ status: 'completed' });
  });

  it('reads a waiting task with nothing left to ask as working, then asks only new keys', async () => {
    const { server, client } = await setup();
    const task = server.create({
      taskId: 't3',
      status: 'input_required',
      inputRequests: { a: ask('A?', 'a'), b: ask('B?', 'b') },
      hold: true,
    });
    const source = createMcpTaskSource({ client, taskId: 't3', serverName: 'S' });
    const round = (await source.fetchState(signal())).suspension;
    if (!round) throw new Error('expected a round');
    await source.resume(answerRound(round, { values: { a: 'x', b: 'y' } }), {
      suspension: round,
      signal: signal(),
    });

    // The server's snapshot still lists both answered keys: nothing is left to ask.
    expect(Object.keys(task.inputRequests)).toEqual(['a', 'b']);
    expect(await source.fetchState(signal())).toEqual({ status: 'working' });

    // A new question arrives; only it is asked.
    task.inputRequests.c = ask('C?', 'c');
    const next = (await source.fetchState(signal())).suspension;
    expect(next?.requests.map((request) => request.key)).toEqual(['c']);
    expect(next?.id).not.toBe(round.id);
  });

  it('cancels with tasks/cancel', async () => {
    const { server, client } = await setup();
    server.create({ taskId: 't4', status: 'working' });
    const source = createMcpTaskSource({ client, taskId: 't4' });
    await source.cancel?.(signal());
    expect(server.cancels).toEqual(['t4']);
    expect(await source.fetchState(signal())).toEqual({ status: 'cancelled' });
  });

  it('reports a failed task with its error, and an unknown task as failed', async () => {
    const { server, client } = await setup();
    server.create({ taskId: 't5', status: 'failed', error: { code: -32603, message: 'Disk full' } });
    expect(await createMcpTaskSource({ client, taskId: 't5' }).fetchState(signal())).toEqual({
      status: 'failed',
      error: 'Disk full',
    });
    expect(await createMcpTaskSource({ client, taskId: 'nope' }).fetchState(signal())).toEqual({
      status: 'failed',
      error: expect.stringContaining('Unknown task: nope'),
    });
  });

  it('rejects with StaleRoundError when the task no longer waits for the answers', async () => {
    const { server, client } = await setup();
    const task = server.create({
      taskId: 't6',
      status: 'input_required',
      inputRequests: { a: ask('A?', 'a') },
    });
    const source = createMcpTaskSource({ client, taskId: 't6' });
    const round = (await source.fetchState(signal())).suspension;
    if (!round) throw new Error('expected a round');
    task.status = 'cancelled';
    const error = await source
      .resume({ a: { action: 'accept', content: { a: 'x' } } }, { suspension: round, signal: signal() })
      .catch((e: unknown) => e);
    expect(isStaleRoundError(error)).toBe(true);
  });

  it('sends the answer to a key named __proto__ (as it arrives off the wire), never drops it', async () => {
    const { server, client } = await setup();
    server.create({
      taskId: 't7',
      status: 'input_required',
      // JSON.parse makes "__proto__" an own key, as a server's JSON does.
      inputRequests: JSON.parse(
        `{"__proto__": ${JSON.stringify(ask('Name?', 'name'))}, "plain": ${JSON.stringify(ask('Plain?', 'p'))}}`,
      ),
    });
    const source = createMcpTaskSource({ client, taskId: 't7' });
    const round = (await source.fetchState(signal())).suspension;
    if (!round) throw new Error('expected a round');
    expect(round.requests.map((request) => request.key)).toEqual(['__proto__', 'plain']);
    await source.resume(answerRound(round, { values: { name: 'Ada', p: 'x' } }), {
      suspension: round,
      signal: signal(),
    });
    // What went on the wire (the server's SDK then reads the params with zod, which drops the key).
    const update = server.wire.find((request) => request.method === 'tasks/update');
    expect(Object.keys(update?.params.inputResponses ?? {})).toEqual(['__proto__', 'plain']);
    expect(JSON.stringify(update?.params.inputResponses)).toBe(
      '{"__proto__":{"action":"accept","content":{"name":"Ada"}},"plain":{"action":"accept","content":{"p":"x"}}}',
    );
  });

  it('rejects a tasks/get result that is no task, saying what was expected', async () => {
    const fake = { request: async () => ({ status: 'sleeping' }) } as never;
    await expect(createMcpTaskSource({ client: fake, taskId: 'x' }).fetchState(signal())).rejects.toThrow(
      /^input-request-cards: readTaskState/,
    );
  });
});
