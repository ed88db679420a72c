import { describeValue, hasOwnData, isPlainObject, own, quote } from '../json.js';
import { looksLikeRound } from '../misuse.js';
import type { Suspension, SuspensionMeta } from '../model.js';
import {
  LONE_ELICITATION_KEY,
  looksLikeElicitationParams,
  parseElicitationParams,
  parseElicitationRequest,
} from './elicitation.js';
import { looksLikeFlatList, PENDING_INPUT_REQUEST_KEY, parseFlatList } from './flat.js';
import { HOST_PAYLOAD_TYPE, parseHostPayload } from './host.js';
import {
  looksLikeInputRequestMap,
  parseInputRequestMap,
  parseInputRequiredResult,
} from './input-required.js';
import { atBoundary, libraryError } from './shared.js';
import { findTask, parseTask } from './tasks.js';
import { errorProperty, isUrlElicitationRequired, parseUrlElicitationRequired } from './url-required.js';

export { LONE_ELICITATION_KEY };

/**
 * Normalises a wire shape into a {@link Suspension}: one round of questions. `suspension.dialect`
 * says which shape it was read from. Reads, in this order:
 *
 * - **MCP Tasks** (`dialect: "mcp-tasks"`): a `tasks/get` result or task (own `taskId` and `status`
 *   strings), its JSON-RPC response, a `notifications/tasks` params object, or a 2025 `{ task }`.
 *   Only `status: "input_required"` asks anything; keys in `meta.answeredKeys` are skipped.
 * - **-32042 URL elicitation required** (`"mcp-url-required"`): a JSON-RPC error object
 *   (`{ code: -32042, message, data: { elicitations } }`), a whole response (`{ jsonrpc, id, error }`),
 *   an Error-like object with that `code`, or any object with an `elicitations` array.
 * - A JSON-RPC response `{ jsonrpc, id, result }` is unwrapped once and its `result` read.
 * - **A lone `elicitation/create`** (`"mcp-elicitation"`): a whole JSON-RPC request or `{ method, params }`.
 * - **A host payload** (`"host"`): `{ type: "mcp-input-request", serverName, toolName, taskId, createdAt, requests }`.
 * - **A flat field list** (`"flat"`): `{ _pendingInputRequest: { message?, inputRequests: [...] } }`,
 *   any object whose `inputRequests` is an array (e.g. `{ content, resultType, inputRequests, message }`),
 *   or a bare array of `{ name, label?, type?, … }` entries.
 * - **MCP 2026-07-28 MRTR** (`"mcp-input-required"`): an `InputRequiredResult`
 *   (`{ resultType: "input_required", inputRequests, requestState }`).
 * - Lone `elicitation/create` params (`{ mode?, message, requestedSchema | url }`, `"mcp-elicitation"`).
 * - A bare MRTR `inputRequests` map (`{ [key]: { method, params } }`, `"mcp-input-required"`).
 *
 * Odd entries never throw: each becomes an `unsupported` request with a `reasonCode` the card
 * words and developer `problems`. Only a value that is no known shape at all throws.
 *
 * Hostile input is safe and cheap. Every property is read as an own data property (`__proto__`,
 * `constructor` or `toString` are names like any other; getters are never called), nothing is
 * written to any prototype, and work is linear in the size of the value: nesting depth, cycles
 * and shared references cost nothing extra, since the round id reads a bounded part of the wire
 * (see `buildSuspension`) and no other step recurses into it. A request whose value throws while
 * it is read (a getter or proxy passed programmatically; JSON never does this) becomes
 * `unsupported` with reason `malformed`.
 *
 * @param wire the value as received (already JSON-decoded), or a caught SDK error.
 * @param meta who asks and the round's identity, when the host knows them; they win over what the wire says.
 * @throws an `input-request-cards:` error (a plain `Error`, never a `RangeError` or `TypeError`)
 * when `wire` matches no known shape, when a shape's request map is not a map, or when the value
 * throws before any request could be told apart (its `cause` is what was thrown).
 * @example
 * ```ts
 * const result = await client.request({ method: 'tools/call', params }, { allowInputRequired: true });
 * const suspension = parseSuspension(result, { serverName: 'github', toolName: 'create_issue' });
 * suspension.requests[0].kind; // 'form' | 'url' | 'unsupported'
 * ```
 */
export function parseSuspension(wire: unknown, meta: SuspensionMeta = {}): Suspension {
  return atBoundary('parseSuspension', () => parseValue(wire, meta, true));
}

