import { describeValue, isPlainObject, own, ownString } from '../json.js';
import { type InputRequest, MAX_REQUESTS, type Suspension, type SuspensionMeta } from '../model.js';
import { readElicitationParams } from './request.js';
import {
  answeredKeySet,
  buildSuspension,
  freshKey,
  readGuarded,
  unreadRequests,
  unsupported,
} from './shared.js';

/** The MCP 2025-11-25 JSON-RPC error code "URL elicitation required" (reserved, never reused since 2026-07-28). */
export const URL_ELICITATION_REQUIRED_CODE = -32042;

/** The key of the single `unsupported` request a -32042 error without usable elicitations becomes. */
const BROKEN_ERROR_KEY = 'url-required';

/**
 * Reads a property of an error. Plain objects are read own-property only; an `Error` or other
 * class instance is read normally, because the SDK's `UrlElicitationRequiredError` serves
 * `elicitations` from a getter on its prototype. Only fixed, well-known names are read this way.
 */
export function errorProperty(error: object, key: 'code' | 'message' | 'data' | 'elicitations'): unknown {
  if (isPlainObject(error)) return own(error, key);
  try {
    return (error as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * True for a -32042 error in any of its forms: a JSON-RPC error object `{ code: -32042, message, data }`,
 * an Error-like object with `code` -32042, or an object with an `elicitations` array (the SDK getter).
 * A whole JSON-RPC response `{ jsonrpc, id, error }` is unwrapped by the caller.
 */
export function isUrlElicitationRequired(error: object): boolean {
  return (
    errorProperty(error, 'code') === URL_ELICITATION_REQUIRED_CODE ||
    Array.isArray(errorProperty(error, 'elicitations'))
  );
}

/**
 * Reads a -32042 URL-elicitation-required error (MCP 2025-11-25). Each entry of
 * `data.elicitations` (or the SDK error's `elicitations`) becomes a `url` request keyed by its
 * `elicitationId` (fallback `url-<index>`), with the `elicitationId` kept for
 * `notifications/elicitation/complete`. Never throws: odd entries become `unsupported` requests.
 */
export function parseUrlElicitationRequired(error: object, meta: SuspensionMeta): Suspension {
  const data = errorProperty(error, 'data');
  const fromGetter = errorProperty(error, 'elicitations');
  const fromData = isPlainObject(data) ? own(data, 'elicitations') : undefined;
  const elicitations = Array.isArray(fromGetter) ? fromGetter : fromData;
  const message = errorProperty(error, 'message');
  const messageText = typeof message === 'string' ? message : undefined;

  if (!Array.isArray(elicitations)) {
    return buildSuspension(
      {
        dialect: 'mcp-url-required',
        requests: [
          unsupported(
            BROKEN_ERROR_KEY,
            'elicitation/create',
            'missing-link',
            [
              {
                path: '/data/elicitations',
                message: `A -32042 error must carry "data.elicitations", an array of URL requests ({ mode: "url", message, url, elicitationId }), but it is ${describeValue(fromData)}.`,
              },
            ],
            { message: messageText },
          ),
        ],
        identitySource: { code: URL_ELICITATION_REQUIRED_CODE, message: messageText ?? null },
      },
      meta,
    );
  }

  const answered = answeredKeySet(meta);
  const used = new Set<string>();
  // The keys first (a cheap pass): past MAX_REQUESTS, nothing else of the entries is read.
  const keyed = elicitations.flatMap((entry: unknown, index) => {
    const elicitationId = isPlainObject(entry) ? ownString(entry, 'elicitationId') : undefined;
    const key =
      elicitationId !== undefined && elicitationId.length > 0 && !used.has(elicitationId)
        ? elicitationId
        : freshKey(`url-${index}`, used);
    used.add(key);
    return answered.has(key) ? [] : [{ key, entry }];
  });
  const requests: InputRequest[] =
    keyed.length > MAX_REQUESTS
      ? unreadRequests(keyed.map(({ key }) => key))
      : keyed.map(({ key, entry }) => readGuarded(key, 'elicitation/create', () => readUrlEntry(key, entry)));

  return buildSuspension({ dialect: 'mcp-url-required', requests, identitySource: elicitations }, meta);
}

/** Reads one entry of `data.elicitations`; problem paths are relative to the entry. */
function readUrlEntry(key: string, entry: unknown): InputRequest {
  const method = 'elicitation/create';
  if (!isPlainObject(entry)) {
    return unsupported(key, method, 'malformed', [
      {
        path: '',
        message: `Each elicitation must be an object { mode: "url", message, url, elicitationId }, but it is ${describeValue(entry)}.`,
      },
    ]);
  }
  const mode = own(entry, 'mode');
  const message = ownString(entry, 'message');
  if (mode !== undefined && mode !== 'url') {
    return unsupported(
      key,
      method,
      'unknown-mode',
      [
        {
          path: '/mode',
          message: `A -32042 error carries URL requests only ("mode": "url"), but this one has mode ${describeValue(mode)}.`,
        },
      ],
      { message, reasonParams: typeof mode === 'string' ? { mode } : {} },
    );
  }
  const request = readElicitationParams(key, {
    mode: 'url',
    message,
    url: own(entry, 'url'),
    elicitationId: own(entry, 'elicitationId'),
  });
  if (request.kind !== 'unsupported') return request;
  request.problems = request.problems.map((problem) => ({
    ...problem,
    path: problem.path.replace(/^\/params/, ''),
  }));
  return request;
}
