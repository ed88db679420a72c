import { describe, expect, it } from 'vitest';
import { parseSuspension, readTaskState, toFlatInputResponses } from '../../src/core/index.ts';
import type { InputRequest, Suspension, UnsupportedRequest } from '../../src/core/model.ts';
import { FLAT_LIMITS, FLAT_REQUEST_KEY } from '../../src/core/parse/flat.ts';
import { LONE_ELICITATION_KEY } from '../../src/core/parse/index.ts';
import {
  cancelledTask,
  completedTask,
  consentRequest,
  createTaskResult,
  ElicitationsOnly,
  elicitFormRequest,
  elicitUrlRequest,
  FakeUrlElicitationRequiredError,
  failedTask,
  flatFields,
  flatResult,
  flatSentinel,
  hostPayload,
  hostPayloadList,
  inputRequiredTask,
  legacyCreateTaskResult,
  manyFlatFields,
  mrtrResponse,
  nameRequest,
  nameSchema,
  taskId,
  taskNotification,
  taskSideChannelRequest,
  urlRequiredError,
  urlRequiredResponse,
  workingTask,
} from '../fixtures/dialects.ts';

const kinds = (suspension: Suspension) => suspension.requests.map((request) => [request.key, request.kind]);

function onlyUnsupported(suspension: Suspension): UnsupportedRequest {
  expect(suspension.requests).toHaveLength(1);
  const [request] = suspension.requests;
  if (request?.kind !== 'unsupported') throw new Error(`expected unsupported, got ${request?.kind}`);
  return request;
}

function unsupportedAt(requests: InputRequest[], key: string): UnsupportedRequest {
  const request = requests.find((candidate) => candidate.key === key);
  if (request?.kind !== 'unsupported') throw new Error(`expected ${key} unsupported, got ${request?.kind}`);
  return request;
}

describe('dialect: MCP 2026-07-28 MRTR and the existing shapes', () => {
  it('marks an InputRequiredResult and a bare map as mcp-input-required', () => {
    expect(parseSuspension(mrtrResponse.result).dialect).toBe('mcp-input-required');
    expect(parseSuspension(mrtrResponse.result.inputRequests).dialect).toBe('mcp-input-required');
  });

  it('unwraps a whole JSON-RPC response once', () => {
    const suspension = parseSuspension(mrtrResponse);
    expect(suspension).toEqual(parseSuspension(mrtrResponse.result));
    expect(suspension.requestState).toBe('eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0');
    expect(() => parseSuspension({ jsonrpc: '2.0', id: 1, result: mrtrResponse })).toThrow(
      /^input-request-cards: parseSuspension got an object with keys \["jsonrpc", "id", "result"\]/,
    );
  });

  it('marks lone elicitation params as mcp-elicitation', () => {
    expect(parseSuspension({ message: 'Name?', requestedSchema: nameSchema }).dialect).toBe(
      'mcp-elicitation',
    );
  });

  it('skips answered keys of a map', () => {
    const suspension = parseSuspension(mrtrResponse, { answeredKeys: ['roots'] });
    expect(kinds(suspension)).toEqual([['github_login', 'form']]);
  });
});

