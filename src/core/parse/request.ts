import { isPlainObject, ownValue } from '../identity.js';
import type { InputRequest, RequestedSchema, SchemaProblem, UnsupportedReasonCode } from '../model.js';
import { analyzeRequestedSchema, type SchemaRefusal } from '../schema.js';

const SCHEMA_REASONS: Readonly<Record<SchemaRefusal, string>> = {
  schema:
    'This form uses schema features this app cannot show safely, so it cannot be filled in here. You can decline or cancel.',
  'too-many-fields':
    'This form asks for more values at once than this app shows in one form. You can decline or cancel.',
  'too-many-options':
    'This form offers more options than this app shows in one form. You can decline or cancel.',
};

/**
 * Reads one embedded MCP request (`{ method, params }`) into an {@link InputRequest}.
 * Never throws: anything it cannot answer becomes an `unsupported` request with a reason.
 */
export function readEmbeddedRequest(key: string, entry: unknown): InputRequest {
  if (!isPlainObject(entry)) {
    return unsupported(key, 'unknown', 'malformed', 'The server sent a request this app cannot read.', [
      { path: '', message: 'Each input request must be an object with a "method".' },
    ]);
  }
  const method = ownValue(entry, 'method');
  if (typeof method !== 'string') {
    return unsupported(key, 'unknown', 'malformed', 'The server sent a request this app cannot read.', [
      { path: '/method', message: 'Each input request needs a "method" string, e.g. "elicitation/create".' },
    ]);
  }
  const params = ownValue(entry, 'params');
  const message = isPlainObject(params) ? ownValue(params, 'message') : undefined;
  const messageText = typeof message === 'string' ? message : undefined;
  switch (method) {
    case 'elicitation/create':
      return readElicitationParams(key, params);
    case 'sampling/createMessage':
      return withParams(
        unsupported(
          key,
          method,
          'sampling',
          'The server asks this app to run a language model (sampling). This card cannot answer that; you can decline or cancel.',
          [],
          messageText,
        ),
        params,
      );
    case 'roots/list':
      return withParams(
        unsupported(
          key,
          method,
          'roots',
          'The server asks which folders it may access (roots). This card cannot answer that; you can decline or cancel.',
          [],
        ),
        params,
      );
    default:
      return unsupported(
        key,
        method,
        'unknown-method',
        `The server sent a "${method}" request, which this app does not know how to answer. You can decline or cancel.`,
        [],
        messageText,
      );
  }
}

/**
 * Reads the params of an `elicitation/create` request (form or URL mode, any revision).
 * @param key the request key; a lone 2025 elicitation uses `"elicitation"`.
 */
export function readElicitationParams(key: string, params: unknown): InputRequest {
  const method = 'elicitation/create';
  if (!isPlainObject(params)) {
    return unsupported(key, method, 'malformed', 'The server sent a question this app cannot read.', [
      { path: '/params', message: 'elicitation/create needs a params object.' },
    ]);
  }
  const message = ownValue(params, 'message');
  const mode = ownValue(params, 'mode') ?? 'form';
  const messageText = typeof message === 'string' ? message : undefined;
  const problems: SchemaProblem[] = [];
  if (messageText === undefined) {
    problems.push({ path: '/params/message', message: 'elicitation/create needs a "message" string.' });
  }

  if (mode === 'url') {
    const url = ownValue(params, 'url');
    if (typeof url !== 'string') {
      problems.push({ path: '/params/url', message: 'A URL-mode request needs a "url" string.' });
    }
    if (problems.length > 0 || typeof url !== 'string' || messageText === undefined) {
      return unsupported(
        key,
        method,
        'malformed',
        'The server asked to open a link but sent it incompletely.',
        problems,
        messageText,
      );
    }
    const elicitationId = ownValue(params, 'elicitationId');
    return {
      kind: 'url',
      key,
      message: messageText,
      url,
      ...(typeof elicitationId === 'string' ? { elicitationId } : {}),
    };
  }

  if (mode !== 'form') {
    return unsupported(
      key,
      method,
      'unknown-mode',
      `The server asked in "${String(mode)}" mode, which this app does not support. You can decline or cancel.`,
      [{ path: '/params/mode', message: 'Supported modes are "form" and "url".' }],
      messageText,
    );
  }

  const requestedSchema = ownValue(params, 'requestedSchema');
  const analysis = analyzeRequestedSchema(requestedSchema);
  if (!analysis.ok) {
    problems.push(
      ...analysis.problems.map((problem) => ({ ...problem, path: `/params/requestedSchema${problem.path}` })),
    );
  }
  if (!analysis.ok || messageText === undefined) {
    const reasonCode = analysis.ok ? 'schema' : analysis.reasonCode;
    return unsupported(key, method, reasonCode, SCHEMA_REASONS[reasonCode], problems, messageText);
  }
  return {
    kind: 'form',
    key,
    message: messageText,
    requestedSchema: requestedSchema as RequestedSchema,
    fields: analysis.fields,
  };
}

function unsupported(
  key: string,
  method: string,
  reasonCode: UnsupportedReasonCode,
  reason: string,
  problems: SchemaProblem[],
  message?: string,
): InputRequest {
  return {
    kind: 'unsupported',
    key,
    method,
    reason,
    reasonCode,
    problems,
    ...(message === undefined ? {} : { message }),
  };
}

/** Keeps the params of requests a host answerer may take over. */
function withParams(request: InputRequest, params: unknown): InputRequest {
  return request.kind === 'unsupported'
    ? { ...request, params: isPlainObject(params) ? params : {} }
    : request;
}
