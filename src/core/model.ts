import { setOwn } from './json.js';
/**
 * The protocol model every wire dialect is normalised into.
 *
 * A **suspension** is one round of questions. It holds **requests**, each keyed as
 * the server keyed it. The answers of a round are **responses** (MCP `inputResponses`),
 * keyed the same way.
 */

/** A JSON value as it travels on the wire. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A problem found while reading a wire shape or checking a `requestedSchema`. */
export interface SchemaProblem {
  /**
   * JSON-pointer-like path of the offending keyword, with each segment escaped
   * (`~` → `~0`, `/` → `~1`), e.g. `/properties/email/pattern`. Property names are
   * data: `user.email` stays one segment.
   */
  path: string;
  /** What is wrong and what would be accepted instead, in plain English. */
  message: string;
}

/** The widget kinds a flat `requestedSchema` property can become. */
export type FieldKind =
  | 'text'
  | 'email'
  | 'url'
  | 'date'
  | 'date-time'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'single-select'
  | 'multi-select';

/** One option of a single- or multi-select field. */
export interface FieldOption {
  /** The value sent back in `content`. */
  value: string;
  /** What a person sees (the `oneOf`/`anyOf` title, the legacy `enumNames` entry, or the value). */
  label: string;
  /**
   * More words about the option (a `description` on its `oneOf`/`anyOf` entry), shown under the
   * label. Untrusted server text: render as text, never as HTML.
   */
  description?: string;
}

interface FieldSpecBase {
  /** The property name exactly as the schema spells it; it is data, never a path. */
  name: string;
  /** Position in the schema's `properties`, used for stable ids. */
  index: number;
  /** The schema's `title`, if any. */
  title?: string;
  /** The schema's `description`, if any. */
  description?: string;
  /** Whether `required` lists this property. */
  required: boolean;
  /**
   * Whether the value must be treated as a secret: masked, never stored in drafts,
   * never logged. Set when the fields are read: by dialects that flag fields as secret, and by
   * the default name rule (`looksSecret`: passwords, PINs, tokens, card numbers, …) for every
   * field kind, so headless users and the card see the same flag. A host rule may add more.
   */
  secret?: boolean;
}

/** A free-text field: plain text or one of the allowed string formats. */
export interface TextFieldSpec extends FieldSpecBase {
  kind: 'text' | 'email' | 'url' | 'date' | 'date-time';
  minLength?: number;
  maxLength?: number;
  default?: string;
}

/** A numeric field; `integer` allows whole numbers only. */
export interface NumberFieldSpec extends FieldSpecBase {
  kind: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  default?: number;
}

/** A yes/no field. */
export interface BooleanFieldSpec extends FieldSpecBase {
  kind: 'boolean';
  default?: boolean;
}

/** Exactly one option from a list. */
export interface SingleSelectFieldSpec extends FieldSpecBase {
  kind: 'single-select';
  options: FieldOption[];
  default?: string;
}

/** Any number of options from a list, answered as `string[]`. */
export interface MultiSelectFieldSpec extends FieldSpecBase {
  kind: 'multi-select';
  options: FieldOption[];
  minItems?: number;
  maxItems?: number;
  /** Set when the schema says `uniqueItems: true`; a checkbox group never repeats an option anyway. */
  uniqueItems?: true;
  default?: string[];
}

/** A typed descriptor of one form field, derived from one `requestedSchema` property. */
export type FieldSpec =
  | TextFieldSpec
  | NumberFieldSpec
  | BooleanFieldSpec
  | SingleSelectFieldSpec
  | MultiSelectFieldSpec;

/**
 * A field that asks for a file (SEP-2356 / SEP-2631 draft: a string property marked
 * `"x-mcp-file"`, an array whose `items` are, or a name in the `requestedFiles` sidecar).
 * This client cannot send files yet, so such a request is `unsupported` with reason `file`;
 * the descriptor is kept for a future file widget.
 */
export interface FileFieldSpec extends FieldSpecBase {
  kind: 'file';
  /** An array of files (`type: "array"` whose `items` carry the marker) rather than one. */
  multiple: boolean;
  /** Accepted MIME types or extensions, as the server listed them (`accept`). */
  accept?: string[];
  /** Largest size per file in bytes (`maxSize`, or `maxFileSize` in the sidecar). */
  maxSize?: number;
}

/** A flat MCP `requestedSchema` as it arrives on the wire (not yet checked). */
export interface RequestedSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [annotation: string]: unknown;
}

