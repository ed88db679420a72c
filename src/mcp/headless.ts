import { buildAcceptContent, initialRawValues } from '../core/answer.js';
import { setOwn } from '../core/json.js';
import { newIdempotencyKey } from '../core/ledger.js';
import type {
  ContentValue,
  ElicitContent,
  ElicitResult,
  FormRequest,
  InputRequest,
  InputResponses,
  Suspension,
  UrlRequest,
} from '../core/model.js';
import type { InputRequestSource, InputRequestState } from '../core/source.js';
import { validateAnswer } from '../core/validate.js';
import {
  createElicitationHandler,
  type ElicitationHandler,
  type ElicitationHandlerOptions,
} from './elicitation.js';

/** How a headless answerer answers each kind of request. */
export interface AnswerPolicy {
  /**
   * Values for form fields, by property name, sent instead of the defaults. Typed as the schema
   * asks (numbers as numbers, multi-selects as `string[]`). A function gets each form request and
   * may return values for it. Names a form does not ask for are ignored.
   */
  values?:
    | Record<string, ContentValue>
    | ((request: FormRequest) => Record<string, ContentValue> | undefined);
  /** The action for form requests (default `'accept'`). */
  form?: 'accept' | 'decline' | 'cancel';
  /**
   * Whether to accept URL requests (consent to open the link). Default `false`: they are declined,
   * since nobody is there to open them.
   */
  acceptUrls?: boolean | ((request: UrlRequest) => boolean);
  /** The action for requests nobody can answer here: sampling, roots, refused schemas (default `'decline'`). */
  unsupported?: 'decline' | 'cancel';
}

/**
 * Answers one request the way a person pressing the card's buttons would, without a UI.
 *
 * A form is accepted with every schema default present and typed as the schema says (the card's
 * own `buildAcceptContent`), plus `policy.values`. A required field with neither a default nor a
 * value makes it throw, naming the field, rather than send an answer the server must refuse.
 *
 * @example
 * ```ts
 * answerRequest(suspension.requests[0], { values: { name: 'Ada' } });
 * // { action: 'accept', content: { name: 'Ada', age: 30, verified: true } }
 * ```
 */
export function answerRequest(request: InputRequest, policy: AnswerPolicy = {}): ElicitResult {
  switch (request.kind) {
    case 'form': {
      const action = policy.form ?? 'accept';
      if (action !== 'accept') return { action };
      return { action: 'accept', content: formContent(request, policy) };
    }
    case 'url': {
      const accept =
        typeof policy.acceptUrls === 'function' ? policy.acceptUrls(request) : policy.acceptUrls === true;
      return accept ? { action: 'accept' } : { action: 'decline' };
    }
    default:
      return { action: policy.unsupported ?? 'decline' };
  }
}

/**
 * Answers every request of a round (see {@link answerRequest}), keyed as the server keyed them:
 * ready to pass to `resume` or to send as MCP `inputResponses`.
 *
 * @example
 * ```ts
 * const state = await source.fetchState(signal);
 * if (state.suspension) await source.resume(answerRound(state.suspension), { suspension: state.suspension, signal });
 * ```
 */
export function answerRound(suspension: Suspension, policy: AnswerPolicy = {}): InputResponses {
  const responses: InputResponses = {};
  for (const request of suspension.requests) {
    setOwn(responses, request.key, answerRequest(request, policy));
  }
  return responses;
}

function formContent(request: FormRequest, policy: AnswerPolicy): ElicitContent {
  const content = buildAcceptContent(request.fields, initialRawValues(request.fields));
  const values = typeof policy.values === 'function' ? policy.values(request) : policy.values;
  for (const field of request.fields) {
    if (values !== undefined && Object.hasOwn(values, field.name)) {
      const value = values[field.name];
      if (value !== undefined) {
        setOwn(content, field.name, value);
      }
    }
    if (field.required && !Object.hasOwn(content, field.name)) {
      throw new Error(
        `input-request-cards: cannot accept request "${request.key}" headlessly: required field "${field.name}" ` +
          'has no default and no value. Pass it in the policy, e.g. { values: { ' +
          `${JSON.stringify(field.name)}: … } }, or decline with { form: 'decline' }.`,
      );
    }
  }
  // Checked as the card checks before Accept: a server refuses what does not fit its schema, and
  // a value the policy got wrong is the host's to fix, not the server's to report.
  const [problem] = validateAnswer(request.requestedSchema, content).errors;
  if (problem) {
    throw new Error(
      `input-request-cards: cannot accept request "${request.key}" headlessly: field ${JSON.stringify(problem.field)} ` +
        `fails its schema (${problem.keyword} ${JSON.stringify(problem.params)}). Pass a value that fits in the ` +
        `policy, e.g. { values: { ${JSON.stringify(problem.field)}: … } }, or decline with { form: 'decline' }.`,
    );
  }
  return content;
}