describe('dialect: MCP Tasks extension tasks/get', () => {
  it('reads an input_required task into a round with the task id and creation time', () => {
    const suspension = parseSuspension(inputRequiredTask, { serverName: 'Reports' });
    expect(suspension).toMatchObject({
      dialect: 'mcp-tasks',
      taskId,
      createdAt: '2026-11-30T10:00:00Z',
      serverName: 'Reports',
    });
    expect(kinds(suspension)).toEqual([
      ['name', 'form'],
      ['consent', 'url'],
    ]);
    expect(suspension.id.startsWith(`${taskId}:`)).toBe(true);
  });

  it('lets meta win over the task', () => {
    const suspension = parseSuspension(inputRequiredTask, {
      taskId: 'host-task',
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(suspension).toMatchObject({ taskId: 'host-task', createdAt: '2026-01-01T00:00:00Z' });
    expect(suspension.id.startsWith('host-task:')).toBe(true);
    expect(parseSuspension(inputRequiredTask, { id: 'round-7' }).id).toBe('round-7');
  });

  it('keeps the round id while the same keys are open, and changes it for new keys', () => {
    const first = parseSuspension(inputRequiredTask);
    const laterPoll = parseSuspension({
      ...inputRequiredTask,
      lastUpdatedAt: '2026-11-30T10:01:00Z',
      statusMessage: 'Still waiting.',
      inputRequests: { consent: consentRequest, name: nameRequest },
    });
    expect(laterPoll.id).toBe(first.id);
    const reAsk = parseSuspension({ ...inputRequiredTask, inputRequests: { name2: nameRequest } });
    expect(reAsk.id).not.toBe(first.id);
    const otherTask = parseSuspension({ ...inputRequiredTask, taskId: 'other' });
    expect(otherTask.id).not.toBe(first.id);
  });

  it('names a round of a megabyte task id by its fingerprint, still one id per task and keys', () => {
    const long = 't'.repeat(1024 * 1024);
    const first = parseSuspension({ ...inputRequiredTask, taskId: long });
    expect(first.taskId).toBe(long);
    expect(first.id.length).toBeLessThan(40);
    expect(first.id).toMatch(/^#[0-9a-z]+:[0-9a-z]+$/);
    expect(parseSuspension({ ...inputRequiredTask, taskId: long }).id).toBe(first.id);
    expect(parseSuspension({ ...inputRequiredTask, taskId: `${long}u` }).id).not.toBe(first.id);
    expect(parseSuspension({ ...inputRequiredTask, taskId: 't'.repeat(256) }).id).toMatch(/^t{256}:/);
  });

  it('skips answered keys: the snapshot repeats until the server catches up', () => {
    const suspension = parseSuspension(inputRequiredTask, { answeredKeys: new Set(['name']) });
    expect(kinds(suspension)).toEqual([['consent', 'url']]);
    expect(suspension.id).toBe(
      parseSuspension({ ...inputRequiredTask, inputRequests: { consent: consentRequest } }).id,
    );
    expect(parseSuspension(inputRequiredTask, { answeredKeys: ['name', 'consent'] }).requests).toEqual([]);
  });

  it('turns odd entries into unsupported requests with reasons', () => {
    const suspension = parseSuspension({
      ...inputRequiredTask,
      inputRequests: {
        broken: 'nope',
        voice: { method: 'elicitation/create', params: { mode: 'voice', message: 'Say it' } },
        sample: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
      },
    });
    expect(kinds(suspension)).toEqual([
      ['broken', 'unsupported'],
      ['voice', 'unsupported'],
      ['sample', 'unsupported'],
    ]);
    expect(unsupportedAt(suspension.requests, 'broken').problems).not.toEqual([]);
    expect(unsupportedAt(suspension.requests, 'voice')).toMatchObject({
      reasonCode: 'unknown-mode',
      reasonParams: { mode: 'voice' },
    });
    expect(unsupportedAt(suspension.requests, 'sample').reasonCode).toBe('sampling');
  });

  it('reads the task from a JSON-RPC response, a notification and a 2025 { task } wrapper', () => {
    const direct = parseSuspension(inputRequiredTask);
    expect(parseSuspension({ jsonrpc: '2.0', id: 4, result: inputRequiredTask })).toEqual(direct);
    expect(parseSuspension(taskNotification)).toEqual(direct);
    expect(parseSuspension(legacyCreateTaskResult)).toMatchObject({
      dialect: 'mcp-tasks',
      taskId: 'legacy-1',
    });
  });

  it('gives a task that asks nothing an empty round', () => {
    expect(parseSuspension(workingTask).requests).toEqual([]);
    expect(parseSuspension(createTaskResult)).toMatchObject({ dialect: 'mcp-tasks', requests: [] });
    expect(parseSuspension({ ...workingTask, inputRequests: { name: nameRequest } }).requests).toEqual([]);
  });

  it('reads an input_required task whose inputRequests is no map as asking nothing, as the SDK reads the MRTR map', () => {
    expect(parseSuspension({ ...inputRequiredTask, inputRequests: [nameRequest] }).requests).toEqual([]);
  });
});

describe('readTaskState', () => {
  it('maps working, with the status message and poll interval', () => {
    expect(readTaskState(workingTask)).toEqual({
      status: 'working',
      message: 'Generating the report…',
      pollIntervalMs: 5_000,
    });
  });

  it('maps input_required to input-required with the round', () => {
    const state = readTaskState(inputRequiredTask, { toolName: 'report' });
    expect(state).toMatchObject({
      status: 'input-required',
      message: 'Waiting for your name.',
      pollIntervalMs: 5_000,
    });
    expect(state.suspension).toEqual(parseSuspension(inputRequiredTask, { toolName: 'report' }));
  });

  it('reads input_required with every key answered as working', () => {
    expect(readTaskState(inputRequiredTask, { answeredKeys: ['name', 'consent'] })).toEqual({
      status: 'working',
      message: 'Waiting for your name.',
      pollIntervalMs: 5_000,
    });
    expect(readTaskState(inputRequiredTask, { answeredKeys: ['name'] }).suspension?.requests).toHaveLength(1);
  });

  it('maps completed with its result', () => {
    expect(readTaskState(completedTask)).toEqual({
      status: 'completed',
      message: 'Done.',
      pollIntervalMs: 5_000,
      result: completedTask.result,
    });
    expect(
      readTaskState({ ...completedTask, result: undefined, statusMessage: undefined }),
    ).not.toHaveProperty('result', expect.anything());
  });

  it('maps failed with the error message, or the status message when there is one', () => {
    expect(readTaskState(failedTask)).toMatchObject({
      status: 'failed',
      error: 'The upstream service timed out.',
    });
    expect(readTaskState({ ...failedTask, statusMessage: 'Quota exceeded.' })).toMatchObject({
      status: 'failed',
      error: 'Quota exceeded.',
      message: 'Quota exceeded.',
    });
    expect(readTaskState({ ...failedTask, error: undefined })).not.toHaveProperty('error');
  });

  it('maps cancelled', () => {
    expect(readTaskState(cancelledTask)).toEqual({
      status: 'cancelled',
      message: 'Cancelled by the user.',
      pollIntervalMs: 5_000,
    });
  });

  it('reads 2025 tasks (pollInterval), responses and notifications', () => {
    expect(readTaskState(legacyCreateTaskResult)).toEqual({ status: 'working', pollIntervalMs: 2_000 });
    expect(readTaskState({ jsonrpc: '2.0', id: 2, result: cancelledTask }).status).toBe('cancelled');
    expect(readTaskState(taskNotification).status).toBe('input-required');
  });

  it('throws a clear error for an unknown status or a value without a task', () => {
    expect(() => readTaskState({ ...workingTask, status: 'paused' })).toThrow(
      /^input-request-cards: readTaskState got task status "paused"/,
    );
    expect(() => readTaskState({ content: [] })).toThrow(
      /^input-request-cards: readTaskState got .* no MCP task/,
    );
    expect(() => readTaskState(null)).toThrow(/^input-request-cards: /);
  });
});

describe('dialect: MCP 2025-11-25 elicitation/create JSON-RPC request', () => {
  it('reads a form request under the lone key', () => {
    const suspension = parseSuspension(elicitFormRequest);
    expect(suspension.dialect).toBe('mcp-elicitation');
    expect(suspension.requests).toMatchObject([
      { kind: 'form', key: LONE_ELICITATION_KEY, message: 'Please provide your name.' },
    ]);
  });

  it('keys a URL request "elicitation", keeps its elicitationId, and accepts it on open (consent)', () => {
    expect(parseSuspension(elicitUrlRequest).requests).toEqual([
      {
        kind: 'url',
        key: LONE_ELICITATION_KEY,
        message: 'Please complete the payment.',
        url: 'https://pay.example.com/checkout?session=abc',
        elicitationId: '550e8400-e29b-41d4-a716-446655440000',
        acceptOnOpen: true,
      },
    ]);
  });

  it('makes each JSON-RPC request its own round', () => {
    expect(parseSuspension(elicitFormRequest).id).toBe(parseSuspension({ ...elicitFormRequest }).id);
    expect(parseSuspension(elicitFormRequest).id).not.toBe(
      parseSuspension({ ...elicitFormRequest, id: 70 }).id,
    );
  });

  it('takes the taskId of a core-Tasks side-channel request', () => {
    expect(parseSuspension(taskSideChannelRequest).taskId).toBe('task-side-1');
    expect(parseSuspension(taskSideChannelRequest, { taskId: 'mine' }).taskId).toBe('mine');
  });

  it('turns an odd request into an unsupported one', () => {
    const request = onlyUnsupported(
      parseSuspension({ ...elicitUrlRequest, params: { mode: 'url', message: 'Pay' } }),
    );
    expect(request.reasonCode).toBe('missing-link');
    expect(onlyUnsupported(parseSuspension({ ...elicitFormRequest, params: 'x' })).problems).toEqual([
      { path: '/params', message: expect.stringMatching(/params object/) },
    ]);
  });
});

describe('dialect: -32042 URL elicitation required', () => {
  const expected = [
    {
      kind: 'url',
      key: 'auth-1',
      elicitationId: 'auth-1',
      url: 'https://auth.example.com/connect?elicitationId=auth-1',
      message: 'Authorization is required to access your Example Co files.',
    },
    {
      kind: 'url',
      key: 'pay-2',
      elicitationId: 'pay-2',
      url: 'https://pay.example.com/checkout',
      message: 'Please complete the payment.',
    },
  ];

  it.each([
    ['a JSON-RPC error object', urlRequiredError],
    ['a whole JSON-RPC response', urlRequiredResponse],
    ['an error without jsonrpc/id', { error: urlRequiredError }],
    ['an SDK-like Error instance', new FakeUrlElicitationRequiredError(urlRequiredError.data.elicitations)],
    ['an object with an elicitations getter', new ElicitationsOnly()],
    ['a plain object with elicitations', { elicitations: urlRequiredError.data.elicitations }],
  ])('reads %s into url requests keyed by elicitationId', (_label, wire) => {
    const suspension = parseSuspension(wire);
    expect(suspension.dialect).toBe('mcp-url-required');
    expect(suspension.requests).toEqual(expected);
  });

  it('gives the same error the same round id', () => {
    expect(parseSuspension(urlRequiredResponse).id).toBe(parseSuspension(urlRequiredError).id);
  });

  it('falls back to url-<index> for a missing or repeated elicitationId', () => {
    const suspension = parseSuspension({
      ...urlRequiredError,
      data: {
        elicitations: [
          { mode: 'url', message: 'A', url: 'https://a.example.com' },
          { mode: 'url', message: 'B', url: 'https://b.example.com', elicitationId: 'x' },
          { message: 'C', url: 'https://c.example.com', elicitationId: 'x' },
        ],
      },
    });
    expect(suspension.requests.map((request) => [request.key, request.kind])).toEqual([
      ['url-0', 'url'],
      ['x', 'url'],
      ['url-2', 'url'],
    ]);
    expect(suspension.requests[2]).toMatchObject({ elicitationId: 'x' });
  });

  it('turns odd entries into unsupported requests with reasons', () => {
    const { requests } = parseSuspension({
      ...urlRequiredError,
      data: {
        elicitations: [
          'https://evil.example.com',
          { mode: 'form', message: 'Name?', requestedSchema: nameSchema, elicitationId: 'f' },
          { mode: 'url', message: 'No link', elicitationId: 'n' },
        ],
      },
    });
    expect(unsupportedAt(requests, 'url-0').problems).toEqual([
      { path: '', message: expect.stringMatching(/must be an object/) },
    ]);
    expect(unsupportedAt(requests, 'f')).toMatchObject({
      message: 'Name?',
      problems: [{ path: '/mode', message: expect.stringMatching(/URL requests only/) }],
    });
    expect(unsupportedAt(requests, 'n')).toMatchObject({
      reasonCode: 'missing-link',
      problems: [{ path: '/url', message: expect.stringMatching(/"url" string/) }],
    });
  });

  it('explains a -32042 error that sends no elicitations', () => {
    const request = onlyUnsupported(parseSuspension({ code: -32042, message: 'Open a link' }));
    expect(request).toMatchObject({
      message: 'Open a link',
      reasonCode: 'missing-link',
    });
    expect(request.problems[0]?.path).toBe('/data/elicitations');
  });

  it('skips answered elicitations', () => {
    expect(
      parseSuspension(urlRequiredError, { answeredKeys: ['auth-1'] }).requests.map((r) => r.key),
    ).toEqual(['pay-2']);
  });

  it('throws for other errors, naming the code', () => {
    expect(() =>
      parseSuspension({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Boom' } }),
    ).toThrow(
      /^input-request-cards: parseSuspension got a JSON-RPC error \(code -32603: "Boom"\).*Only a -32042/,
    );
    expect(() => parseSuspension(new Error('network down'))).toThrow(
      /^input-request-cards: parseSuspension got an Error \("network down"\)/,
    );
    expect(() => parseSuspension(new Date())).toThrow(
      /^input-request-cards: parseSuspension got a non-plain object/,
    );
  });
});

describe('dialect: host suspension payload (mcp-input-request)', () => {
  it('reads the requests map and puts who asks on the suspension', () => {
    const suspension = parseSuspension(hostPayload);
    expect(suspension).toMatchObject({
      dialect: 'host',
      serverName: 'playground',
      toolName: 'approve_and_send',
      taskId: 'task-42',
      createdAt: '2026-11-30T12:00:00Z',
    });
    expect(kinds(suspension)).toEqual([
      ['approval', 'form'],
      ['docs', 'url'],
    ]);
  });

  it('lets meta win over the payload', () => {
    expect(parseSuspension(hostPayload, { serverName: 'Playground (local)', id: 'r1' })).toMatchObject({
      id: 'r1',
      serverName: 'Playground (local)',
      toolName: 'approve_and_send',
    });
  });

  it('tells rounds apart by task, creation time and requests', () => {
    const id = parseSuspension(hostPayload).id;
    expect(parseSuspension({ ...hostPayload }).id).toBe(id);
    expect(parseSuspension({ ...hostPayload, createdAt: '2026-11-30T12:05:00Z' }).id).not.toBe(id);
    expect(parseSuspension({ ...hostPayload, requests: { other: nameRequest } }).id).not.toBe(id);
  });

  it('reads an array of { key | id | name, method, params } entries', () => {
    const suspension = parseSuspension(hostPayloadList);
    expect(kinds(suspension)).toEqual([
      ['approval', 'form'],
      ['docs', 'url'],
      ['request-2', 'unsupported'],
    ]);
    expect(unsupportedAt(suspension.requests, 'request-2').reasonCode).toBe('sampling');
  });

  it('turns odd and repeated entries into unsupported requests', () => {
    const suspension = parseSuspension({
      ...hostPayload,
      requests: [42, { name: 'a', ...nameRequest }, { key: 'a', ...nameRequest }, { key: 'b' }],
    });
    expect(kinds(suspension)).toEqual([
      ['request-0', 'unsupported'],
      ['a', 'form'],
      ['request-2', 'unsupported'],
      ['b', 'unsupported'],
    ]);
    expect(unsupportedAt(suspension.requests, 'request-2').problems).toEqual([
      { path: '/key', message: expect.stringMatching(/"a" is used by an earlier request/) },
    ]);
    expect(unsupportedAt(suspension.requests, 'b').problems[0]?.path).toBe('/method');
  });

  it('skips answered keys in both forms', () => {
    expect(kinds(parseSuspension(hostPayload, { answeredKeys: ['approval'] }))).toEqual([['docs', 'url']]);
    expect(kinds(parseSuspension(hostPayloadList, { answeredKeys: ['docs', 'request-2'] }))).toEqual([
      ['approval', 'form'],
    ]);
  });

  it('names the fix when requests is neither a map nor an array', () => {
    expect(() => parseSuspension({ ...hostPayload, requests: 'approve?' })).toThrow(
      /^input-request-cards: .*"requests" is the string "approve\?"\. Pass .*inputRequests map/,
    );
  });
});

describe('dialect: flat field list', () => {
  it('reads the flat MRTR body into one form request with a synthesized schema', () => {
    const suspension = parseSuspension(flatResult);
    expect(suspension.dialect).toBe('flat');
    expect(suspension.requests).toHaveLength(1);
    const [request] = suspension.requests;
    expect(request).toMatchObject({
      kind: 'form',
      key: FLAT_REQUEST_KEY,
      message: 'Your account number and the code we sent you.',
      requestedSchema: {
        type: 'object',
        properties: {
          account: { type: 'string', title: 'Account number', description: 'As printed on the invoice.' },
          otp: { type: 'string', title: 'One-time code' },
          copies: { type: 'integer', title: 'Copies' },
          express: { type: 'boolean', title: 'Express delivery' },
          region: { type: 'string', title: 'Region', enum: ['eu', 'us'] },
        },
        required: ['account', 'otp', 'region'],
      },
    });
    if (request?.kind !== 'form') return;
    expect(
      request.fields.map((field) => [field.name, field.kind, field.required, field.secret ?? false]),
    ).toEqual([
      ['account', 'text', true, false],
      ['otp', 'text', true, true],
      ['copies', 'integer', false, false],
      ['express', 'boolean', false, false],
      ['region', 'single-select', true, false],
    ]);
  });

  it('reads the _pendingInputRequest sentinel and a bare array', () => {
    expect(parseSuspension(flatSentinel).requests).toMatchObject([
      { kind: 'form', key: FLAT_REQUEST_KEY, message: 'Which account?', fields: [{ name: 'account' }] },
    ]);
    const bare = parseSuspension(flatFields);
    expect(bare.dialect).toBe('flat');
    // No server text: the card words the question from the labels, in its own language.
    expect(bare.requests[0]).toMatchObject({
      kind: 'form',
      message: '',
      messageCode: 'additional-input',
      messageParams: { labels: ['Account number', 'One-time code', 'Copies', 'Express delivery', 'Region'] },
    });
    expect(parseSuspension(flatSentinel).requests[0]).not.toHaveProperty('messageCode');
  });

  it('accepts the aliases flat servers use: id/key for name, title for label, sensitive for secret', () => {
    const [request] = parseSuspension({
      inputRequests: [
        { id: 'user', title: 'User' },
        { key: 'pin', sensitive: true },
      ],
    }).requests;
    expect(request).toMatchObject({
      kind: 'form',
      fields: [
        { name: 'user', title: 'User' },
        { name: 'pin', secret: true },
      ],
    });
  });

  it('keeps names such as __proto__ as data', () => {
    const [request] = parseSuspension({
      inputRequests: [{ name: '__proto__' }, { name: 'user.email' }],
    }).requests;
    expect(request?.kind).toBe('form');
    if (request?.kind !== 'form') return;
    expect(Object.keys(request.requestedSchema.properties)).toEqual(['__proto__', 'user.email']);
    expect(Object.getPrototypeOf(request.requestedSchema.properties)).toBe(Object.prototype);
    expect(request.fields.map((field) => field.name)).toEqual(['__proto__', 'user.email']);
  });

  it(`accepts ${FLAT_LIMITS.maxFields} fields and refuses the whole request at ${FLAT_LIMITS.maxFields + 1}`, () => {
    expect(parseSuspension({ inputRequests: manyFlatFields(8) }).requests[0]?.kind).toBe('form');
    const request = onlyUnsupported(parseSuspension({ message: 'Many', inputRequests: manyFlatFields(9) }));
    expect(request).toMatchObject({ key: FLAT_REQUEST_KEY, message: 'Many' });
    expect(request).toMatchObject({ reasonCode: 'too-many-fields', reasonParams: { count: 9, limit: 8 } });
    expect(request.problems).toEqual([
      { path: '/inputRequests', message: expect.stringMatching(/9 fields.*at most 8/) },
    ]);
  });

  it('accepts names up to 64 characters and refuses longer ones', () => {
    expect(parseSuspension([{ name: 'n'.repeat(64) }]).requests[0]?.kind).toBe('form');
    const request = onlyUnsupported(parseSuspension([{ name: 'n'.repeat(65) }, { name: 'ok' }]));
    expect(request.problems).toEqual([
      { path: '/0/name', message: expect.stringMatching(/65 characters.*at most 64/) },
    ]);
  });

  it('accepts labels up to 120 characters and refuses longer ones', () => {
    expect(parseSuspension([{ name: 'a', label: 'l'.repeat(120) }]).requests[0]?.kind).toBe('form');
    const request = onlyUnsupported(
      parseSuspension({ inputRequests: [{ name: 'a', title: 'l'.repeat(121) }] }),
    );
    expect(request.problems).toEqual([
      { path: '/inputRequests/0/title', message: expect.stringMatching(/121 characters.*at most 120/) },
    ]);
  });

  it('refuses odd entries, listing a problem for each', () => {
    const request = onlyUnsupported(
      parseSuspension({
        inputRequests: [
          'account',
          { label: 'No name' },
          { name: 'when', type: 'date' },
          { name: 'dup' },
          { name: 'dup' },
          { name: 'size', enum: [] },
          { name: 'count', type: 'number', enum: ['1'] },
          nameRequest,
        ],
      }),
    );
    expect(request.reasonCode).toBe('schema');
    expect(request.problems.map((problem) => problem.path)).toEqual([
      '/inputRequests/0',
      '/inputRequests/1',
      '/inputRequests/2/type',
      '/inputRequests/4/name',
      '/inputRequests/5/enum',
      '/inputRequests/6/enum',
      '/inputRequests/7/method',
    ]);
    expect(request.problems[0]?.message).toMatch(/must be an object/);
    expect(request.problems[1]?.message).toMatch(/no "name"/);
    expect(request.problems[2]?.message).toMatch(/"date".*"string".*"number".*"integer".*"boolean"/);
    expect(request.problems[3]?.message).toMatch(/repeats the name "dup"/);
    expect(request.problems[6]?.message).toMatch(/embedded MCP request/);
  });

  it('refuses entries whose name, label, description or flags have the wrong type', () => {
    const request = onlyUnsupported(
      parseSuspension([
        { name: '  ' },
        { id: 7 },
        { name: 'a', label: 7 },
        { name: 'b', description: ['x'] },
        { name: 'c', required: 'yes' },
        { name: 'd', secret: 1 },
      ]),
    );
    expect(request.problems.map((problem) => problem.path)).toEqual([
      '/0/name',
      '/1/id',
      '/2/label',
      '/3/description',
      '/4/required',
      '/5/secret',
    ]);
  });

  it('refuses an empty list and a sentinel without a list', () => {
    expect(onlyUnsupported(parseSuspension({ inputRequests: [] })).problems).toEqual([
      { path: '/inputRequests', message: expect.stringMatching(/empty/) },
    ]);
    expect(onlyUnsupported(parseSuspension({ _pendingInputRequest: { message: 'x' } })).problems).toEqual([
      { path: '/_pendingInputRequest/inputRequests', message: expect.stringMatching(/must be an array/) },
    ]);
  });

  it('throws for a bare array that is no field list', () => {
    expect(() => parseSuspension(['a', 'b'])).toThrow(/^input-request-cards: parseSuspension got an array/);
    expect(() => parseSuspension([{ key: 'a', method: 'roots/list' }])).toThrow(/^input-request-cards: /);
  });

  it('gives the same request the same round id and a changed one a new id', () => {
    expect(parseSuspension(flatResult).id).toBe(parseSuspension({ ...flatResult }).id);
    expect(parseSuspension(flatResult).id).not.toBe(parseSuspension({ ...flatResult, message: 'Other' }).id);
  });
});

describe('toFlatInputResponses', () => {
  const suspension = parseSuspension(flatResult);

  it('turns an accepted answer into the flat object of values, fields only', () => {
    expect(
      toFlatInputResponses(suspension, {
        [FLAT_REQUEST_KEY]: {
          action: 'accept',
          content: { account: 'AC-1', otp: '123456', copies: 2, express: true, stray: 'x' },
        },
      }),
    ).toEqual({ account: 'AC-1', otp: '123456', copies: 2, express: true });
  });

  it('gives undefined when the person declined or cancelled, or nothing was answered', () => {
    expect(toFlatInputResponses(suspension, { [FLAT_REQUEST_KEY]: { action: 'decline' } })).toBeUndefined();
    expect(toFlatInputResponses(suspension, { [FLAT_REQUEST_KEY]: { action: 'cancel' } })).toBeUndefined();
    expect(toFlatInputResponses(suspension, {})).toBeUndefined();
  });

  it('gives undefined for a refused request and {} for an accept without content', () => {
    const refused = parseSuspension(manyFlatFields(9));
    expect(
      toFlatInputResponses(refused, { [FLAT_REQUEST_KEY]: { action: 'accept', content: {} } }),
    ).toBeUndefined();
    expect(toFlatInputResponses(suspension, { [FLAT_REQUEST_KEY]: { action: 'accept' } })).toEqual({});
  });

  it('keeps a field named __proto__ as data', () => {
    const odd = parseSuspension([{ name: '__proto__' }]);
    const content = JSON.parse('{"__proto__": "value"}') as Record<string, string>;
    const values = toFlatInputResponses(odd, { [FLAT_REQUEST_KEY]: { action: 'accept', content } });
    expect(values && Object.hasOwn(values, '__proto__')).toBe(true);
    expect(values && Object.getPrototypeOf(values)).toBe(Object.prototype);
  });

  it('names the fix for a round of another dialect', () => {
    expect(() => toFlatInputResponses(parseSuspension(inputRequiredTask), {})).toThrow(
      /^input-request-cards: toFlatInputResponses got a round of dialect "mcp-tasks".*inputResponses unchanged/,
    );
  });
});