/** A request answered with a form built from a checked `requestedSchema`. */
export interface FormRequest {
  kind: 'form';
  /** The key the server gave this request (`inputRequests` key), or `"elicitation"` for a lone request. */
  key: string;
  /**
   * The server's question. Untrusted text: render as text, never as HTML. Empty when the
   * server wrote none and `messageCode` says what to show instead.
   */
  message: string;
  /**
   * Set when the question is not the server's text but one the card words in its language:
   * `additional-input` (a flat field list without a message) is "Additional input required:
   * <labels>." with the labels from `messageParams`.
   */
  messageCode?: 'additional-input';
  /** The field labels (or names) that `messageCode` speaks of, in order. */
  messageParams?: { labels: string[] };
  requestedSchema: RequestedSchema;
  /** The analysed fields, in schema order. */
  fields: FieldSpec[];
  /**
   * The language of the server's text in this request (a BCP 47 tag, e.g. `de-CH`), from
   * `params.contentLanguage`: the card marks that text with `lang`, so screen readers and
   * hyphenation follow it, whatever the language of the host's own words.
   */
  contentLanguage?: string;
}

/** A request that asks a person to open a link (MCP URL mode). */
export interface UrlRequest {
  kind: 'url';
  key: string;
  message: string;
  url: string;
  /** Only on 2025-11-25 URL elicitations; removed in 2026-07-28. */
  elicitationId?: string;
  /**
   * True for an MCP 2025-11-25 `elicitation/create` URL request (it carries an `elicitationId`).
   * There `accept` is the person's consent to open the link, not the end of the step: the card
   * answers `accept` as the link opens, so the server's `elicitInput` returns at once and does not
   * time out (60 s by default) while the person signs in on the other page. The server learns the
   * step's end by itself and may say so with `notifications/elicitation/complete`.
   *
   * Absent elsewhere, and the card answers `accept` on **Done**: on MCP 2026-07-28 the retry that
   * carries the answer is how the client learns the outcome, and after a -32042 error the retry of
   * the call must wait for the step.
   */
  acceptOnOpen?: true;
  /** The language of the server's text (BCP 47), as on {@link FormRequest.contentLanguage}. */
  contentLanguage?: string;
}

/**
 * Why a request cannot be answered, as a code the card words in its language
 * (`messages.unsupportedReason`):
 * - `malformed`: the request cannot be read (not an object, no method, no message, a value that
 *   throws when read);
 * - `sampling` / `roots`: the server asks the app to run a model or list folders;
 * - `unknown-method`: a method this client does not answer (`reasonParams.method`);
 * - `unknown-mode`: an elicitation mode other than form and URL (`reasonParams.mode`, when it is text);
 * - `schema`: a `requestedSchema` outside the flat subset (details in `problems`);
 * - `too-many-fields`: more fields than the dialect allows (`reasonParams.count`, `reasonParams.limit`);
 * - `too-many-options`: an option list longer than the schema check allows;
 * - `duplicate-key`: a key an earlier request of the round already uses;
 * - `missing-link`: a link request without its link;
 * - `file`: a field asks for a file, which this client cannot send (`files` describes them);
 * - `answerer-failed`: a host answerer took the request and failed (`reasonParams.detail`);
 * - `too-many-requests`: the whole round asks more questions than a card shows
 *   (`reasonParams.count`, `reasonParams.limit`); see {@link roundTooLarge}.
 */
export type UnsupportedReasonCode =
  | 'malformed'
  | 'sampling'
  | 'roots'
  | 'unknown-method'
  | 'unknown-mode'
  | 'schema'
  | 'too-many-fields'
  | 'too-many-options'
  | 'duplicate-key'
  | 'missing-link'
  | 'file'
  | 'answerer-failed'
  | 'too-many-requests';

/** The values a reason's wording needs; which ones are set depends on the code. */
export interface UnsupportedReasonParams {
  /** `unknown-method`: the wire method. Untrusted text. */
  method?: string;
  /** `unknown-mode`: the mode the server asked in, when it is text. Untrusted text. */
  mode?: string;
  /** `too-many-fields`, `too-many-requests`: how many fields or questions were asked for. */
  count?: number;
  /** `too-many-fields`, `too-many-requests`: the most this kind of request (or a round) may ask. */
  limit?: number;
  /** `answerer-failed`: what went wrong, already in the reader's words. */
  detail?: string;
}

