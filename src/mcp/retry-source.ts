import { stableStringify } from '../core/json.js';
import type { InputResponses } from '../core/model.js';
import type { InputRequestSource, InputRequestState, SourceResumeContext } from '../core/source.js';
import {
  type AskerOptions,
  askerMeta,
  errorText,
  type McpClient,
  send,
  tolerateMissingResultType,
  untilAborted,
} from './client.js';
import {
  answerRound,
  failedCall,
  isInputRequired,
  type McpCall,
  openRound,
  reportProgress,
  restartCall,
  sharedCall,
  watchCall,
} from './rounds.js';
import type { RequestTimeouts } from './timeouts.js';

/** The three MCP methods a server may answer with `input_required` (MCP 2026-07-28, SEP-2322). */
export type McpRetryMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** Options of {@link createMcpRetrySource}. */
export interface McpRetrySourceOptions extends AskerOptions {
  /** A connected `Client` from `@modelcontextprotocol/client` (2026-07-28 for `input_required` rounds). */
  client: McpClient;
  /** The call to make, exactly as it goes on the wire the first time. */
  request: { method: McpRetryMethod; params: Record<string, unknown> };
  /**
   * What makes this call one call. Sources for the same client, request and `callId` share one
   * call: however often the source is created (e.g. in render), the server gets one `tools/call`.
   * Give each call its own id (e.g. the chat message or tool-call id) to call the same tool twice
   * with the same arguments. @default none: the client and request alone identify the call
   */
  callId?: string;
  /** The tool's raw name shown under the heading; defaults to `params.name` of a `tools/call`. */
  toolName?: string;
  /** TanStack Query key; defaults to a key derived from the call's identity. */
  queryKey?: readonly unknown[];
  /** Per-request timeout in milliseconds, passed to the SDK (its default is 60 s). */
  timeout?: number;
  /**
   * A clock from `createRequestTimeouts` to run this source's calls on, instead of `timeout`: on
   * a 2025 connection a server that asks in the middle of the call keeps it open while the person
   * answers, and this clock stops meanwhile (register the question handler with
   * `timeouts.whileAnswering(…)`). Without it, an answer that takes longer than `timeout` is lost.
   */
  timeouts?: RequestTimeouts;
  /**
   * Treat a result without `resultType` as complete, as MCP requires (default `true`).
   * See {@link tolerateMissingResultType}.
   */
  tolerateMissingResultType?: boolean;
}

/**
 * An {@link InputRequestSource} for an MCP 2026-07-28 multi round-trip request (MRTR, SEP-2322):
 * a `tools/call`, `prompts/get` or `resources/read` that the server may answer with
 * `resultType: "input_required"`.
 *
 * - `fetchState` makes the call once (with `allowInputRequired`, so the SDK hands the round back
 *   instead of answering it itself) and keeps the outcome; later calls return the latest known
 *   state without calling again, because tool calls are not idempotent.
 * - One call, however many sources: sources for the same client, request and `callId` share the
 *   call, so `source={createMcpRetrySource(…)}` written straight into render calls the tool once.
 * - `resume(responses)` repeats the call with the original params plus `inputResponses` (left out
 *   when the round asked nothing, i.e. carried only state) and the round's `requestState`, echoed
 *   byte-exact (left out when the round had none), on a new JSON-RPC id. It resolves with the next
 *   state: the result, or a new round. Concurrent resumes of one round send one retry and share
 *   its outcome.
 * - A result without `resultType` counts as complete; a JSON-RPC error as `failed`.
 * - A `resume` the server refuses with "Invalid or expired requestState", or a `resume` of a round
 *   that was already replaced, rejects with a `StaleRoundError`.
 * - `restart` makes the original call again, without `inputResponses` or `requestState` (a new
 *   call of the same identity): the card's "Start again" after a refused state. A JSON-RPC error
 *   of that call gives `failed`; a transport failure rejects, so it can be tried again.
 * - A round that asks nothing (only a `requestState`) is answered by the card's session: the first
 *   in a row at once, each further one after a backoff (1 s, doubling, at most 30 s).
 *
 * @example
 * ```ts
 * import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
 * import { createMcpRetrySource } from 'input-request-cards/mcp';
 *
 * const client = new Client({ name: 'my-app', version: '1.0.0' }, {
 *   capabilities: { elicitation: { form: {}, url: {} } },
 *   versionNegotiation: { mode: { pin: '2026-07-28' } },
 * });
 * await client.connect(new StreamableHTTPClientTransport(new URL('https://mcp.example.com/mcp')));
 *
 * // In a chat: one card per tool call, identified by the message that made it.
 * <InputRequestCard source={createMcpRetrySource({
 *   client,
 *   request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
 *   callId: message.id,
 *   serverName: 'Calendar',
 * })} />
 * ```
 */
export function createMcpRetrySource(options: McpRetrySourceOptions): InputRequestSource {
  const { client, request } = options;
  const toolName =
    options.toolName ??
    (request.method === 'tools/call' && typeof request.params.name === 'string'
      ? request.params.name
      : undefined);
  // The original params, without anything a previous round might have left in them.
  const { inputResponses: _ignoredResponses, requestState: _ignoredState, ...baseParams } = request.params;
  const identity = stableStringify([request.method, baseParams, options.callId ?? null]);
  const call = sharedCall<McpCall>(client, identity, (id) => ({ id, roundCount: 0 }));
  // Read when a round opens: the server's own name is known only once the client connected.
  const meta = () => askerMeta(options, toolName, client);

  function sendCall(params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<unknown> {
    if (options.tolerateMissingResultType !== false) tolerateMissingResultType(client);
    const own = { onprogress: reportProgress(call), ...(signal === undefined ? {} : { signal }) };
    const sent = (timing: { signal?: AbortSignal; timeout?: number }) =>
      send(client, { method: request.method, params }, { allowInputRequired: true, ...own, ...timing });
    return options.timeouts
      ? options.timeouts.run(sent, own)
      : sent(options.timeout === undefined ? {} : { timeout: options.timeout });
  }

  function toState(result: unknown): InputRequestState {
    if (isInputRequired(result)) return openRound(call, result, meta());
    call.round = undefined;
    return { status: 'completed', result };
  }

  function remember(state: InputRequestState): InputRequestState {
    call.latest = state;
    return state;
  }

  return {
    asker: meta,
    queryKey: options.queryKey ?? [
      'input-request-cards',
      'mcp-retry',
      request.method,
      toolName ?? null,
      identity,
    ],

    fetchState(signal) {
      if (call.latest !== undefined) return Promise.resolve(call.latest);
      call.first ??= sendCall(baseParams, undefined).then(
        (result) => remember(toState(result)),
        (error: unknown) => remember({ status: 'failed', error: errorText(error) }),
      );
      return untilAborted(call.first, signal);
    },

    resume(responses: InputResponses, context: SourceResumeContext) {
      return answerRound(call, responses, context, (answer, signal) =>
        sendCall({ ...baseParams, ...answer }, signal)
          .then(toState)
          .then(remember, (error: unknown) => remember(failedCall(error))),
      );
    },

    subscribe: (onChange) => watchCall(call, onChange),

    restart(signal) {
      const restarted = restartCall(call, () =>
        // A transport failure rejects: the person can press Start again once more.
        sendCall(baseParams, undefined)
          .then(toState)
          .then(remember, (error: unknown) => remember(failedCall(error))),
      );
      return untilAborted(restarted, signal);
    },
  };
}
