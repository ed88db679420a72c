import { allAsSent, type InputResponses, type Suspension, type SuspensionMeta } from '../core/model.js';
import { parseSuspension } from '../core/parse/index.js';
import type { InputRequestState, SourceResumeContext } from '../core/source.js';
import { readTaskProgress, StaleRoundError } from '../core/source.js';
import {
  errorText,
  isRecord,
  isRequestStateRefusal,
  PAGE_TAG,
  protocolErrorCode,
  staleIfStateRefused,
} from './client.js';

// The MRTR half shared by the sources that make a call which may answer `input_required`
// (createMcpRetrySource, createMcpToolSource): one call per identity, rounds, and the one retry
// that answers each round.

/** A round an `input_required` result handed out, with the wire facts its answer must carry. */
export interface McpRound {
  suspension: Suspension;
  /** Exactly the string the server sent, or `undefined` when it sent none. */
  requestState: string | undefined;
  /** The retry that answers this round, once sent: every later resume of the round joins it. */
  retry?: Promise<InputRequestState>;
}

/** One call's progress, shared by every source made for it. */
export interface McpCall {
  /** A process-unique number, for round ids. */
  readonly id: number;
  roundCount: number;
  /** The first request of the call, made once. */
  first?: Promise<InputRequestState>;
  /** The newest state the call reached. */
  latest?: InputRequestState;
  /** The round waiting for answers, if any. */
  round?: McpRound;
  /** The call issued anew ("Start again"), while on its way: a second restart joins it. */
  restarting?: Promise<InputRequestState>;
  /** Cards following the call's progress while a request of it runs (`subscribe`). */
  watchers?: Set<(state: InputRequestState) => void>;
}

/**
 * Passes the server's `notifications/progress` about one of the call's requests on to the cards
 * that follow the call, as a `working` state with `progress`: between the request and its answer
 * the card shows how far the tool has come instead of a bare spinner.
 */
export function reportProgress(call: McpCall): (progress: unknown) => void {
  return (reported) => {
    const progress = readTaskProgress(reported);
    if (progress === undefined) return;
    const state: InputRequestState = { status: 'working', progress };
    for (const watcher of call.watchers ?? []) watcher(state);
  };
}

/** `subscribe` of a call's sources: follow its progress until the returned function is called. */
export function watchCall(call: McpCall, onChange: (state: InputRequestState) => void): () => void {
  call.watchers ??= new Set();
  const watchers = call.watchers;
  watchers.add(onChange);
  return () => watchers.delete(onChange);
}

/** What a retry adds to the call's original params. */
export interface RoundAnswer {
  inputResponses?: InputResponses;
  requestState?: string;
}

const callsByClient = new WeakMap<object, Map<string, McpCall>>();
let callSequence = 0;

/**
 * The shared progress of one call: the same client and identity give the same call, however often
 * a source is created for it (tool calls are not idempotent). `create` makes it the first time.
 */
export function sharedCall<C extends McpCall>(
  client: object,
  identity: string,
  create: (id: number) => C,
): C {
  let calls = callsByClient.get(client);
  if (!calls) {
    calls = new Map();
    callsByClient.set(client, calls);
  }
  let call = calls.get(identity);
  if (!call) {
    callSequence += 1;
    call = create(callSequence);
    calls.set(identity, call);
  }
  return call as C;
}

/** True for an MRTR `InputRequiredResult` (`resultType: "input_required"`). */
export function isInputRequired(result: unknown): result is Record<string, unknown> {
  return isRecord(result) && result.resultType === 'input_required';
}

/**
 * Opens the round an `input_required` result asks for: parses it (ids `mcp-<call>-round-<n>`),
 * keeps its `requestState` exactly as sent, and makes it the call's open round.
 */