/** Options of {@link answerUntilDone}. */
export interface AnswerUntilDoneOptions {
  /** How to answer each round (default: accept forms with their defaults, decline the rest). */
  policy?: AnswerPolicy;
  /** Answer rounds yourself instead of with the policy. */
  answer?: (suspension: Suspension) => InputResponses | Promise<InputResponses>;
  /** Gives up (throws) after this many rounds (default 10). */
  maxRounds?: number;
  /** Wait between polls when the source reports `working` without a `pollIntervalMs` (default 1000 ms). */
  pollIntervalMs?: number;
  /** Stops the loop. */
  signal?: AbortSignal;
}

/**
 * Drives a source to its end without a person: answers each round, polls while the task works,
 * and resolves with the final state (`completed`, `failed` or `cancelled`). For tests, scripts
 * and tools.
 *
 * @example
 * ```ts
 * const source = createMcpRetrySource({ client, request: { method: 'tools/call', params } });
 * const final = await answerUntilDone(source, { policy: { values: { confirm: true } } });
 * final.status; // 'completed'
 * ```
 */
export async function answerUntilDone(
  source: InputRequestSource,
  options: AnswerUntilDoneOptions = {},
): Promise<InputRequestState> {
  const signal = options.signal ?? new AbortController().signal;
  const maxRounds = options.maxRounds ?? 10;
  const answer = options.answer ?? ((suspension: Suspension) => answerRound(suspension, options.policy));
  let rounds = 0;
  let state = await source.fetchState(signal);
  for (;;) {
    signal.throwIfAborted();
    if (state.status === 'input-required' && state.suspension) {
      rounds += 1;
      if (rounds > maxRounds) {
        throw new Error(
          `input-request-cards: the source still asks after ${maxRounds} rounds. ` +
            'Raise maxRounds if that is expected, or check that the answers are what the server needs.',
        );
      }
      const next = await source.resume(await answer(state.suspension), {
        suspension: state.suspension,
        signal,
        idempotencyKey: newIdempotencyKey(),
      });
      state = next ?? (await source.fetchState(signal));
    } else if (state.status === 'working' || state.status === 'input-required') {
      await delay(state.pollIntervalMs ?? options.pollIntervalMs ?? 1000, signal);
      state = await source.fetchState(signal);
    } else {
      return state;
    }
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** What {@link createHeadlessAnswerer} returns. */
export interface HeadlessAnswerer {
  /** Answers one round with the policy. */
  answer: (suspension: Suspension) => InputResponses;
  /** An `elicitation/create` handler answering with the policy (2025 requests, 2026 auto-fulfilment). */
  handler: ElicitationHandler;
  /** Drives a source to its end with the policy; see {@link answerUntilDone}. */
  run: (
    source: InputRequestSource,
    options?: Omit<AnswerUntilDoneOptions, 'policy'>,
  ) => Promise<InputRequestState>;
}

/**
 * A programmatic answerer for tests and tools, on one policy: answers rounds, serves as the
 * client's `elicitation/create` handler, and drives sources to their end.
 *
 * @example
 * ```ts
 * const answerer = createHeadlessAnswerer({ values: { name: 'Ada' }, acceptUrls: false });
 * client.setRequestHandler('elicitation/create', answerer.handler); // 2025 servers
 * const final = await answerer.run(createMcpRetrySource({ client, request })); // 2026 servers
 * ```
 */
export function createHeadlessAnswerer(
  policy: AnswerPolicy = {},
  handlerOptions: ElicitationHandlerOptions = {},
): HeadlessAnswerer {
  return {
    answer: (suspension) => answerRound(suspension, policy),
    handler: createElicitationHandler(({ suspension }) => {
      const request = suspension.requests[0];
      return request === undefined ? { action: 'cancel' } : answerRequest(request, policy);
    }, handlerOptions),
    run: (source, options = {}) => answerUntilDone(source, { ...options, policy }),
  };
}
