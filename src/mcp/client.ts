import type { SuspensionMeta } from '../core/model.js';
import { visibleName } from '../core/shown-text.js';
import { StaleRoundError } from '../core/source.js';
import { tapTransport } from './tap.js';

/**
 * What the adapters need from an MCP client: `request` with an explicit result schema (and
 * `transport`, for {@link tolerateMissingResultType}). A connected `Client` from
 * `@modelcontextprotocol/client` 2.x is one; a test double can be too.
 *
 * Declared structurally, not as the SDK's `Client`, so `input-request-cards/mcp` type-checks in
 * apps that do not install the SDK (a test double, another MCP client) and its declarations
 * never depend on the SDK's internal types.
 *
 * @example
 * ```ts
 * import { Client } from '@modelcontextprotocol/client';
 * const client: McpClient = new Client({ name: 'my-app', version: '1.0.0' }); // a Client fits
 * ```
 */
export interface McpClient {
  /** Sends one JSON-RPC request and resolves with the result the schema lets through. */
  request(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: McpResultSchema,
    options?: McpRequestOptions,
  ): Promise<unknown>;
  /** The connected transport, when there is one. */
  readonly transport?: McpTransport | undefined;
}

/**
 * The part of an MCP transport the adapters use: its message and close callbacks (wrapped by
 * {@link tolerateMissingResultType} and the tap that reads answers the SDK would refuse) and
 * `send` (for the one call the SDK cannot make, a tool answered with a task).
 */
export interface McpTransport {
  // Each a method (parameters compare both ways: the SDK's callbacks take its own message types),
  // or undefined, as the SDK declares them: a transport fits under exactOptionalPropertyTypes too.
  onmessage?: Bivariant<(message: object, extra?: unknown) => void> | undefined;
  onclose?: (() => void) | undefined;
  send?: Bivariant<(message: object, options?: unknown) => Promise<void>> | undefined;
}

/** `F` with parameters compared both ways, as a method's are (a function type's are not). */
type Bivariant<F extends (...args: never[]) => unknown> = {
  method(...args: Parameters<F>): ReturnType<F>;
}['method'];

/** A Standard Schema (v1) for a request's result, as `client.request(request, schema)` takes it. */
export interface McpResultSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: unknown } | Promise<{ value: unknown }>;
  };
}

