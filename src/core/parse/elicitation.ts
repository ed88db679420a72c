import { isPlainObject, own, ownObject, ownString } from '../json.js';
import type { InputRequest, Suspension, SuspensionMeta, UrlRequest } from '../model.js';
import { readElicitationParams } from './request.js';
import { buildSuspension } from './shared.js';

/** The key a lone `elicitation/create` request gets, since the wire gives it none. */
export const LONE_ELICITATION_KEY = 'elicitation';

/** Where MCP 2025-11-25 tags a request that belongs to a task (core Tasks side channel). */
const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

/**
 * Reads one server→client `elicitation/create` request: a whole JSON-RPC request
 * (`{ jsonrpc: "2.0", id, method, params }`, MCP 2025-06-18 / 2025-11-25) or just `{ method, params }`.
 * The request is keyed {@link LONE_ELICITATION_KEY}; a URL request keeps its `elicitationId`.
 * The JSON-RPC `id` is part of the round's identity, so each new request is a new round.
 * A 2025-11-25 task side-channel request (`params._meta["io.modelcontextprotocol/related-task"]`)
 * lends the round its `taskId`.
 */
export function parseElicitationRequest(wire: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  const params = own(wire, 'params');
  const paramsMeta = isPlainObject(params) ? ownObject(params, '_meta') : undefined;
  const relatedTask = paramsMeta ? ownObject(paramsMeta, RELATED_TASK_META_KEY) : undefined;
  return buildSuspension(
    {
      dialect: 'mcp-elicitation',
      requests: [readLoneRequest(params)],
      // The JSON-RPC id makes each new request a new round, even with the same question.
      identitySource: { id: own(wire, 'id') ?? null, params: params ?? null },
      wire: { taskId: relatedTask ? ownString(relatedTask, 'taskId') : undefined },
    },
    meta,
  );
}

/** Reads the bare params of an `elicitation/create` request (`{ mode?, message, requestedSchema | url }`). */
export function parseElicitationParams(wire: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  return buildSuspension(
    {
      dialect: 'mcp-elicitation',
      requests: [readLoneRequest(wire)],
      identitySource: wire,
    },
    meta,
  );
}

/**
 * Reads the one request of a lone `elicitation/create`. A URL request with an `elicitationId` is
 * MCP 2025-11-25's, whose `accept` is consent to open ({@link UrlRequest.acceptOnOpen}); the SDK
 * of 2026-07-28 drops the id, and -32042 errors are read elsewhere.
 */
function readLoneRequest(params: unknown): InputRequest {
  const request = readElicitationParams(LONE_ELICITATION_KEY, params);
  if (request.kind === 'url' && request.elicitationId !== undefined) request.acceptOnOpen = true;
  return request;
}

/** True for an object that reads as `elicitation/create` params. */
export function looksLikeElicitationParams(wire: Record<string, unknown>): boolean {
  return (
    typeof own(wire, 'message') === 'string' &&
    (own(wire, 'requestedSchema') !== undefined ||
      own(wire, 'url') !== undefined ||
      typeof own(wire, 'mode') === 'string')
  );
}
