import {
  boundedName,
  describeValue,
  fingerprint,
  hasOwnData,
  isPlainObject,
  own,
  ownNumber,
  ownObject,
  ownString,
  quote,
} from '../json.js';
import { deadlineOf } from '../lifecycle.js';
import type { Suspension, SuspensionMeta } from '../model.js';
import type { InputRequestState, TaskStatus } from '../source.js';
import { readInputRequestMap } from './request.js';
import { answeredKeySet, atBoundary, buildSuspension, libraryError } from './shared.js';

/** MCP Tasks statuses (snake_case on the wire) and their kebab-case {@link TaskStatus}. */
const STATUSES: ReadonlyMap<string, TaskStatus> = new Map<string, TaskStatus>([
  ['working', 'working'],
  ['input_required', 'input-required'],
  ['completed', 'completed'],
  ['failed', 'failed'],
  ['cancelled', 'cancelled'],
]);

/**
 * True for an MCP task: own `taskId` and `status` strings. Matches an extension `tasks/get` result
 * (`DetailedTask` with `resultType: "complete"`), a `CreateTaskResult` (`resultType: "task"`) and a
 * 2025-11-25 core `Task`.
 */
export function isTask(wire: Record<string, unknown>): boolean {
  return typeof own(wire, 'taskId') === 'string' && typeof own(wire, 'status') === 'string';
}

/**
 * Reads the round a task asks for. Only `status: "input_required"` asks anything: its
 * `inputRequests` map is read like MRTR's, leaving out `meta.answeredKeys` (the snapshot repeats
 * on every poll until the server has processed `tasks/update`). Any other status gives an empty
 * round; use {@link readTaskState} to learn where the task stands.
 *
 * The round id is `<taskId>:<fingerprint of the sorted open keys>`: stable while the same keys are
 * open, new when the server asks something new (keys are unique over the task's life). A task id
 * past 256 characters stands as `#` and its fingerprint (`boundedName`). An `inputRequests` that is
 * no object map counts as `{}`, as the SDK reads the MRTR map.
 */
export function parseTask(task: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  const taskId = meta.taskId ?? ownString(task, 'taskId') ?? '';
  const status = own(task, 'status');
  // The MRTR map, read as the SDK reads it there: one that is no object map asks nothing.
  const inputRequests = status === 'input_required' ? own(task, 'inputRequests') : undefined;
  const requests = readInputRequestMap(
    isPlainObject(inputRequests) ? inputRequests : {},
    answeredKeySet(meta),
  );
  const openKeys = requests.map((request) => request.key).sort();
  return buildSuspension(
    {
      dialect: 'mcp-tasks',
      requests,
      identitySource: openKeys,
      id: `${boundedName(taskId)}:${fingerprint(openKeys)}`,
      wire: { taskId: ownString(task, 'taskId'), createdAt: ownString(task, 'createdAt') },
    },
    meta,
  );
}

/** Method names of task status notifications (extension `notifications/tasks`, older `notifications/tasks/status`). */
const TASK_NOTIFICATION_METHODS: ReadonlySet<string> = new Set([
  'notifications/tasks',
  'notifications/tasks/status',
]);

/**
 * Finds the task in a wire value: the task itself, a JSON-RPC response whose `result` is one,
 * a task notification's `params`, or a 2025-11-25 `CreateTaskResult` (`{ task }`).
 */
export function findTask(wire: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(wire)) return undefined;
  if (isTask(wire)) return wire;
  const method = own(wire, 'method');
  const candidates =
    typeof method === 'string'
      ? TASK_NOTIFICATION_METHODS.has(method)
        ? [own(wire, 'params')]
        : []
      : [own(wire, 'result'), own(wire, 'task')];
  for (const candidate of candidates) {
    if (isPlainObject(candidate)) {
      if (isTask(candidate)) return candidate;
      const inner = own(candidate, 'task');
      if (isPlainObject(inner) && isTask(inner)) return inner;
    }
  }
  return undefined;
}

