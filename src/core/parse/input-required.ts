import { isPlainObject, own } from '../json.js';
import type { Suspension, SuspensionMeta } from '../model.js';
import { readInputRequestMap } from './request.js';
import { answeredKeySet, buildSuspension, libraryError } from './shared.js';

/**
 * Reads an MCP 2026-07-28 `InputRequiredResult` (`{ resultType: "input_required", inputRequests?,
 * requestState? }`) whose `inputRequests` is the spec's map.
 * @throws an `input-request-cards:` error when `inputRequests` is present but not an object map.
 */
export function parseInputRequiredResult(wire: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  const inputRequests = own(wire, 'inputRequests');
  const requestState = own(wire, 'requestState');
  if (inputRequests !== undefined && !isPlainObject(inputRequests)) {
    throw libraryError(
      'input-request-cards: parseSuspension got an InputRequiredResult whose "inputRequests" is not an object map. ' +
        'MCP 2026-07-28 sends { [key]: { method, params } }; pass that map.',
    );
  }
  return parseInputRequestMap(
    inputRequests ?? {},
    typeof requestState === 'string' ? requestState : undefined,
    meta,
  );
}

/** Reads a bare MRTR `inputRequests` map (`{ [key]: { method, params } }`). */
export function parseInputRequestMap(
  inputRequests: Record<string, unknown>,
  requestState: string | undefined,
  meta: SuspensionMeta,
): Suspension {
  return buildSuspension(
    {
      dialect: 'mcp-input-required',
      requests: readInputRequestMap(inputRequests, answeredKeySet(meta)),
      identitySource: inputRequests,
      requestState,
    },
    meta,
  );
}

/** True for a bare map whose every value is an embedded request (`{ method: string, … }`). */
export function looksLikeInputRequestMap(wire: Record<string, unknown>): boolean {
  const keys = Object.keys(wire);
  return (
    keys.length > 0 &&
    keys.every((key) => {
      const entry = own(wire, key);
      return isPlainObject(entry) && typeof own(entry, 'method') === 'string';
    })
  );
}
