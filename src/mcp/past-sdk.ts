import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  withTasksExtension,
} from './capabilities.js';
import { isRecord, type McpClient, type McpRequest, nextSequence } from './client.js';
import { tapTransport } from './tap.js';

/**
 * What sending a request past the SDK needs from an MCP client: its transport, the negotiated
 * version and, for cancellation notices, `notification`. A connected `Client` from
 * `@modelcontextprotocol/client` 2.x is one.
 */
export interface McpCallClient extends McpClient {
  getNegotiatedProtocolVersion?(): string | undefined;
  notification?(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
}

/** The SDK's own default request timeout (60 s), kept for requests it does not see. */
const DEFAULT_TIMEOUT_MS = 60_000;

/** What a request's `_meta` declares; see {@link requestEnvelope}. */
export interface EnvelopeOptions {
  /** The capabilities to declare instead of the client's own. */
  capabilities?: Record<string, unknown> | undefined;
  /** Declare the Tasks extension (added to whichever capabilities are declared). */
  tasks: boolean;
}

/**
 * The MCP 2026-07-28 `_meta` envelope for a request: the client's protocol version, info and
 * capabilities, exactly as the SDK puts them on every request it sends itself, with
 * `options.capabilities` instead of the client's own when given, and the Tasks extension when
 * asked. `undefined` on an MCP 2025 connection, where capabilities were declared at `initialize`.
 *
 * The envelope is read from the SDK client's per-request envelope seam (`_outboundMetaEnvelope`,
 * a protected method of `Client`); a client without it needs `options.capabilities`.
 */
export function requestEnvelope(
  client: McpCallClient,
  options: EnvelopeOptions,
): Record<string, unknown> | undefined {
  const seam = (client as { _outboundMetaEnvelope?: () => unknown })._outboundMetaEnvelope;
  const sdkEnvelope = typeof seam === 'function' ? seam.call(client) : undefined;
  let envelope: Record<string, unknown>;
  if (isRecord(sdkEnvelope)) {
    envelope = { ...sdkEnvelope };
  } else {
    const version = client.getNegotiatedProtocolVersion?.();
    // Protocol versions are dates: every revision from 2026-07-28 on frames each request.
    if (version === undefined || version < '2026-07-28') return undefined;
    if (options.capabilities === undefined) {
      throw new Error(
        `input-request-cards: cannot frame a request for MCP ${version}: this client exposes no per-request envelope. ` +
          'Pass `capabilities` (e.g. clientCapabilitiesFor({ url: true, tasks: true })) to the source.',
      );
    }
    envelope = { [PROTOCOL_VERSION_META_KEY]: version };
  }
  const declared = options.capabilities ?? envelope[CLIENT_CAPABILITIES_META_KEY];
  const capabilities = isRecord(declared) ? declared : {};
  envelope[CLIENT_CAPABILITIES_META_KEY] = options.tasks ? withTasksExtension(capabilities) : capabilities;
  return envelope;
}

/** `params` with the envelope merged into its `_meta` (the caller's own `_meta` keys kept). */
export function framedParams(
  params: Record<string, unknown> | undefined,
  envelope: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const base = params ?? {};
  if (envelope === undefined) return base;
  const own = isRecord(base._meta) ? base._meta : {};
  return { ...base, _meta: { ...own, ...envelope } };
}

/** Options of {@link requestPastSdk}. */
export interface PastSdkOptions {
  signal?: AbortSignal | undefined;
  /** @default 60000, the SDK's own default */
  timeout?: number | undefined;
}

/**
 * Sends one JSON-RPC request straight through the client's transport, with an id of its own
 * (`input-request-cards:<n>`, never one the SDK would use), and resolves with the raw `result`
 * of its response, which the SDK never sees. For results the SDK refuses to decode, such as a
 * `tools/call` answered with `resultType: "task"`. `params` go out exactly as given: frame them
 * with {@link requestEnvelope} first.
 *
 * A JSON-RPC error rejects with an `McpResponseError` (`code`, `data`); a closed connection, a
 * timeout or an abort reject too, the last two after telling the server with
 * `notifications/cancelled`. The transport is tapped again before each request, so a reconnect
 * (which installs fresh SDK handlers) never leaves a request unheard.
 */
export function requestPastSdk(
  client: McpCallClient,
  request: McpRequest,
  options: PastSdkOptions = {},
): Promise<unknown> {
  const transport = client.transport;
  const tap = transport === undefined ? undefined : tapTransport(transport);
  const sendMessage = transport?.send;
  if (transport === undefined || tap === undefined || sendMessage === undefined) {
    return Promise.reject(
      new Error(
        `input-request-cards: cannot send ${request.method}: the MCP client is not connected. Await client.connect(…) first.`,
      ),
    );
  }
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const id = `input-request-cards:${nextSequence()}`;
  return new Promise<unknown>((resolve, reject) => {
    const finish = () => {
      tap.pending.delete(id);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const giveUp = (reason: unknown) => {
      if (!tap.pending.has(id)) return;
      finish();
      reject(reason);
      // The server may still be working on it; say it can stop. Nobody waits for this notice.
      void Promise.resolve()
        .then(() =>
          client.notification?.({
            method: 'notifications/cancelled',
            params: { requestId: id, reason: String(reason) },
          }),
        )
        .catch(() => {});
    };
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => {
      // Named as a timeout: the request may have reached the server (the card says so).
      const error = new Error(
        `input-request-cards: ${request.method} got no answer within ${timeout} ms. Raise \`timeout\` for slow tools.`,
      );
      error.name = 'TimeoutError';
      giveUp(error);
    }, timeout);
    const onAbort = () => giveUp(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    tap.pending.set(id, {
      resolve: (result) => {
        finish();
        resolve(result);
      },
      reject: (error) => {
        finish();
        reject(error);
      },
    });
    sendMessage
      .call(transport, {
        jsonrpc: '2.0',
        id,
        method: request.method,
        ...(request.params === undefined ? {} : { params: request.params }),
      })
      .catch((error: unknown) => {
        if (!tap.pending.has(id)) return;
        finish();
        reject(error);
      });
  });
}
