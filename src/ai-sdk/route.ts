/**
 * The answer route: a Fetch API handler (`Request → Response`) that takes a person's answer,
 * checks that it answers a waiting request of that chat, and delivers it to the instance that
 * waits. Every refusal is a JSON body `{ error: { code, message } }`: a 4xx, or a 500
 * `checker-failed` when the answer checker itself threw.
 */
import { isPlainObject, own } from '../core/json.js';
import type { ElicitResult, InputRequest } from '../core/model.js';
import type { AnswerCheck, AnswerChecker, FieldError } from '../core/validate.js';
import { requestOfParams } from './part.js';
import type { DeliveryStatus, PendingAnswerStore } from './store.js';

/**
 * Why the route refused an answer (the `error.code` of its JSON body), with its HTTP status:
 * `method-not-allowed` 405, `unsupported-media-type` 415, `body-too-large` 413, `invalid-json` 400,
 * `invalid-body` 400, `forbidden` 403, `unknown-request` 404 (also for a request of another chat),
 * `already-answered` 409, `not-waiting` 410, `invalid-answer` 422, `unsupported-request` 422 (an
 * `accept` for a request the card shows as one it cannot answer: a schema outside the flat
 * subset, a file field, no schema, a link without its URL; only `decline` and `cancel` are taken),
 * `checker-failed` 500 (the answer checker threw; nothing was delivered, the request still waits).
 */
export type AnswerErrorCode =
  | 'method-not-allowed'
  | 'unsupported-media-type'
  | 'body-too-large'
  | 'invalid-json'
  | 'invalid-body'
  | 'forbidden'
  | 'unknown-request'
  | 'already-answered'
  | 'not-waiting'
  | 'invalid-answer'
  | 'unsupported-request'
  | 'checker-failed';

/** The JSON body of a refused answer. */
export interface AnswerErrorBody {
  error: { code: AnswerErrorCode; message: string; errors?: FieldError[] };
}

/** The JSON body the answer route expects. */
export interface AnswerRequestBody {
  chatId: string;
  requestId: string;
  /** The person's answer: `{ action: 'accept', content }`, `{ action: 'decline' }` or `{ action: 'cancel' }`. */
  response: ElicitResult;
}

/** Decides whether the sender of an answer may answer in this chat (e.g. owns it). */
export type AuthorizeAnswer = (context: {
  request: Request;
  chatId: string;
  requestId: string;
}) => boolean | Promise<boolean>;

/** What {@link handleAnswerRequest} needs. */
export interface AnswerRouteOptions {
  store: PendingAnswerStore;
  checker: AnswerChecker;
  authorize?: AuthorizeAnswer;
  maxBodyBytes: number;
}

const STATUS_OF: Record<AnswerErrorCode, number> = {
  'method-not-allowed': 405,
  'unsupported-media-type': 415,
  'body-too-large': 413,
  'invalid-json': 400,
  'invalid-body': 400,
  forbidden: 403,
  'unknown-request': 404,
  'already-answered': 409,
  'not-waiting': 410,
  'invalid-answer': 422,
  'unsupported-request': 422,
  'checker-failed': 500,
};

/** The route's refusal for each store status; `wrong-chat` is answered as an unknown request. */
const DELIVERY_MESSAGES: Record<Exclude<DeliveryStatus, 'delivered' | 'wrong-chat'>, string> = {
  'unknown-request':
    'no input request with this id is waiting: it was answered, timed out, or never asked. Reload the chat to see how it ended.',
  'already-answered': 'this input request already has an answer; the first answer counts.',
  'not-waiting':
    'the server that asked stopped waiting for this answer (it restarted or the chat ended). Ask again in the chat.',
};

function refuse(code: AnswerErrorCode, message: string, errors?: FieldError[]): Response {
  const body: AnswerErrorBody = {
    error: { code, message: `input-request-cards: ${message}`, ...(errors ? { errors } : {}) },
  };
  return Response.json(body, {
    status: STATUS_OF[code],
    headers: { 'cache-control': 'no-store', ...(code === 'method-not-allowed' ? { allow: 'POST' } : {}) },
  });
}

/** The refusal of a request that waits in no chat the sender named: unknown, or another chat's. */
function unknownRequest(): Response {
  return refuse('unknown-request', DELIVERY_MESSAGES['unknown-request']);
}

/** Reads the body as text, refusing to read past `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return undefined;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The answer in a body, or why it is no answer. */
function readResponse(value: unknown): ElicitResult | string {
  if (!isPlainObject(value))
    return '"response" must be an object like { "action": "accept", "content": { … } }.';
  const action = own(value, 'action');
  const content = own(value, 'content');
  if (action === 'decline' || action === 'cancel') {
    if (content !== undefined) return `a "${action}" response carries no content.`;
    return { action };
  }
  if (action !== 'accept') return '"response.action" must be "accept", "decline" or "cancel".';
  if (content === undefined) return { action: 'accept' };
  if (!isPlainObject(content)) return '"response.content" must be an object of field values.';
  return { action: 'accept', content: content as Record<string, never> };
}