function parseValue(wire: unknown, meta: SuspensionMeta, unwrapResponse: boolean): Suspension {
  if (Array.isArray(wire)) {
    if (looksLikeFlatList(wire)) return parseFlatList({ entries: wire, path: '' }, meta);
    throw noKnownShape(
      'an array that is not a list of fields',
      'A bare array must list fields ({ name, label?, type? }); MCP sends input requests as a map { [key]: { method, params } }.',
    );
  }
  if (wire !== null && typeof wire === 'object' && !isPlainObject(wire)) {
    if (isUrlElicitationRequired(wire)) return parseUrlElicitationRequired(wire, meta);
    throw noKnownShape(
      describeError(wire),
      'Only a -32042 URL-elicitation-required error carries input requests.',
    );
  }
  if (!isPlainObject(wire)) throw noKnownShape(describeValue(wire));

  const task = findTask(wire);
  if (task !== undefined) return parseTask(task, meta);

  const method = own(wire, 'method');
  if (method === undefined) {
    const error = own(wire, 'error');
    if (isPlainObject(error) && typeof own(error, 'code') === 'number') return parseError(error, meta);
    const result = own(wire, 'result');
    if (unwrapResponse && isPlainObject(result) && isJsonRpcResponse(wire)) {
      return parseValue(result, meta, false);
    }
  }

  if (method === 'elicitation/create') return parseElicitationRequest(wire, meta);
  if (own(wire, 'type') === HOST_PAYLOAD_TYPE) return parseHostPayload(wire, meta);
  if (method === undefined && typeof own(wire, 'code') === 'number') return parseError(wire, meta);
  if (Array.isArray(own(wire, 'elicitations'))) return parseUrlElicitationRequired(wire, meta);

  const sentinel = own(wire, PENDING_INPUT_REQUEST_KEY);
  if (sentinel !== undefined) {
    return isPlainObject(sentinel)
      ? parseFlatList(
          {
            entries: own(sentinel, 'inputRequests'),
            container: sentinel,
            path: `/${PENDING_INPUT_REQUEST_KEY}/inputRequests`,
          },
          meta,
        )
      : parseFlatList({ entries: sentinel, path: `/${PENDING_INPUT_REQUEST_KEY}` }, meta);
  }

  const inputRequests = own(wire, 'inputRequests');
  // A list is the flat dialect's fields (its servers send it with resultType "input_required"
  // too); anything else that is no map counts as {} below, as the SDK reads MCP's.
  if (Array.isArray(inputRequests)) {
    return parseFlatList({ entries: inputRequests, container: wire, path: '/inputRequests' }, meta);
  }
  if (inputRequests !== undefined || own(wire, 'resultType') === 'input_required') {
    return parseInputRequiredResult(wire, meta);
  }

  if (looksLikeElicitationParams(wire)) return parseElicitationParams(wire, meta);
  if (looksLikeInputRequestMap(wire)) return parseInputRequestMap(wire, undefined, meta);

  // A round parsed already (a host parsing twice, or keeping rounds in state and parsing them again).
  if (looksLikeRound(wire)) {
    throw noKnownShape(
      'a round it has already read (an object with "id" and "requests")',
      'Pass that round as it is: <InputRequestCard suspension={round}>, or staticSource(round, resume).',
    );
  }
  const keys = Object.keys(wire);
  const shown = keys.slice(0, 8).map((key) => quote(key, 40));
  throw noKnownShape(`an object with keys [${shown.join(', ')}${keys.length > shown.length ? ', …' : ''}]`);
}

function isJsonRpcResponse(wire: Record<string, unknown>): boolean {
  return own(wire, 'jsonrpc') === '2.0' || hasOwnData(wire, 'id');
}

function parseError(error: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  if (isUrlElicitationRequired(error)) return parseUrlElicitationRequired(error, meta);
  throw noKnownShape(
    describeError(error),
    'Only a -32042 URL-elicitation-required error carries input requests; handle other errors as failures.',
  );
}

function describeError(error: object): string {
  const code = errorProperty(error, 'code');
  const message = errorProperty(error, 'message');
  const what =
    error instanceof Error ? 'an Error' : isPlainObject(error) ? 'a JSON-RPC error' : 'a non-plain object';
  const details = [
    typeof code === 'number'
      ? `code ${code}`
      : typeof code === 'string'
        ? `code ${quote(code, 40)}`
        : undefined,
    typeof message === 'string' ? quote(message, 80) : undefined,
  ].filter((part) => part !== undefined);
  return details.length > 0 ? `${what} (${details.join(': ')})` : what;
}

function noKnownShape(what: string, advice?: string): Error {
  return libraryError(
    `input-request-cards: parseSuspension got ${what}, which is no known input-request shape. ` +
      (advice === undefined ? '' : `${advice} `) +
      'Pass an MCP InputRequiredResult ({ resultType: "input_required", inputRequests }) or its inputRequests map, ' +
      'a tasks/get result, an elicitation/create request or params object ({ message, requestedSchema }), ' +
      'a -32042 error, an "mcp-input-request" host payload, or a flat field list.',
  );
}
