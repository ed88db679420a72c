import { stableStringify } from '../core/json.js';
import type { InputResponses } from '../core/model.js';
import { readTaskState } from '../core/parse/tasks.js';
import type { InputRequestSource, InputRequestState, SourceResumeContext } from '../core/source.js';
import { type AskerOptions, askerMeta, errorText, isRecord, type McpClient, untilAborted } from './client.js';
import { framedParams, type McpCallClient, requestEnvelope, requestPastSdk } from './past-sdk.js';
import {
  answerRound,
  failedCall,
  isInputRequired,
  type McpCall,
  openRound,
  restartCall,
  sharedCall,
} from './rounds.js';
import { createMcpTaskSource } from './task-source.js';
import type { RequestTimeouts } from './timeouts.js';

/** Options of {@link createMcpToolSource}. */
export interface McpToolSourceOptions extends AskerOptions {
  /** A connected `Client` from `@modelcontextprotocol/client` 2.x, on MCP 2026-07-28 for rounds and tasks. */
  client: McpCallClient;
  /** The tool to call. */
  name: string;
  /** Its arguments, exactly as they go on the wire. */
  arguments?: Record<string, unknown>;
  /**
   * What makes this call one call. Sources for the same client, tool, arguments and `callId`
   * share one call: however often the source is created (e.g. in render), the server gets one
   * `tools/call`. Give each call its own id (e.g. the chat's tool-call id) to call the same tool
   * twice with the same arguments. @default none: the client, tool and arguments alone identify the call
   */
  callId?: string;
  /** The tool's raw name shown under the heading. @default name */
  toolName?: string;
  /**
   * Declare the MCP Tasks extension (`io.modelcontextprotocol/tasks`) in the call's client
   * capabilities, so the server may run the tool as a task. Declare it only where the task is
   * followed, as this source does. A task the server starts anyway is followed all the same.
   * @default true
   */
  tasks?: boolean;
  /**
   * The client capabilities the call and its task requests declare in `_meta`, instead of the
   * ones the client was created with (e.g. `clientCapabilitiesFor({ url: true })`). The Tasks
   * extension is added unless `tasks` is `false`. @default the client's own
   */
  capabilities?: Record<string, unknown>;
  /** TanStack Query key; defaults to a key derived from the call's identity. */
  queryKey?: readonly unknown[];
  /** Per-request timeout in milliseconds. @default 60000 */
  timeout?: number;
  /**
   * A clock from `createRequestTimeouts` to run this source's calls on, instead of `timeout`: on
   * a 2025 connection a server that asks in the middle of the call keeps it open while the person
   * answers, and this clock stops meanwhile (register the question handler with
   * `timeouts.whileAnswering(…)`). Without it, an answer that takes longer than `timeout` is lost.
   */
  timeouts?: RequestTimeouts;
}

/** The task a call became, and the source that follows it. */
interface CallTask {
  taskId: string;
  source: InputRequestSource;
}

/** One tool call's progress, shared by every source made for it. */
interface ToolCall extends McpCall {
  task?: CallTask;
}

/**
 * An {@link InputRequestSource} that calls an MCP tool and follows it to its result, whichever of
 * the three answers MCP 2026-07-28 allows the server gives:
 *
 * - **a plain result**: the state is `completed`, with the result;
 * - **`input_required`** (MRTR): a round to answer; `resume` repeats the call with
 *   `inputResponses` and the round's `requestState`, as {@link createMcpRetrySource} does, as
 *   often as the server asks;
 * - **`resultType: "task"`** (MCP Tasks extension, SEP-2663): from then on the same source
 *   follows the task: `fetchState` reads `tasks/get` (its `pollIntervalMs` reaches the state, so
 *   the card polls as the server asks), `resume` answers with `tasks/update`, and `cancel`
 *   (`tasks/cancel`) appears, so the card offers "Stop task". Before the task exists the source
 *   has no `cancel`: a round's own Cancel is the only way out, and it is the person's.
 *
 * The call declares the Tasks extension in its `_meta` client capabilities (unless `tasks:
 * false`), and so do its `tasks/*` requests. `@modelcontextprotocol/client` 2.4 refuses a
 * `resultType: "task"` from `callTool` and `request`, so the `tools/call` goes straight through
 * the client's transport, framed with the same `_meta` envelope the SDK puts on its own requests,
 * and its response is read here; `tasks/*` go through `client.request`. Tools that mirror
 * arguments into `Mcp-Param-*` headers (`x-mcp-header`) are not supported on this path.
 *
 * One call per identity: sources for the same client, tool, arguments and `callId` share the
 * call, its rounds and its task, so `source={createMcpToolSource(…)}` in render calls once.
 *
 * @example
 * ```ts
 * import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
 * import { clientCapabilitiesFor, createMcpToolSource } from 'input-request-cards/mcp';
 *
 * const client = new Client({ name: 'my-app', version: '1.0.0' }, {
 *   capabilities: clientCapabilitiesFor({ url: true, tasks: true }),
 *   versionNegotiation: { mode: { pin: '2026-07-28' } },
 * });
 * await client.connect(new StreamableHTTPClientTransport(new URL('https://mcp.example.com/mcp')));
 *
 * <InputRequestCard source={createMcpToolSource({
 *   client,
 *   name: 'generate_report',
 *   arguments: { quarter: 'Q3' },
 *   callId: toolCall.id,
 *   serverName: 'Reports',
 * })} />
 * ```
 */
