/**
 * The browser side of the answer route: posts one answer and turns a refusal into an error whose
 * message a person can read (the card shows it inside "Your answer could not be sent: …").
 * Framework-free.
 */
import type { ElicitResult } from '../core/model.js';
import { type AnsweredRequestMessages, englishAnsweredMessages } from '../i18n/messages.js';

/** The answer route refused an answer, or could not be reached with a readable answer. */
export class AnswerNotDeliveredError extends Error {
  /** The route's `error.code` (`unknown-request`, `not-waiting`, …), when it sent one. */
  readonly code: string | undefined;
  /** The HTTP status. */
  readonly status: number;

  constructor(message: string, code: string | undefined, status: number) {
    super(message);
    this.name = 'AnswerNotDeliveredError';
    this.code = code;
    this.status = status;
  }
}

/** Options of {@link postInputRequestAnswer}. */
export interface PostAnswerOptions {
  /** The answer route. @default '/api/input-requests' */
  api?: string;
  /** Headers to send besides `content-type` (e.g. a CSRF token). */
  headers?: Record<string, string>;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Words for refusals. @default englishAnsweredMessages */
  messages?: Pick<AnsweredRequestMessages, 'sendError'>;
}

/** The default answer route path. */
export const DEFAULT_ANSWER_API = '/api/input-requests';

/**
 * Posts a person's answer to the answer route (`bridge.handleAnswer`). Resolves once the waiting
 * server instance has it; rejects with {@link AnswerNotDeliveredError} when the route refuses.
 *
 * @example
 * ```ts
 * await postInputRequestAnswer(
 *   { chatId: part.data.chatId, requestId: part.data.requestId, response: { action: 'decline' } },
 *   { api: '/api/input-requests' },
 * );
 * ```
 */
export async function postInputRequestAnswer(
  answer: { chatId: string; requestId: string; response: ElicitResult },
  options: PostAnswerOptions & { signal?: AbortSignal } = {},
): Promise<void> {
  const send = options.fetch ?? globalThis.fetch;
  const response = await send(options.api ?? DEFAULT_ANSWER_API, {
    method: 'POST',
    headers: { ...options.headers, 'content-type': 'application/json' },
    body: JSON.stringify(answer),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.ok) return;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
  } catch {
    // Not the route's JSON (a proxy's error page): the status alone says what happened.
  }
  const messages = options.messages ?? englishAnsweredMessages;
  throw new AnswerNotDeliveredError(messages.sendError(code, response.status), code, response.status);
}