/** A request the adapters send: a method and its params, as on the wire. */
export interface McpRequest {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * A Standard Schema that accepts any result unchanged. The adapters read results themselves
 * (they must see `input_required` rounds and extension results such as Tasks), and the
 * explicit-schema form of `client.request` is also the one path the SDK leaves open for the
 * Tasks extension's `tasks/*` methods on a 2026-07-28 connection.
 */
export const passThroughSchema = {
  '~standard': {
    version: 1 as const,
    vendor: 'input-request-cards',
    validate: (value: unknown) => ({ value }),
  },
};

/** Options passed to every SDK request the adapters make. */
export interface McpRequestOptions {
  signal?: AbortSignal;
  timeout?: number;
  allowInputRequired?: boolean;
  /** Called for each `notifications/progress` the server sends about this request. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** Sends one request through the SDK client, typed as an unknown result. */
export function send(client: McpClient, request: McpRequest, options: McpRequestOptions): Promise<unknown> {
  const requestOptions = {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.allowInputRequired ? { allowInputRequired: true } : {}),
    ...(options.onprogress === undefined ? {} : { onprogress: options.onprogress }),
  };
  return client.request(
    request.params === undefined
      ? { method: request.method }
      : { method: request.method, params: request.params },
    passThroughSchema,
    requestOptions,
  ) as Promise<unknown>;
}

/**
 * Makes a connected client treat a result that has no `resultType` as `"complete"`, as MCP
 * 2026-07-28 tells clients to (SEP-2322). `@modelcontextprotocol/client` 2.4 instead rejects such
 * a result with "missing required resultType" on a 2026-07-28 connection. This adds
 * `resultType: "complete"` to each incoming result that lacks one, before the SDK decodes it;
 * results that carry a `resultType` are never touched.
 *
 * It wraps the transport's current message handler. A (re)connect installs a new handler, so the
 * adapters call this before every request they send: a reconnect can never silently undo it.
 * Call it yourself, after `client.connect(…)`, for requests you send on your own; calling it
 * again is harmless. {@link createMcpRetrySource} and {@link createMcpTaskSource} call it for you
 * unless told not to.
 *
 * @returns `true` when the client's transport is (now) covered, `false` when there is no
 * connected transport yet.
 * @example
 * ```ts
 * await client.connect(transport);
 * tolerateMissingResultType(client);
 * await client.callTool({ name: 'legacy_tool', arguments: {} }); // no "missing required resultType"
 * ```
 */
export function tolerateMissingResultType(client: McpClient): boolean {
  const transport = client.transport;
  if (transport === undefined) return false;
  const tap = tapTransport(transport);
  if (tap === undefined) return false;
  tap.tolerant = true;
  return true;
}

/** A JSON-RPC error as the SDK surfaces it (`ProtocolError`): a numeric `code`. */
export function protocolErrorCode(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

/** True when the server refused the echoed `requestState` (SDK servers: "Invalid or expired requestState"). */
export function isRequestStateRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const data = (error as { data?: unknown }).data;
  const reason = isRecord(data) ? data.reason : undefined;
  return reason === 'invalid_request_state' || /invalid or expired requeststate/i.test(error.message);
}

/** Turns a refused `requestState` into a {@link StaleRoundError}; other errors pass through. */
export function staleIfStateRefused(error: unknown): unknown {
  if (!isRequestStateRefusal(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StaleRoundError(
    `input-request-cards: the server refused this round's requestState (${message}). ` +
      'The round has expired or was replaced; start the call again to get a fresh round.',
    protocolErrorCode(error),
  );
}

/** A readable one-line description of an error, for `InputRequestState.error`. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = protocolErrorCode(error);
    return code === undefined || error.message.includes(String(code))
      ? error.message
      : `${error.message} (code ${code})`;
  }
  return String(error);
}

/** Who asks, as a source's options name it: the card's heading, and the tool line under it. */
export interface AskerOptions {
  /** Who asks, shown as the card's heading. */
  serverName?: string;
  /** The tool that asks, by its raw name. */
  toolName?: string;
  /**
   * The tool's human title, shown before its raw name: `tool.title ?? tool.annotations?.title`
   * of its `tools/list` entry, when the host has it.
   */
  toolTitle?: string;
  /** The language the server writes its questions in (BCP 47, e.g. `ja`), when the host knows it. */
  contentLanguage?: string;
}

/**
 * The suspension metadata of {@link AskerOptions}, leaving out what is not known. Without a
 * `serverName`, the name the server gave itself when the client connected (`title`, else `name`)
 * heads the card: MCP requires the UI to say which server asks, and "A tool is asking" does not.
 */
export function askerMeta(
  options: AskerOptions,
  toolName = options.toolName,
  client?: unknown,
): Pick<SuspensionMeta, 'serverName' | 'toolName' | 'toolTitle' | 'contentLanguage'> {
  const serverName = options.serverName ?? introducedName(client);
  return {
    ...(serverName === undefined ? {} : { serverName }),
    ...(toolName === undefined ? {} : { toolName }),
    ...(options.toolTitle === undefined ? {} : { toolTitle: options.toolTitle }),
    ...(options.contentLanguage === undefined ? {} : { contentLanguage: options.contentLanguage }),
  };
}

/** The name a connected client's server introduced itself with, if any (untrusted text). */
function introducedName(client: unknown): string | undefined {
  const introduced = (client as { getServerVersion?: () => unknown } | undefined)?.getServerVersion?.();
  if (!isRecord(introduced)) return undefined;
  // A title of invisible characters introduces nobody: the name after it may.
  return [introduced.title, introduced.name]
    .map((candidate) => (typeof candidate === 'string' ? visibleName(candidate) : undefined))
    .find((candidate) => candidate !== undefined);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rejects as soon as `signal` aborts, without cancelling `promise` itself (it may be shared). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

let sequence = 0;
/** A process-unique number, for query keys and round ids of sources that are not idempotent. */
/**
 * Tells this page's ids from an earlier page's in the same tab. Round ids made from a counter
 * alone repeat after a reload, and the ledger (in `sessionStorage`) would then take a new round
 * for the one a former page answered, and show it as answered.
 */
export const PAGE_TAG = (() => {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
})();

export function nextSequence(): number {
  sequence += 1;
  return sequence;
}
