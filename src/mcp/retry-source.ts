import type { InputResponses, Suspension } from '../core/model.js';
import { parseSuspension } from '../core/parse/index.js';
import type { InputRequestSource, InputRequestState, SourceResumeContext } from '../core/source.js';
import { StaleRoundError } from '../core/source.js';
import {
  errorText,
  isRecord,
  type McpClient,
  nextSequence,
  send,
  staleIfStateRefused,
  tolerateMissingResultType,
  untilAborted,
} from './client.js';

/** The three MCP methods a server may answer with `input_required` (MCP 2026-07-28, SEP-2322). */
export type McpRetryMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** Options of {@link createMcpRetrySource}. */
export interface McpRetrySourceOptions {
  /** A connected `Client` from `@modelcontextprotocol/client` (2026-07-28 for `input_required` rounds). */
  client: McpClient;
  /** The call to make, exactly as it goes on the wire the first time. */
  request: { method: McpRetryMethod; params: Record<string, unknown> };
  /** Who asks, shown as the card's heading. */
  serverName?: string;
  /** The tool shown under the heading; defaults to `params.name` of a `tools/call`. */
  toolName?: string;
  /** TanStack Query key; defaults to a key unique to this source (tool calls are not idempotent). */
  queryKey?: readonly unknown[];
  /** Per-request timeout in milliseconds, passed to the SDK (its default is 60 s). */
  timeout?: number;
  /**
   * Treat a result without `resultType` as complete, as MCP requires (default `true`).
   * See {@link tolerateMissingResultType}.
   */
  tolerateMissingResultType?: boolean;
}

/** A round this source handed out, with the wire facts its answer must carry. */
interface Round {
  suspension: Suspension;
  /** Exactly the string the server sent, or `undefined` when it sent none. */
  requestState: string | undefined;
  answered: boolean;
}

/**
 * An {@link InputRequestSource} for an MCP 2026-07-28 multi round-trip request (MRTR, SEP-2322):
 * a `tools/call`, `prompts/get` or `resources/read` that the server may answer with
 * `resultType: "input_required"`.
 *
 * - `fetchState` makes the call once (with `allowInputRequired`, so the SDK hands the round back
 *   instead of answering it itself) and keeps the outcome; later calls return the latest known
 *   state without calling again, because tool calls are not idempotent.
 * - `resume(responses)` repeats the call with the original params plus `inputResponses` (left out
 *   when the round asked nothing, i.e. carried only state) and the round's `requestState`, echoed
 *   byte-exact (left out when the round had none), on a new JSON-RPC id. It resolves with the next
 *   state: the result, or a new round.
 * - Create one source per call, once (outside render, or in `useState`): each source makes its
 *   call once, and its default query key is its own.
 * - A result without `resultType` counts as complete; a JSON-RPC error as `failed`.
 * - A `resume` the server refuses with "Invalid or expired requestState", or a `resume` of a round
 *   that was already answered or replaced, rejects with a `StaleRoundError`.
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
 * const source = createMcpRetrySource({
 *   client,
 *   request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
 *   serverName: 'Calendar',
 * });
 * const state = await source.fetchState(new AbortController().signal);
 * if (state.status === 'input-required' && state.suspension) {
 *   // render <InputRequestCard suspension={state.suspension} resume={source.resume} />
 * }
 * ```
 */
export function createMcpRetrySource(options: McpRetrySourceOptions): InputRequestSource {
  const { client, request } = options;
  const sourceId = nextSequence();
  const toolName =
    options.toolName ??
    (request.method === 'tools/call' && typeof request.params.name === 'string'
      ? request.params.name
      : undefined);
  // The original params, without anything a previous round might have left in them.
  const { inputResponses: _ignoredResponses, requestState: _ignoredState, ...baseParams } = request.params;

  let first: Promise<InputRequestState> | undefined;
  let latest: InputRequestState | undefined;
  let round: Round | undefined;
  let roundCount = 0;

  function call(params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<unknown> {
    if (options.tolerateMissingResultType !== false) tolerateMissingResultType(client);
    return send(
      client,
      { method: request.method, params },
      {
        allowInputRequired: true,
        ...(signal === undefined ? {} : { signal }),
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      },
    );
  }

  function toState(result: unknown): InputRequestState {
    if (isRecord(result) && result.resultType === 'input_required') {
      roundCount += 1;
      const requestState = typeof result.requestState === 'string' ? result.requestState : undefined;
      const suspension = parseSuspension(result, {
        id: `mcp-${sourceId}-round-${roundCount}`,
        ...(options.serverName === undefined ? {} : { serverName: options.serverName }),
        ...(toolName === undefined ? {} : { toolName }),
      });
      round = { suspension, requestState, answered: false };
      return { status: 'input-required', suspension };
    }
    round = undefined;
    return { status: 'completed', result };
  }

  function remember(state: InputRequestState): InputRequestState {
    latest = state;
    return state;
  }

  return {
    queryKey: options.queryKey ?? [
      'input-request-cards',
      'mcp-retry',
      request.method,
      toolName ?? null,
      sourceId,
    ],

    fetchState(signal) {
      if (latest !== undefined) return Promise.resolve(latest);
      first ??= call(baseParams, undefined).then(
        (result) => remember(toState(result)),
        (error: unknown) => remember({ status: 'failed', error: errorText(error) }),
      );
      return untilAborted(first, signal);
    },

    async resume(responses: InputResponses, context: SourceResumeContext) {
      const current = round;
      if (current === undefined || current.suspension.id !== context.suspension.id || current.answered) {
        throw new StaleRoundError(
          `input-request-cards: round "${context.suspension.id}" of this MCP call is no longer open ` +
            '(it was answered or replaced by a newer round). Answer the round the source returned last.',
        );
      }
      const params: Record<string, unknown> = { ...baseParams };
      if (Object.keys(responses).length > 0) params.inputResponses = responses;
      if (current.requestState !== undefined) params.requestState = current.requestState;

      let result: unknown;
      try {
        result = await call(params, context.signal);
      } catch (error) {
        const mapped = staleIfStateRefused(error);
        if (mapped !== error) current.answered = true;
        throw mapped;
      }
      current.answered = true;
      return remember(toState(result));
    },
  };
}
