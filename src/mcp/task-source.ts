import { setOwn } from '../core/json.js';
import { asSentIn, type InputResponses } from '../core/model.js';
import { readTaskState } from '../core/parse/tasks.js';
import type { InputRequestSource } from '../core/source.js';
import { StaleRoundError } from '../core/source.js';
import {
  type AskerOptions,
  askerMeta,
  errorText,
  type McpClient,
  protocolErrorCode,
  send,
  tolerateMissingResultType,
} from './client.js';

/** Options of {@link createMcpTaskSource}. */
export interface McpTaskSourceOptions extends AskerOptions {
  /** A connected `Client` from `@modelcontextprotocol/client`, talking to a server with the Tasks extension. */
  client: McpClient;
  /** The task to follow: the `taskId` of the server's `CreateTaskResult`. */
  taskId: string;
  /** TanStack Query key; defaults to `['input-request-cards', 'mcp-task', taskId]`, so cards on one task share a poll. */
  queryKey?: readonly unknown[];
  /** Per-request timeout in milliseconds, passed to the SDK. */
  timeout?: number;
  /** Treat a result without `resultType` as complete (default `true`); see {@link tolerateMissingResultType}. */
  tolerateMissingResultType?: boolean;
}

/**
 * An {@link InputRequestSource} for a task of the MCP Tasks extension (`io.modelcontextprotocol/tasks`,
 * SEP-2663): `fetchState` polls `tasks/get`, `resume` sends the answers with `tasks/update`, and
 * `cancel` sends `tasks/cancel`.
 *
 * - Each `tasks/get` result is read by `readTaskState` from `input-request-cards/core`: the
 *   server's `pollIntervalMs` and `statusMessage` are passed on in every state, and a task that
 *   waits for input but has nothing left to ask reads as `working`.
 * - Keys sent with `tasks/update` are remembered and never asked or sent again, however long the
 *   server keeps them in its snapshot. Partial answers are fine: the rest stays asked.
 * - `resume` resolves with nothing; the next state arrives with the next poll.
 * - `tasks/update` refused with `-32602` (unknown task, or no longer waiting) rejects with a
 *   `StaleRoundError`. A `tasks/get` refused with a JSON-RPC error reads as `failed`.
 *
 * `@modelcontextprotocol/client` 2.4 has no typed Tasks methods; this source sends them through
 * `client.request(request, resultSchema)`, the one path that the SDK allows for them on a
 * 2026-07-28 connection.
 *
 * @example
 * ```ts
 * import { createMcpTaskSource } from 'input-request-cards/mcp';
 *
 * // `taskId` comes from the server's CreateTaskResult ({ resultType: 'task', taskId, ... }).
 * const source = createMcpTaskSource({ client, taskId, serverName: 'Reports', toolName: 'generate_report' });
 * const state = await source.fetchState(new AbortController().signal);
 * // state.status: 'working' | 'input-required' | 'completed' | 'failed' | 'cancelled'
 * if (state.suspension) await source.resume({ format: { action: 'accept', content: { format: 'pdf' } } }, {
 *   suspension: state.suspension, signal: new AbortController().signal,
 * });
 * ```
 */
export function createMcpTaskSource(options: McpTaskSourceOptions): InputRequestSource {
  const { client, taskId } = options;
  const answered = new Set<string>();
  // Read with each reading: the server's own name is known only once the client connected.
  const meta = () => ({ taskId, ...askerMeta(options, options.toolName, client), answeredKeys: answered });

  function request(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    if (options.tolerateMissingResultType !== false) tolerateMissingResultType(client);
    return send(
      client,
      { method, params },
      { signal, ...(options.timeout === undefined ? {} : { timeout: options.timeout }) },
    );
  }

  return {
    asker: meta,
    queryKey: options.queryKey ?? ['input-request-cards', 'mcp-task', taskId],

    async fetchState(signal) {
      let task: unknown;
      try {
        task = await request('tasks/get', { taskId }, signal);
      } catch (error) {
        if (protocolErrorCode(error) === undefined) throw error;
        return { status: 'failed', error: errorText(error) };
      }
      return readTaskState(task, meta());
    },

    async resume(responses: InputResponses, { signal, suspension }) {
      const fresh: InputResponses = {};
      for (const key of Object.keys(responses)) {
        const response = responses[key];
        // As MCP has it, whatever a host passed: no content with a decline or a link.
        // An own data property: a server's key "__proto__" is a key like any other, never dropped.
        if (!answered.has(key) && response !== undefined)
          setOwn(fresh, key, asSentIn(suspension, key, response));
      }
      if (Object.keys(fresh).length === 0) return undefined;
      try {
        await request('tasks/update', { taskId, inputResponses: fresh }, signal);
      } catch (error) {
        if (protocolErrorCode(error) === -32602) {
          throw new StaleRoundError(
            `input-request-cards: the server refused the answers for task "${taskId}" (${errorText(error)}). ` +
              'The task no longer waits for them; fetch its state again.',
            -32602,
          );
        }
        throw error;
      }
      for (const key of Object.keys(fresh)) answered.add(key);
      return undefined;
    },

    async cancel(signal) {
      await request('tasks/cancel', { taskId }, signal);
    },
  };
}
