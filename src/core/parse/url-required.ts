import { isPlainObject, ownValue } from '../identity.js';
import type { InputRequest, Suspension, SuspensionMeta } from '../model.js';
import { readElicitationParams } from './request.js';
import { answeredKeySet, buildSuspension, describeValue } from './shared.js';

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
  if (isPlainObject(error)) return ownValue(error, key);
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
  const fromData = isPlainObject(data) ? ownValue(data, 'elicitations') : undefined;
  const elicitations = Array.isArray(fromGetter) ? fromGetter : fromData;
  const message = errorProperty(error, 'message');
  const messageText = typeof message === 'string' ? message : undefined;

  if (!Array.isArray(elicitations)) {
    return buildSuspension(
      {
        dialect: 'mcp-url-required',
        requests: [
          {
            kind: 'unsupported',
            key: BROKEN_ERROR_KEY,
            method: 'elicitation/create',
            reason:
              'The server says a link must be opened to continue, but it did not send the link. You can cancel and try again later.',
            reasonCode: 'missing-link',
            problems: [
              {
                path: '/data/elicitations',
                message: `A -32042 error must carry "data.elicitations", an array of URL requests ({ mode: "url", message, url, elicitationId }), but it is ${describeValue(fromData)}.`,
              },
            ],
            ...(messageText === undefined ? {} : { message: messageText }),
          },
        ],
        identitySource: { code: URL_ELICITATION_REQUIRED_CODE, message: messageText ?? null },
      },
      meta,
    );
  }

  const answered = answeredKeySet(meta);
  const used = new Set<string>();
  const requests: InputRequest[] = [];
  elicitations.forEach((entry: unknown, index) => {
    const elicitationId = isPlainObject(entry) ? ownValue(entry, 'elicitationId') : undefined;
    let key = typeof elicitationId === 'string' && elicitationId.length > 0 ? elicitationId : `url-${index}`;
    if (used.has(key)) key = `url-${index}`;
    used.add(key);
    if (answered.has(key)) return;
    requests.push(readUrlEntry(key, entry));
  });

  return buildSuspension({ dialect: 'mcp-url-required', requests, identitySource: { elicitations } }, meta);
}

/** Reads one entry of `data.elicitations`; problem paths are relative to the entry. */
function readUrlEntry(key: string, entry: unknown): InputRequest {
  if (!isPlainObject(entry)) {
    return {
      kind: 'unsupported',
      key,
      method: 'elicitation/create',
      reason: 'The server asked to open a link but sent it in a form this app cannot read.',
      reasonCode: 'malformed',
      problems: [
        {
          path: '',
          message: `Each elicitation must be an object { mode: "url", message, url, elicitationId }, but it is ${describeValue(entry)}.`,
        },
      ],
    };
  }
  const mode = ownValue(entry, 'mode');
  if (mode !== undefined && mode !== 'url') {
    const message = ownValue(entry, 'message');
    return {
      kind: 'unsupported',
      key,
      method: 'elicitation/create',
      reason: 'The server sent a question where only a link was expected. You can decline or cancel.',
      reasonCode: 'unknown-mode',
      problems: [
        {
          path: '/mode',
          message: `A -32042 error carries URL requests only ("mode": "url"), but this one has mode ${JSON.stringify(mode)}.`,
        },
      ],
      ...(typeof message === 'string' ? { message } : {}),
    };
  }
  const request = readElicitationParams(key, { ...entry, mode: 'url' });
  if (request.kind !== 'unsupported') return request;
  return {
    ...request,
    problems: request.problems.map((problem) => ({
      ...problem,
      path: problem.path.replace(/^\/params/, ''),
    })),
  };
}
