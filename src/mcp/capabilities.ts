/**
 * The client capabilities MCP declares (typed structurally, so this entry needs no SDK types):
 * `elicitation` (`form`, `url`), `extensions`, and whatever else a host adds.
 */
export interface ClientCapabilities {
  elicitation?: JsonObjectValue;
  extensions?: { [key: string]: JsonObjectValue };
  [key: string]: JsonObjectValue | undefined;
}

/** A JSON value, as capabilities hold them. */
export type JsonCapabilityValue =
  | string
  | number
  | boolean
  | null
  | JsonCapabilityValue[]
  | { [key: string]: JsonCapabilityValue };

/** A JSON object of capability values. */
export type JsonObjectValue = { [key: string]: JsonCapabilityValue };

import { isRecord } from './client.js';

/** The id of the MCP Tasks extension (SEP-2663), as declared in `extensions` of the capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The `_meta` key that carries the client's capabilities on each MCP 2026-07-28 request. */
export const CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** The `_meta` key that carries the protocol version on each MCP 2026-07-28 request. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** What the host actually renders and follows; see {@link clientCapabilitiesFor}. */
export interface RenderedInputKinds {
  /**
   * The host renders form requests (`<InputRequestCard>` does, for the flat schemas MCP allows up
   * to 100 fields, without `pattern`; a larger or unsupported one it says it cannot show, and
   * offers Decline or Cancel). @default true
   */
  form?: boolean;
  /**
   * The host renders link requests (URL mode): it shows the full URL before anything opens and
   * opens it only on the person's click, in a new top-level browsing context. The card's link
   * section does; declare it only where that section is mounted. @default false
   */
  url?: boolean;
  /**
   * The host follows tasks of the MCP Tasks extension through to their result
   * (`createMcpToolSource`, or `createMcpTaskSource` in a card). On 2026-07-28 the SDK sends a
   * client's capabilities with every request, so a client that also calls tools plainly
   * (`client.callTool`, `createMcpRetrySource`) should leave it out: a server that runs tools as
   * tasks would answer those calls with a task the SDK refuses. `createMcpToolSource` declares it
   * on its own calls. @default false
   */
  tasks?: boolean;
}

/**
 * Builds the client capabilities for what the host really renders, so a server never sends a
 * request nobody can show. A host must only advertise what it renders: declaring `url` without a
 * mounted link section, or `tasks` without following tasks, invites requests that end in a
 * refusal the person never chose.
 *
 * - `form` (default on) becomes `elicitation.form`, always written out: MCP reads an empty
 *   `elicitation: {}` as "form only", so nothing is left implicit.
 * - `url` becomes `elicitation.url`. With neither, `elicitation` is left out entirely.
 * - `tasks` becomes `extensions["io.modelcontextprotocol/tasks"]`.
 * - `base` holds the host's other capabilities (sampling, roots, other extensions); its
 *   `elicitation` is replaced, its `extensions` kept.
 *
 * The same object serves both eras: pass it as `capabilities` to `new Client(…)` (MCP 2025-11-25
 * declares it at `initialize`; on 2026-07-28 the SDK sends it in every request's `_meta`), or
 * send it per request with {@link capabilitiesMeta}.
 *
 * @example
 * ```ts
 * import { Client } from '@modelcontextprotocol/client';
 * import { clientCapabilitiesFor } from 'input-request-cards/mcp';
 *
 * // The chat mounts <InputRequestCard> (forms and links); its tool calls declare tasks themselves.
 * const capabilities = clientCapabilitiesFor({ url: true }, { sampling: {} });
 * // { sampling: {}, elicitation: { form: {}, url: {} } }
 * const client = new Client({ name: 'chat', version: '1.0.0' }, { capabilities });
 * ```
 */
export function clientCapabilitiesFor(
  rendered: RenderedInputKinds = {},
  base: ClientCapabilities = {},
): ClientCapabilities {
  const { elicitation: _replaced, extensions: baseExtensions, ...rest } = base;
  const capabilities: ClientCapabilities = { ...rest };
  const elicitation: NonNullable<ClientCapabilities['elicitation']> = {};
  if (rendered.form !== false) elicitation.form = {};
  if (rendered.url === true) elicitation.url = {};
  if (Object.keys(elicitation).length > 0) capabilities.elicitation = elicitation;
  const extensions: NonNullable<ClientCapabilities['extensions']> = {};
  for (const [id, settings] of Object.entries(baseExtensions ?? {})) {
    if (id !== TASKS_EXTENSION) extensions[id] = settings;
  }
  if (rendered.tasks === true) extensions[TASKS_EXTENSION] = {};
  if (Object.keys(extensions).length > 0) capabilities.extensions = extensions;
  return capabilities;
}

/**
 * The capabilities as MCP 2026-07-28 per-request `_meta`, for a request you send yourself:
 * spread it into the request's `_meta` to declare, for that request only, what the host renders.
 *
 * @example
 * ```ts
 * await client.request(
 *   { method: 'prompts/get', params: { name: 'greeting', _meta: capabilitiesMeta(clientCapabilitiesFor({ url: true })) } },
 *   resultSchema,
 * );
 * ```
 */
export function capabilitiesMeta(capabilities: Record<string, unknown>): Record<string, unknown> {
  return { [CLIENT_CAPABILITIES_META_KEY]: capabilities };
}

/** `capabilities` with the Tasks extension declared (its settings kept when already there). */
export function withTasksExtension(capabilities: Record<string, unknown>): Record<string, unknown> {
  const extensions = isRecord(capabilities.extensions) ? capabilities.extensions : {};
  if (isRecord(extensions[TASKS_EXTENSION])) return capabilities;
  return { ...capabilities, extensions: { ...extensions, [TASKS_EXTENSION]: {} } };
}
