/**
 * The message part that carries one MCP `elicitation/create` request from the AI SDK server to
 * the browser, and its answer's summary back into the persisted chat. Shared by the server
 * bridge and the client component; framework-free.
 */
import { isPlainObject, own, setOwn } from '../core/json.js';
import type {
  ElicitResult,
  FieldSpec,
  FormRequest,
  InputRequest,
  Suspension,
  SuspensionMeta,
} from '../core/model.js';
import { parseElicitationParams } from '../core/parse/elicitation.js';
import { looksSecret } from '../core/secret.js';

/** The data part name: the part's `type` is `data-input-request`. */
export const INPUT_REQUEST_DATA_NAME = 'input-request';

/** The part's `type` in a `UIMessage`. */
export const INPUT_REQUEST_PART_TYPE = `data-${INPUT_REQUEST_DATA_NAME}` as const;

/**
 * Where the bridge states, in the `ElicitResult` it answers the MCP server with, why nobody
 * answered: `{ action: 'cancel', _meta: { 'input-request-cards/outcome': 'timed-out' } }`.
 */
export const OUTCOME_META_KEY = 'input-request-cards/outcome';

/**
 * Where a request stands:
 * - `pending`: the card waits for the person;
 * - `answered`: the person accepted, declined or cancelled (see `answer.action`);
 * - `timed-out`: nobody answered in time, and the server was told `outcome.action`;
 * - `cancelled`: the chat stopped (the request was aborted) before an answer, and the server was told `cancel`.
 */
export type InputRequestStatus = 'pending' | 'answered' | 'timed-out' | 'cancelled';

/** What the person answered, as the part keeps it: never the value of a secret field. */
export interface AnswerSummary {
  action: ElicitResult['action'];
  /** The accepted values of every field that is not secret. */
  content?: Record<string, unknown>;
  /** Names of secret fields that were answered; their values are never kept in the part. */
  hidden?: string[];
}

/** What the bridge told the MCP server when nobody answered. */
export interface BridgeOutcome {
  action: 'cancel' | 'decline';
  reason: 'timed-out' | 'aborted';
}

/** The `data` of a `data-input-request` part. Plain JSON, so it persists with the chat. */
export interface InputRequestPartData {
  /** The request's id, also the part's `id` (so every update replaces the same part). */
  requestId: string;
  /** The chat the request belongs to: an answer must name the same chat. */
  chatId: string;
  /** Who asks (the MCP server), shown as the card's heading. */
  serverName?: string;
  /** The tool whose call asked, when the bridge knows it. */
  toolName?: string;
  /** That tool's title for people (MCP `title`), when it has one: the card shows it over the name. */
  toolTitle?: string;
  /** The AI SDK tool call that asked, when the bridge knows it. */
  toolCallId?: string;
  /** The request as the MCP server sent it. Read it with {@link suspensionOfPart}. */
  request: { method: 'elicitation/create'; params: Record<string, unknown> };
  status: InputRequestStatus;
  /** When the request was shown (ISO 8601). */
  createdAt: string;
  /** When the bridge stops waiting and answers the server itself (ISO 8601). */
  expiresAt: string;
  /** The answer, once `status` is `answered` (secret values masked). */
  answer?: AnswerSummary;
  /** What the server was told, once `status` is `timed-out` or `cancelled`. */
  outcome?: BridgeOutcome;
}

/** A `data-input-request` part, as it appears in `message.parts`. */
export interface InputRequestDataPart {
  type: typeof INPUT_REQUEST_PART_TYPE;
  id?: string;
  data: InputRequestPartData;
}

/**
 * The data types to declare on your `UIMessage`, so `useChat` types the part.
 *
 * @example
 * ```ts
 * type ChatMessage = UIMessage<unknown, InputRequestDataTypes>;
 * const { messages } = useChat<ChatMessage>();
 * ```
 */
export type InputRequestDataTypes = { [INPUT_REQUEST_DATA_NAME]: InputRequestPartData };

const STATUSES: ReadonlySet<string> = new Set(['pending', 'answered', 'timed-out', 'cancelled']);

/**
 * Whether a message part is an input request written by the bridge (checked, since persisted
 * messages are data from storage).
 *
 * @example
 * ```tsx
 * message.parts.filter(isInputRequestPart).map((part) => <InputRequestPart key={part.id} part={part} />);
 * ```
 */