/**
 * Reads where an MCP task stands, for an {@link InputRequestSource}'s `fetchState`. Accepts a
 * Tasks extension `tasks/get` result (`DetailedTask`), its JSON-RPC response, a task notification,
 * or a 2025-11-25 core `Task` / `CreateTaskResult`.
 *
 * - `status` becomes kebab-case: `working`, `input-required`, `completed`, `failed`, `cancelled`;
 * - `statusMessage` becomes `message`; `pollIntervalMs` (2025-11-25: `pollInterval`) is kept;
 * - `input_required` carries the `suspension` (see `parseSuspension`; `meta.answeredKeys` dedupes).
 *   When no key is left open (all answered, the snapshot not yet updated) the state reads `working`.
 *   With a `createdAt` and a `ttlMs` (2025-11-25: `ttl`), its `deadline` is when the task's time
 *   to live runs out: the server may forget the task then, so answers after it would go nowhere;
 * - `completed` carries the task's `result`, when it has one;
 * - `failed` carries `error`: the `statusMessage`, else the JSON-RPC `error.message`.
 *
 * @throws an `input-request-cards:` error when `wire` holds no task, its status is unknown, or an
 * `input_required` task's `inputRequests` is not a map.
 * @example
 * ```ts
 * const source: InputRequestSource = {
 *   queryKey: ['task', taskId],
 *   fetchState: async () => readTaskState(await tasksGet(taskId), { serverName: 'Billing', answeredKeys: sent }),
 *   resume: (inputResponses) => tasksUpdate(taskId, inputResponses),
 * };
 * ```
 */
export function readTaskState(wire: unknown, meta: SuspensionMeta = {}): InputRequestState {
  return atBoundary('readTaskState', () => readState(wire, meta));
}

function readState(wire: unknown, meta: SuspensionMeta): InputRequestState {
  const task = findTask(wire);
  if (task === undefined) {
    throw libraryError(
      `input-request-cards: readTaskState got ${describeValue(wire)} that holds no MCP task. ` +
        'Pass a tasks/get result ({ taskId, status, createdAt, lastUpdatedAt, ttlMs, … }), its JSON-RPC response, ' +
        'or the params of a notifications/tasks notification.',
    );
  }
  const wireStatus = own(task, 'status');
  const status = typeof wireStatus === 'string' ? STATUSES.get(wireStatus) : undefined;
  if (status === undefined) {
    throw libraryError(
      `input-request-cards: readTaskState got task status ${typeof wireStatus === 'string' ? quote(wireStatus) : describeValue(wireStatus)}, which MCP Tasks does not define. ` +
        'Expected one of "working", "input_required", "completed", "failed", "cancelled".',
    );
  }
  const message = ownString(task, 'statusMessage');
  const pollIntervalMs = ownNumber(task, 'pollIntervalMs') ?? ownNumber(task, 'pollInterval');
  const state: InputRequestState = { status };
  if (message !== undefined) state.message = message;
  if (pollIntervalMs !== undefined) state.pollIntervalMs = pollIntervalMs;
  if (status === 'input-required') {
    const suspension = parseTask(task, meta);
    // Every key answered (the snapshot lags behind tasks/update) or none sent: nothing to ask,
    // the server is working on the answers.
    if (suspension.requests.length === 0) return { ...state, status: 'working' };
    state.suspension = suspension;
    const createdAt = Date.parse(ownString(task, 'createdAt') ?? '');
    const ttl = ownNumber(task, 'ttlMs') ?? ownNumber(task, 'ttl');
    const deadline =
      Number.isFinite(createdAt) && ttl !== undefined && ttl > 0 ? deadlineOf(createdAt + ttl) : undefined;
    if (deadline !== undefined) state.deadline = deadline;
  } else if (status === 'completed' && hasOwnData(task, 'result')) {
    state.result = own(task, 'result');
  } else if (status === 'failed') {
    const error = ownObject(task, 'error');
    const reason = message ?? (error ? ownString(error, 'message') : undefined);
    if (reason !== undefined) state.error = reason;
  }
  return state;
}
