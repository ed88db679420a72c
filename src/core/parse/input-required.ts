import { describeValue, isPlainObject, own } from '../json.js';
import type { Suspension, SuspensionMeta } from '../model.js';
import { readInputRequestMap } from './request.js';
import { answeredKeySet, buildSuspension, libraryError } from './shared.js';

/**
 * Reads an MCP 2026-07-28 `InputRequiredResult` (`{ resultType: "input_required", inputRequests?,
 * requestState? }`) as the SDK does: an `inputRequests` that is no object map counts as `{}` (a
 * round that carries only its state, answered by retrying with it).
 * @throws an `input-request-cards:` error when it has neither a map nor a `requestState`: such a
 * result is refused (MCP requires at least one), and an empty round without state would be
 * "answered" by calling the tool again from scratch.
 */
export function parseInputRequiredResult(wire: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  const inputRequests = own(wire, 'inputRequests');
  const requestState = own(wire, 'requestState');
  const map = isPlainObject(inputRequests) ? inputRequests : undefined;
  if (map === undefined && typeof requestState !== 'string') {
    throw libraryError(
      'input-request-cards: parseSuspension got an InputRequiredResult with neither an "inputRequests" map nor a "requestState"' +
        `${inputRequests === undefined ? '' : ` (its "inputRequests" is ${describeValue(inputRequests)})`}. ` +
        'MCP 2026-07-28 sends { [key]: { method, params } }, a requestState, or both; pass the result as received.',
    );
  }
  return parseInputRequestMap(map ?? {}, typeof requestState === 'string' ? requestState : undefined, meta);
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