export function isInputRequestPart(part: unknown): part is InputRequestDataPart {
  if (!isPlainObject(part) || part.type !== INPUT_REQUEST_PART_TYPE) return false;
  const data = part.data;
  return (
    isPlainObject(data) &&
    typeof data.requestId === 'string' &&
    typeof data.chatId === 'string' &&
    typeof data.status === 'string' &&
    STATUSES.has(data.status) &&
    isPlainObject(data.request) &&
    isPlainObject(data.request.params)
  );
}

/**
 * The round a part asks, for `<InputRequestCard suspension={…} />`: its request read as the
 * params of an `elicitation/create` request, with the part's request id as the round id and its
 * server and tool names.
 *
 * A part is data from the wire or from storage, so this never throws: params the card cannot
 * answer (no `requestedSchema`, a schema outside the flat subset, a file field, no params at
 * all) become one `unsupported` request, which the card shows as "cannot be answered here" with
 * Decline and Cancel. The params are only ever read as an `elicitation/create` request, never
 * as another wire shape, so the card and the answer route always read the same question.
 *
 * @example
 * ```ts
 * const suspension = suspensionOfPart(part.data);
 * suspension.requests[0].kind; // 'form' | 'url' | 'unsupported'
 * ```
 */
export function suspensionOfPart(data: InputRequestPartData): Suspension {
  const request: unknown = data.request;
  return suspensionOfParams(isPlainObject(request) ? own(request, 'params') : undefined, {
    id: data.requestId,
    ...(typeof data.serverName === 'string' ? { serverName: data.serverName } : {}),
    ...(typeof data.toolName === 'string' ? { toolName: data.toolName } : {}),
    ...(typeof data.toolTitle === 'string' ? { toolTitle: data.toolTitle } : {}),
  });
}

/**
 * The one request of stored `elicitation/create` params, read exactly as the card reads them
 * ({@link suspensionOfPart}): what the answer route checks an answer against.
 */
export function requestOfParams(params: unknown, requestId: string): InputRequest | undefined {
  return suspensionOfParams(params, { id: requestId }).requests[0];
}

function suspensionOfParams(params: unknown, meta: SuspensionMeta): Suspension {
  // Params that are no object read as an empty one: a request without a message or a schema,
  // which the card shows as one it cannot answer.
  return parseElicitationParams(isPlainObject(params) ? params : {}, meta);
}

/**
 * The answer a part keeps, read totally (a part is data from storage): `undefined` unless it
 * names an action; `content` only when it is an object; `hidden` only its names (anything that
 * is not a list of names counts as none).
 */
export function answerOfPart(data: InputRequestPartData): AnswerSummary | undefined {
  const answer: unknown = data.answer;
  if (!isPlainObject(answer)) return undefined;
  const action = own(answer, 'action');
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return undefined;
  const content = own(answer, 'content');
  const hidden = own(answer, 'hidden');
  const names = Array.isArray(hidden) ? hidden.filter((name) => typeof name === 'string') : [];
  return {
    action,
    ...(isPlainObject(content) ? { content } : {}),
    ...(names.length > 0 ? { hidden: names } : {}),
  };
}

/** What a part says the server was told when nobody answered, read totally: `undefined` unless it says. */
export function toldOfPart(data: InputRequestPartData): BridgeOutcome['action'] | undefined {
  const outcome: unknown = data.outcome;
  const action = isPlainObject(outcome) ? own(outcome, 'action') : undefined;
  return action === 'cancel' || action === 'decline' ? action : undefined;
}

/** Which fields count as secret: those the round flags, and those `isSecret` picks. */
export type SecretRule = (field: FieldSpec, request: FormRequest) => boolean;

/**
 * The answer as a part may keep it: the action, the values of fields that are not secret, and
 * the names of secret fields that were answered (their values left out).
 */
export function summarizeAnswer(
  suspension: Suspension,
  result: ElicitResult,
  isSecret: SecretRule = looksSecret,
): AnswerSummary {
  if (result.action !== 'accept' || result.content === undefined) return { action: result.action };
  const request = suspension.requests[0];
  const fields = request?.kind === 'form' ? request.fields : [];
  const content: Record<string, unknown> = {};
  const hidden: string[] = [];
  for (const [name, value] of Object.entries(result.content)) {
    const field = fields.find((candidate) => candidate.name === name);
    // A value the schema does not describe cannot be shown as a field; never keep it.
    if (field === undefined || request?.kind !== 'form') continue;
    if (field.secret === true || isSecret(field, request)) hidden.push(name);
    else setOwn(content, name, value);
  }
  return { action: 'accept', content, ...(hidden.length > 0 ? { hidden } : {}) };
}