export function openRound(
  call: McpCall,
  result: Record<string, unknown>,
  meta: Pick<SuspensionMeta, 'serverName' | 'toolName' | 'toolTitle'>,
): InputRequestState {
  const requestState = typeof result.requestState === 'string' ? result.requestState : undefined;
  let suspension: Suspension;
  try {
    suspension = parseSuspension(result, {
      ...meta,
      id: `mcp-${PAGE_TAG}-${call.id}-round-${call.roundCount + 1}`,
    });
  } catch (error) {
    // A result MCP refuses (one with neither requests nor a requestState) is the server's answer,
    // and the call's end: answering it would call the tool again from scratch, and so would a
    // Try again. No round opens.
    call.round = undefined;
    return { status: 'failed', error: errorText(error) };
  }
  call.roundCount += 1;
  call.round = { suspension, requestState };
  return { status: 'input-required', suspension };
}

/**
 * Answers the call's open round once: `retry` repeats the call with `inputResponses` (left out
 * when the round asked nothing) and the round's `requestState` (byte-exact; left out when it had
 * none). A concurrent answer of the same round joins the retry in flight. An answer to a round
 * that is no longer open, or a retry the server refuses for its state, rejects with a
 * {@link StaleRoundError}; any other failure leaves the round open for another try.
 */
export function answerRound(
  call: McpCall,
  responses: InputResponses,
  context: SourceResumeContext,
  retry: (answer: RoundAnswer, signal: AbortSignal) => Promise<InputRequestState>,
): Promise<InputRequestState> {
  const current = call.round;
  if (current === undefined || current.suspension.id !== context.suspension.id) {
    return Promise.reject(
      new StaleRoundError(
        `input-request-cards: round "${context.suspension.id}" of this MCP call is no longer open ` +
          '(it was answered or replaced by a newer round). Answer the round the source returned last.',
      ),
    );
  }
  // One retry per round, marked before anything awaits: a concurrent resume joins it.
  if (current.retry) return current.retry;
  const answer: RoundAnswer = {};
  // As MCP has them, whatever a host passed to `resume`: no content with a decline or a link.
  if (Object.keys(responses).length > 0) answer.inputResponses = allAsSent(current.suspension, responses);
  if (current.requestState !== undefined) answer.requestState = current.requestState;
  current.retry = retry(answer, context.signal).catch((error: unknown) => {
    const mapped = staleIfStateRefused(error);
    // A refused state cannot be retried; any other failure may be (the round stays open).
    if (mapped === error) current.retry = undefined;
    throw mapped;
  });
  return current.retry;
}

/**
 * The state a JSON-RPC error of the call gives: the server answered, so its error is the call's
 * outcome (`failed`), whether it answered the first request, the retry that carried a round's
 * answers, or a restart; so does a result the SDK refused as invalid. Anything else is thrown on: a transport failure may pass (the person can
 * try again), and a refused `requestState` is a stale round, not the call's end.
 */
export function failedCall(error: unknown): InputRequestState {
  if (isRequestStateRefusal(error)) throw error;
  if (protocolErrorCode(error) === undefined && !isInvalidResult(error)) throw error;
  return { status: 'failed', error: errorText(error) };
}

/**
 * True for the SDK's refusal of a result the server sent (`SdkError` `INVALID_RESULT`, e.g. an
 * `input_required` result with neither requests nor a requestState): the server answered, and a
 * try again would get the same. Read by its code: this entry never imports the SDK.
 */
function isInvalidResult(error: unknown): boolean {
  return isRecord(error) && error.code === 'INVALID_RESULT';
}

/**
 * Issues the call anew, as "Start again" after the server refused a round's state: the open round
 * is dropped (its state is dead), and `start` makes the original request again, without
 * `inputResponses` or `requestState`. Its outcome becomes the call's first outcome, so every
 * source of the call reads it. A restart while one is on its way joins it.
 */
export function restartCall(
  call: McpCall,
  start: () => Promise<InputRequestState>,
): Promise<InputRequestState> {
  if (call.restarting) return call.restarting;
  call.round = undefined;
  const restarting = start().finally(() => {
    if (call.restarting === restarting) call.restarting = undefined;
  });
  call.restarting = restarting;
  call.first = restarting;
  return restarting;
}