export function createMcpToolSource(options: McpToolSourceOptions): InputRequestSource {
  const { client, name } = options;
  const toolName = options.toolName ?? name;
  const tasks = options.tasks !== false;
  const baseParams: Record<string, unknown> = { name, arguments: options.arguments ?? {} };
  const identity = stableStringify(['tools/call', baseParams, options.callId ?? null]);
  const call = sharedCall<ToolCall>(client, `tool-source:${identity}`, (id) => ({ id, roundCount: 0 }));
  // Read when a round or task opens: the server's own name is known only once the client connected.
  const meta = () => askerMeta(options, toolName, client);

  function envelope(): Record<string, unknown> | undefined {
    return requestEnvelope(client, { capabilities: options.capabilities, tasks });
  }

  function callTool(params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<unknown> {
    const call = (timing: { signal?: AbortSignal | undefined; timeout?: number | undefined }) =>
      requestPastSdk(client, { method: 'tools/call', params: framedParams(params, envelope()) }, timing);
    return Promise.resolve().then(() =>
      options.timeouts
        ? options.timeouts.run(call, signal === undefined ? {} : { signal })
        : call({ signal, timeout: options.timeout }),
    );
  }

  /** The client as the task source sees it: its `tasks/*` requests carry the same capabilities. */
  const framedClient: McpClient = {
    request: ((request: { method: string; params?: Record<string, unknown> }, ...rest: unknown[]) =>
      (client.request as (...args: unknown[]) => Promise<unknown>)(
        { ...request, params: framedParams(request.params, envelope()) },
        ...rest,
      )) as McpClient['request'],
    get transport() {
      return client.transport;
    },
  };

  async function toState(result: unknown, signal: AbortSignal | undefined): Promise<InputRequestState> {
    if (isInputRequired(result)) return openRound(call, result, meta());
    call.round = undefined;
    if (isRecord(result) && result.resultType === 'task') return followTask(result, signal);
    return { status: 'completed', result };
  }

  /** The call became a task: from now on, the task is what this call's sources follow. */
  async function followTask(created: Record<string, unknown>, signal: AbortSignal | undefined) {
    const taskId = created.taskId;
    if (typeof taskId !== 'string' || taskId === '') {
      return {
        status: 'failed' as const,
        error: `input-request-cards: ${name} answered with a task without a taskId: ${JSON.stringify(created)}`,
      };
    }
    const asker = meta();
    const source = createMcpTaskSource({
      client: framedClient,
      taskId,
      ...asker,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    });
    call.task = { taskId, source };
    const state = readTaskState(created, { taskId, ...asker });
    // A CreateTaskResult carries no questions and no result: for anything but `working`, read them now.
    if (created.status === 'working') return state;
    return source.fetchState(signal ?? new AbortController().signal);
  }

  function remember(state: InputRequestState): InputRequestState {
    call.latest = state;
    return state;
  }

  return {
    asker: meta,
    queryKey: options.queryKey ?? ['input-request-cards', 'mcp-tool', name, identity],

    fetchState(signal) {
      if (call.task) return call.task.source.fetchState(signal);
      if (call.latest !== undefined) return Promise.resolve(call.latest);
      call.first ??= callTool(baseParams, undefined)
        .then((result) => toState(result, undefined))
        .then(remember, (error: unknown) => remember({ status: 'failed', error: errorText(error) }));
      return untilAborted(call.first, signal);
    },

    resume(responses: InputResponses, context: SourceResumeContext) {
      const task = call.task;
      if (task && context.suspension.taskId === task.taskId) {
        return task.source.resume(responses, context);
      }
      return answerRound(call, responses, context, (answer, signal) =>
        callTool({ ...baseParams, ...answer }, signal)
          .then((result) => toState(result, signal))
          .then(remember, (error: unknown) => remember(failedCall(error))),
      );
    },

    // Present only once the call is a task: the card offers "Stop task" exactly when it can work.
    get cancel() {
      const task = call.task;
      const stop = task?.source.cancel;
      return stop === undefined ? undefined : (signal: AbortSignal) => stop(signal);
    },

    // Present only before the call is a task: "Start again" calls the tool anew after the server
    // refused a round's state. A task is never restarted behind its back (it has its own life).
    get restart() {
      if (call.task) return undefined;
      return (signal: AbortSignal) =>
        untilAborted(
          restartCall(call, () =>
            callTool(baseParams, undefined)
              .then((result) => toState(result, undefined))
              .then(remember, (error: unknown) => remember(failedCall(error))),
          ),
          signal,
        );
    },
  };
}
