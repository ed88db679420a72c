import { describeValue, isPlainObject, own } from '../json.js';
import type { Suspension, SuspensionMeta } from '../model.js';
import { readInputRequestMap } from './request.js';
import { answeredKeySet, buildSuspension, libraryError } from './shared.js';

/**
 * Reads an MCP 2026-07-28 `InputRequiredResult` (`{ resultType: "input_required", inputRequests?,
 * requestState? }`) as the SDK does: an `inputRequests` that is no object map counts as `{}` (a
 * round that carries only its state, answered by retrying with it).
 * @throws an `input-request-cards:` error when it has no request and no `requestState`: such a
 * result is refused (MCP requires at least one), and an empty round without state would be
 * "answered" by calling the tool again from scratch.
 */
export function parseInputRequiredResult(wire: Record<string, unknown>, meta: SuspensionMeta): Suspension {
  const inputRequests = own(wire, 'inputRequests');
  const requestState = own(wire, 'requestState');
  const map = isPlainObject(inputRequests) ? inputRequests : undefined;
  // As the SDK refuses it: no request to answer and no state to echo.
  if ((map === undefined || Object.keys(map).length === 0) && typeof requestState !== 'string') {
    throw libraryError(
      'input-request-cards: parseSuspension got an InputRequiredResult with no request in an "inputRequests" map and no string "requestState"' +
        `${inputRequests === undefined ? '' : ` (its "inputRequests" is ${describeValue(inputRequests)})`}` +
        `${requestState === undefined ? '' : ` (its "requestState" is ${describeValue(requestState)})`}. ` +
        'MCP 2026-07-28 requires { [key]: { method, params } }, a requestState, or both: pass the map and the state the server sent.',
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
