import type { McpTransport } from './client.js';

/** The transport of a connected SDK client, as far as the tap needs it. */
export type TappableTransport = McpTransport;

/** A request this library sent past the SDK, waiting for its JSON-RPC response. */
export interface PendingResponse {
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/** What the tap of one transport does with each incoming message. */
export interface TransportTap {
  /** Add `resultType: "complete"` to results that have none (see `tolerateMissingResultType`). */
  tolerant: boolean;
  /** Responses to requests sent with {@link requestPastSdk}, by JSON-RPC id. */
  readonly pending: Map<string, PendingResponse>;
}

/**
 * A JSON-RPC error response, as an Error with the wire's `code` and `data` (the shape of the
 * SDK's `ProtocolError`, so the same checks read both).
 */
export class McpResponseError extends Error {
  override readonly name = 'McpResponseError';
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(`MCP error ${code}: ${message}`);
    this.code = code;
    this.data = data;
  }
}

const taps = new WeakMap<object, TransportTap>();
/** Marks the handlers the tap installed, so a transport is never wrapped twice. */
const TAPPED = Symbol('input-request-cards:transport-tap');

type Tapped = { [TAPPED]?: true };

/**
 * Puts this library's tap in front of the SDK's message and close handlers of a connected
 * transport, once. A (re)connect installs fresh SDK handlers, so every caller taps again before
 * each request: the tap's settings live per transport and survive it.
 *
 * @returns the tap, or `undefined` while the transport has no message handler (not connected).
 */
export function tapTransport(transport: TappableTransport): TransportTap | undefined {
  let tap = taps.get(transport);
  if (!tap) {
    tap = { tolerant: false, pending: new Map() };
    taps.set(transport, tap);
  }
  const mine = tap;
  const deliver = transport.onmessage;
  if (deliver === undefined) return undefined;
  if (!(deliver as Tapped)[TAPPED]) {
    transport.onmessage = Object.assign(
      (message: Parameters<typeof deliver>[0], extra?: Parameters<typeof deliver>[1]) => {
        if (settlePending(mine, message)) return;
        const result = (message as { result?: unknown }).result;
        if (mine.tolerant && isObject(result) && !Object.hasOwn(result, 'resultType')) {
          result.resultType = 'complete';
        }
        deliver.call(transport, message, extra);
      },
      { [TAPPED]: true as const },
    );
  }
  const closed = transport.onclose;
  if (!(closed as Tapped | undefined)?.[TAPPED]) {
    transport.onclose = Object.assign(
      () => {
        // The SDK's code for it: what was sent may have reached the server (the card says so).
        const error = Object.assign(
          new Error(
            'input-request-cards: the MCP connection closed before the server answered. Reconnect and read the state again.',
          ),
          { code: 'CONNECTION_CLOSED' },
        );
        for (const [id, pending] of [...mine.pending]) {
          mine.pending.delete(id);
          pending.reject(error);
        }
        closed?.call(transport);
      },
      { [TAPPED]: true as const },
    );
  }
  return tap;
}

/** Hands a response to the request of ours it answers; `false` for every other message. */
function settlePending(tap: TransportTap, message: unknown): boolean {
  if (!isObject(message) || typeof message.id !== 'string') return false;
  const pending = tap.pending.get(message.id);
  if (pending === undefined) return false;
  if (Object.hasOwn(message, 'result')) {
    tap.pending.delete(message.id);
    pending.resolve(message.result);
    return true;
  }
  if (isObject(message.error)) {
    tap.pending.delete(message.id);
    const { code, message: text, data } = message.error;
    pending.reject(
      new McpResponseError(
        typeof code === 'number' ? code : -32603,
        typeof text === 'string' ? text : '',
        data,
      ),
    );
    return true;
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