/**
 * Serves one answer: checks it and delivers it to the request waiting for it.
 * Use it through `bridge.handleAnswer(request)`.
 */
export async function handleAnswerRequest(request: Request, options: AnswerRouteOptions): Promise<Response> {
  if (request.method !== 'POST') return refuse('method-not-allowed', 'answers are sent with POST.');
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return refuse('unsupported-media-type', 'send the answer as JSON (content-type: application/json).');
  }
  const text = await readLimited(request, options.maxBodyBytes);
  if (text === undefined) {
    return refuse('body-too-large', `the answer is larger than ${options.maxBodyBytes} bytes.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse('invalid-json', 'the body is not valid JSON.');
  }
  if (!isPlainObject(body)) {
    return refuse('invalid-body', 'send { "chatId", "requestId", "response" } as a JSON object.');
  }
  const chatId = own(body, 'chatId');
  const requestId = own(body, 'requestId');
  if (typeof chatId !== 'string' || chatId === '' || typeof requestId !== 'string' || requestId === '') {
    return refuse(
      'invalid-body',
      '"chatId" and "requestId" must be the non-empty strings of the request part.',
    );
  }
  const response = readResponse(own(body, 'response'));
  if (typeof response === 'string') return refuse('invalid-body', response);

  if (options.authorize && !(await options.authorize({ request, chatId, requestId }))) {
    return refuse('forbidden', 'this sender may not answer in this chat.');
  }

  // A request of another chat is refused exactly as one that does not exist: a sender allowed in
  // one chat must not learn which request ids wait in other chats (nor probe for them).
  const pending = await options.store.get(requestId);
  if (pending === undefined || pending.chatId !== chatId) return unknownRequest();

  if (response.action === 'accept') {
    // The stored request read as the card reads it: a checker only ever sees a schema of the flat
    // subset the card can show (no server-chosen `pattern` reaches ajv, nothing makes it throw).
    const asked = requestOfParams(pending.params, requestId);
    const problem = checkContent(asked, response.content, options.checker);
    if (problem !== undefined) return refuse(problem.code, problem.message, problem.errors);
  }

  const status = await options.store.deliver(chatId, requestId, response);
  if (status === 'wrong-chat') return unknownRequest();
  if (status !== 'delivered') return refuse(status, DELIVERY_MESSAGES[status]);
  return Response.json({ status: 'delivered' }, { headers: { 'cache-control': 'no-store' } });
}

interface ContentProblem {
  code: 'invalid-answer' | 'unsupported-request' | 'checker-failed';
  message: string;
  errors?: FieldError[];
}

/**
 * Checks accepted content against the request as the card shows it: a link takes no content, a
 * form's content is checked against its schema, and nothing else can be accepted.
 */
function checkContent(
  request: InputRequest | undefined,
  content: Record<string, unknown> | undefined,
  checker: AnswerChecker,
): ContentProblem | undefined {
  if (request?.kind === 'url') {
    return content === undefined
      ? undefined
      : { code: 'invalid-answer', message: 'a link request is accepted without content.' };
  }
  if (request?.kind !== 'form') {
    const reason = request?.kind === 'unsupported' ? request.reasonCode : 'malformed';
    return {
      code: 'unsupported-request',
      message: `this input request cannot be answered here (${reason}): the card shows it as a question it cannot answer, so it takes only "decline" or "cancel".`,
    };
  }
  const values = content ?? {};
  const properties = request.requestedSchema.properties;
  const unknown = Object.keys(values).filter((name) => !Object.hasOwn(properties, name));
  if (unknown.length > 0) {
    return {
      code: 'invalid-answer',
      message: `the request asks for no field named ${unknown.map((n) => `"${n}"`).join(', ')}.`,
    };
  }
  let check: AnswerCheck | undefined;
  try {
    check = checker(request.requestedSchema, values);
  } catch (error) {
    // The checker is the host's code: its fault is the server's (500), never an escaped throw.
    return checkerFailed(
      `threw ${error instanceof Error ? `a ${String(error.name).slice(0, 40)}` : 'a non-Error'}`,
    );
  }
  if (typeof check !== 'object' || check === null || typeof check.valid !== 'boolean') {
    return checkerFailed('returned no { valid, errors }');
  }
  if (check.valid) return undefined;
  const errors = Array.isArray(check.errors) ? check.errors.filter(isFieldError) : [];
  return {
    code: 'invalid-answer',
    message: `the answer does not fit the request's form (${errors
      .map((e) => `${e.field === '' ? 'the answer' : JSON.stringify(e.field)}: ${e.keyword}`)
      .join('; ')}).`,
    errors,
  };
}

function checkerFailed(what: string): ContentProblem {
  return {
    code: 'checker-failed',
    message: `the answer checker ${what} while checking this answer, so nothing was delivered and the request still waits. Fix the checker given to createInputRequestBridge({ checker }).`,
  };
}

function isFieldError(error: unknown): error is FieldError {
  return isPlainObject(error) && typeof error.field === 'string' && typeof error.keyword === 'string';
}
