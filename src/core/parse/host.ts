import { describeValue, isPlainObject, own, ownString, quote } from '../json.js';
import { type InputRequest, MAX_REQUESTS, type Suspension, type SuspensionMeta } from '../model.js';
import { readEmbeddedRequest, readInputRequestMap } from './request.js';
import {
  answeredKeySet,
  buildSuspension,
  freshKey,
  libraryError,
  unreadRequests,
  unsupported,
} from './shared.js';

/** The `type` of a host's suspension payload (e.g. Mastra's `MCPClient` when a task needs input). */
export const HOST_PAYLOAD_TYPE = 'mcp-input-request';

/**
 * Reads a host suspension payload `{ type: "mcp-input-request", serverName, toolName, taskId,
 * createdAt, requests }`. `requests` is the task's MRTR `inputRequests` map, or an array of
 * `{ key | id | name, method, params }` entries (keyed `request-<index>` when an entry names no key).
 * `serverName`, `toolName`, `taskId` and `createdAt` go onto the suspension; `meta` still wins.
 * @throws an `input-request-cards:` error when `requests` is neither a map nor an array.
 */
export function parseHostPayload(wire: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  const requestsValue = own(wire, 'requests');
  const answered = answeredKeySet(meta);
  let requests: InputRequest[];
  if (Array.isArray(requestsValue)) {
    requests = readRequestList(requestsValue, answered);
  } else if (isPlainObject(requestsValue)) {
    requests = readInputRequestMap(requestsValue, answered);
  } else {
    throw libraryError(
      `input-request-cards: parseSuspension got an "mcp-input-request" payload whose "requests" is ${describeValue(requestsValue)}. ` +
        'Pass the payload with "requests" as the task\'s inputRequests map ({ [key]: { method, params } }) ' +
        'or as an array of { key, method, params } entries.',
    );
  }
  const requestState = ownString(wire, 'requestState');
  return buildSuspension(
    {
      dialect: 'host',
      requests,
      identitySource: requestsValue,
      requestState,
      wire: {
        serverName: ownString(wire, 'serverName'),
        toolName: ownString(wire, 'toolName'),
        taskId: ownString(wire, 'taskId'),
        createdAt: ownString(wire, 'createdAt'),
      },
    },
    meta,
  );
}

const KEY_FIELDS = ['key', 'id', 'name'] as const;

/**
 * Reads an array of `{ key | id | name, method, params }` entries; keys must be unique.
 * Problem paths are relative to the entry, as for map entries.
 */
function readRequestList(entries: readonly unknown[], answered: ReadonlySet<string>): InputRequest[] {
  const used = new Set<string>();
  const requests: InputRequest[] = [];
  // The keys first (a cheap pass): past MAX_REQUESTS, nothing else of the entries is read.
  const keyed = entries.map((entry, index) => {
    const named = isPlainObject(entry) ? entryKey(entry) : undefined;
    const duplicate = named !== undefined && used.has(named);
    const key = named !== undefined && !duplicate ? named : freshKey(`request-${index}`, used);
    used.add(key);
    return { entry, named, duplicate, key };
  });
  const shown = keyed.filter(({ key, duplicate }) => duplicate || !answered.has(key));
  if (shown.length > MAX_REQUESTS) return unreadRequests(shown.map(({ key }) => key));
  keyed.forEach(({ entry, named, duplicate, key }) => {
    if (duplicate) {
      const method = isPlainObject(entry) ? ownString(entry, 'method') : undefined;
      requests.push(
        unsupported(key, method ?? 'unknown', 'duplicate-key', [
          {
            path: '/key',
            message: `The key ${quote(named ?? key)} is used by an earlier request; each request needs its own key.`,
          },
        ]),
      );
      return;
    }
    if (answered.has(key)) return;
    requests.push(readEmbeddedRequest(key, entry));
  });
  return requests;
}

function entryKey(entry: Record<string, unknown>): string | undefined {
  for (const field of KEY_FIELDS) {
    const value = own(entry, field);
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}