/** A request this client cannot answer with a form or a link; it can still be declined or cancelled. */
export interface UnsupportedRequest {
  kind: 'unsupported';
  key: string;
  /** The wire method (e.g. `sampling/createMessage`), or `"unknown"`. */
  method: string;
  /** The server's message, when the request had one. Untrusted text. */
  message?: string;
  /** The language of the server's text (BCP 47), as on {@link FormRequest.contentLanguage}. */
  contentLanguage?: string;
  /** Why it cannot be answered, as a code; `messages.unsupportedReason` words it. */
  reasonCode: UnsupportedReasonCode;
  /** What the wording of `reasonCode` needs (a method, a mode, counts). */
  reasonParams?: UnsupportedReasonParams;
  /**
   * Every problem behind the reason (e.g. each refused schema keyword): developer diagnostics
   * in English, for a "Details" disclosure. At most {@link MAX_PROBLEMS} are listed; a last one
   * says how many more there were.
   */
  problems: SchemaProblem[];
  /** The request's params as sent, for host answerers (e.g. the sampling messages). */
  params?: Record<string, unknown>;
  /** Reason `file`: the fields that ask for files, ready for a file widget. */
  files?: FileFieldSpec[];
}

/**
 * A request the host app answers by itself (`sampling/createMessage`, `roots/list`) with an
 * answerer it supplied. Parsers never produce it: a session turns an `unsupported` request into
 * this kind when the host has an answerer for its method.
 */
export interface HostRequest {
  kind: 'host';
  key: string;
  /** The MCP method the host answers. */
  method: 'sampling/createMessage' | 'roots/list';
  /** The server's message, when the request had one. Untrusted text. */
  message?: string;
  /** The request's params as sent (e.g. the sampling messages). */
  params: Record<string, unknown>;
}
/** The most problems an unsupported request lists; a hostile schema may have thousands. */
export const MAX_PROBLEMS = 50;

/**
 * The most questions (requests) one round may ask and still be shown. MCP sets no limit; real
 * rounds ask one to a handful, and a round of 10,000 would render 10,000 forms. A larger round is
 * shown as one refusal that declines or cancels all of its requests at once ({@link roundTooLarge}).
 */
export const MAX_REQUESTS = 20;

/**
 * A round that asks more than {@link MAX_REQUESTS} questions, as the one `unsupported` request a
 * card shows in its place (key `""`, reason `too-many-requests` with the count and the limit);
 * `undefined` for any other round. Its Decline or Cancel answers every request of the round.
 *
 * @example
 * ```ts
 * const refusal = roundTooLarge(suspension);
 * if (refusal) render(<Refusal reason={messages.unsupportedReason(refusal)} onDecline={session.declineRound} />);
 * ```
 */
export function roundTooLarge(round: Suspension): UnsupportedRequest | undefined {
  const count = round.requests.length;
  if (count <= MAX_REQUESTS) return undefined;
  return {
    kind: 'unsupported',
    key: '',
    method: 'unknown',
    reasonCode: 'too-many-requests',
    reasonParams: { count, limit: MAX_REQUESTS },
    problems: [],
  };
}

/** One question of a suspension. */
export type InputRequest = FormRequest | UrlRequest | UnsupportedRequest | HostRequest;

/**
 * The language a request's server text is written in: its own `contentLanguage`, else the
 * round's (`Suspension.contentLanguage`), else unknown. A host request has no server text of its own.
 */
export function contentLanguageOf(
  request: InputRequest | undefined,
  roundLanguage: string | undefined,
): string | undefined {
  return (request?.kind === 'host' ? undefined : request?.contentLanguage) ?? roundLanguage;
}

/**
 * The wire dialect a suspension was read from:
 * - `mcp-input-required`: an MCP 2026-07-28 `InputRequiredResult` (MRTR) or its bare `inputRequests` map;
 * - `mcp-tasks`: an MCP Tasks extension `tasks/get` result (or task notification);
 * - `mcp-elicitation`: a lone 2025 `elicitation/create` request, or its params;
 * - `mcp-url-required`: a 2025-11-25 `-32042` URL-elicitation-required error;
 * - `host`: a host's suspension payload (`{ type: "mcp-input-request", … }`);
 * - `flat`: a flat list of fields (`inputRequests: [{ name, label, … }]`), answered as flat `arguments.inputResponses`.
 */
export type SuspensionDialect =
  | 'mcp-input-required'
  | 'mcp-tasks'
  | 'mcp-elicitation'
  | 'mcp-url-required'
  | 'host'
  | 'flat';

