import { fingerprint, isPlainObject, ownValue } from '../identity.js';
import type { InputRequest, Suspension, SuspensionMeta } from '../model.js';
import { readElicitationParams, readEmbeddedRequest } from './request.js';

/** The key a lone `elicitation/create` request gets, since the wire gives it none. */
export const LONE_ELICITATION_KEY = 'elicitation';

/**
 * Normalises a wire shape into a {@link Suspension}: one round of questions.
 *
 * Reads, in this order:
 * - an MCP 2026-07-28 `InputRequiredResult` (`{ resultType: "input_required", inputRequests, requestState }`),
 * - its bare `inputRequests` map (`{ [key]: { method, params } }`),
 * - a single `elicitation/create` request (`{ method, params }`) or its params (`{ mode?, message, requestedSchema | url }`).
 *
 * Odd entries never throw: each becomes an `unsupported` request with a reason a person can read.
 * Only a value that is no known shape at all throws.
 *
 * @param wire the value as received (already JSON-decoded).
 * @param meta who asks and the round's identity, when the host knows them; they win over what the wire says.
 * @throws an `input-request-cards:` error when `wire` matches no known shape.
 * @example
 * ```ts
 * const result = await client.request({ method: 'tools/call', params }, { allowInputRequired: true });
 * const suspension = parseSuspension(result, { serverName: 'github', toolName: 'create_issue' });
 * suspension.requests[0].kind; // 'form' | 'url' | 'unsupported'
 * ```
 */
export function parseSuspension(wire: unknown, meta: SuspensionMeta = {}): Suspension {
  if (!isPlainObject(wire)) {
    throw new Error(
      `input-request-cards: parseSuspension got ${describe(wire)}, which is no known input-request shape. ` +
        'Pass an MCP InputRequiredResult, its inputRequests map, or an elicitation/create request or params object.',
    );
  }

  if (Object.hasOwn(wire, 'inputRequests') || ownValue(wire, 'resultType') === 'input_required') {
    const inputRequests = ownValue(wire, 'inputRequests');
    const requestState = ownValue(wire, 'requestState');
    if (inputRequests !== undefined && !isPlainObject(inputRequests)) {
      throw new Error(
        'input-request-cards: parseSuspension got an InputRequiredResult whose "inputRequests" is not an object map. ' +
          'MCP 2026-07-28 sends { [key]: { method, params } }; pass that map.',
      );
    }
    return fromInputRequestMap(
      inputRequests ?? {},
      typeof requestState === 'string' ? requestState : undefined,
      meta,
    );
  }

  if (ownValue(wire, 'method') === 'elicitation/create') {
    return single(readElicitationParams(LONE_ELICITATION_KEY, ownValue(wire, 'params')), wire, meta);
  }

  if (looksLikeElicitationParams(wire)) {
    return single(readElicitationParams(LONE_ELICITATION_KEY, wire), wire, meta);
  }

  const values = Object.values(wire);
  if (
    values.length > 0 &&
    values.every((entry) => isPlainObject(entry) && typeof entry.method === 'string')
  ) {
    return fromInputRequestMap(wire, undefined, meta);
  }

  throw new Error(
    `input-request-cards: parseSuspension got an object with keys [${Object.keys(wire).slice(0, 8).join(', ')}], ` +
      'which is no known input-request shape. Pass an MCP InputRequiredResult ({ resultType: "input_required", inputRequests }), ' +
      'its inputRequests map, or an elicitation/create params object ({ message, requestedSchema }).',
  );
}

function fromInputRequestMap(
  inputRequests: Record<string, unknown>,
  requestState: string | undefined,
  meta: SuspensionMeta,
): Suspension {
  const requests: InputRequest[] = Object.keys(inputRequests).map((key) =>
    readEmbeddedRequest(key, inputRequests[key]),
  );
  return build(requests, { inputRequests, requestState }, meta, requestState);
}

function single(request: InputRequest, wire: unknown, meta: SuspensionMeta): Suspension {
  return build([request], wire, meta, undefined);
}

function build(
  requests: InputRequest[],
  identitySource: unknown,
  meta: SuspensionMeta,
  requestState: string | undefined,
): Suspension {
  const id = meta.id ?? `round-${fingerprint([meta.taskId ?? null, meta.createdAt ?? null, identitySource])}`;
  return {
    id,
    ...(meta.serverName === undefined ? {} : { serverName: meta.serverName }),
    ...(meta.toolName === undefined ? {} : { toolName: meta.toolName }),
    ...(meta.taskId === undefined ? {} : { taskId: meta.taskId }),
    ...(meta.createdAt === undefined ? {} : { createdAt: meta.createdAt }),
    ...(requestState === undefined ? {} : { requestState }),
    requests,
  };
}

function looksLikeElicitationParams(wire: Record<string, unknown>): boolean {
  const mode = ownValue(wire, 'mode');
  return (
    typeof ownValue(wire, 'message') === 'string' &&
    (Object.hasOwn(wire, 'requestedSchema') || Object.hasOwn(wire, 'url') || typeof mode === 'string')
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a non-plain object' : `a ${typeof value}`;
}