/** One round of questions from one asker. */
export interface Suspension {
  /** Identity of the round; a re-ask gets a different id. */
  id: string;
  /** Which wire dialect the round was read from; it decides how answers travel back. */
  dialect?: SuspensionDialect;
  serverName?: string;
  toolName?: string;
  /**
   * The tool's human title (MCP `tools/list` `title`, or `annotations.title`), when whoever asks
   * knows it: the card shows it before the raw `toolName`. Untrusted text.
   */
  toolTitle?: string;
  taskId?: string;
  /** ISO 8601 timestamp of when the round was created. */
  createdAt?: string;
  /** MRTR `requestState`: opaque, echoed byte-exact, never parsed or altered. */
  requestState?: string;
  /**
   * The language of the server's text in the whole round (BCP 47), when whoever asks knows it
   * (`meta.contentLanguage`); a request's own `contentLanguage` wins for its text.
   */
  contentLanguage?: string;
  requests: InputRequest[];
}

/** A primitive answer value: what MCP allows in `ElicitResult.content`. */
export type ContentValue = string | number | boolean | string[];

/** The content of an accepted form answer, keyed by property name. */
export type ElicitContent = Record<string, ContentValue>;

/** The answer to one request: an MCP `ElicitResult`. */
export type ElicitResult =
  | { action: 'accept'; content?: ElicitContent }
  | { action: 'decline' }
  | { action: 'cancel' };

/** All answers of a round, keyed like the requests (MCP `inputResponses`). */
export type InputResponses = Record<string, InputResponse>;

/**
 * The answer to a `sampling/createMessage` request (MCP `CreateMessageResult`), produced by a
 * host answerer, never by a person's form.
 */
export interface SamplingResult {
  role: 'assistant';
  content: Record<string, unknown> | Record<string, unknown>[];
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** The answer to a `roots/list` request (MCP `ListRootsResult`), produced by a host answerer. */
export interface RootsResult {
  roots: Array<{ uri: string; name?: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

/** The answer to one request of a round: an `ElicitResult`, or a host answerer's result. */
export type InputResponse = ElicitResult | SamplingResult | RootsResult;

/** True for the answer a person gives: accept, decline or cancel. */
export function isElicitResult(response: InputResponse | undefined): response is ElicitResult {
  return (
    response !== undefined &&
    typeof (response as { action?: unknown }).action === 'string' &&
    ['accept', 'decline', 'cancel'].includes((response as { action: string }).action)
  );
}

/**
 * `response` as MCP sends it: `content` only with an accept of a form. A decline or cancel carries
 * none ("usually omitted"), nor does an accepted link (URL mode: "content omitted"), whatever a
 * host passed along, so a draft declined never leaves. Anything else of the answer stays.
 */
export function asSent<R extends InputResponse>(request: InputRequest | undefined, response: R): R {
  if (!isElicitResult(response) || !('content' in response) || request?.kind === 'host') return response;
  if (response.action === 'accept' && request?.kind !== 'url') return response;
  const { content: _omitted, ...sent } = response as ElicitResult & { content?: unknown };
  return sent as R;
}

/** {@link asSent} for the answer to request `key` of `round`. */
export function asSentIn<R extends InputResponse>(
  round: Suspension | undefined,
  key: string,
  response: R,
): R {
  return asSent(
    round?.requests.find((request) => request.key === key),
    response,
  );
}

/** Every answer of a round as MCP sends it ({@link asSent}), whatever a host passed to `resume`. */
export function allAsSent(round: Suspension | undefined, responses: InputResponses): InputResponses {
  const sent: InputResponses = {};
  for (const key of Object.keys(responses)) {
    const response = responses[key];
    if (response !== undefined) setOwn(sent, key, asSentIn(round, key, response));
  }
  return sent;
}

/** Optional facts about who asks, merged into the parsed suspension. */
export interface SuspensionMeta {
  id?: string;
  serverName?: string;
  toolName?: string;
  /** The tool's human title (MCP `tools/list` `title`), shown before the raw name. */
  toolTitle?: string;
  /** The language of the server's text (BCP 47, e.g. from the server's metadata); see {@link Suspension.contentLanguage}. */
  contentLanguage?: string;
  taskId?: string;
  createdAt?: string;
  /**
   * Request keys already answered: they are left out of the round. MCP Tasks repeats its
   * `inputRequests` snapshot on every poll until the server has processed `tasks/update`, and its
   * keys are unique for the task's whole life, so a listed key never needs asking again.
   * Applies to server-keyed dialects (MRTR, Tasks, host payloads, -32042); a lone elicitation
   * or a flat field list has a fixed key and is never skipped.
   */
  answeredKeys?: Iterable<string>;
}
