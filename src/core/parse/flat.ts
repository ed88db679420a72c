import { describeValue, hasOwnData, isPlainObject, own, ownString, pointerSegment, quote } from '../json.js';
import type {
  ContentValue,
  InputRequest,
  InputResponses,
  RequestedSchema,
  SchemaProblem,
  Suspension,
  SuspensionMeta,
} from '../model.js';
import { isElicitResult } from '../model.js';
import { analyzeRequestedSchema } from '../schema.js';
import { flagSecret } from './request.js';
import { buildSuspension, libraryError, readGuarded, unsupported } from './shared.js';

/**
 * The key of the one `form` request a flat field list becomes. Flat servers take the answers
 * back as `arguments.inputResponses`, hence the name; see {@link toFlatInputResponses}.
 */
export const FLAT_REQUEST_KEY = 'inputResponses';

/**
 * The sentinel key a tool sets in its JSON result to ask for input in the flat dialect
 * (`{ "_pendingInputRequest": { message?, inputRequests: [...] } }`).
 */
export const PENDING_INPUT_REQUEST_KEY = '_pendingInputRequest';

/**
 * The limits flat-dialect servers apply to their own requests (at most 8 fields, names up to 64
 * characters, labels up to 120). A request over any limit is refused as a whole, never shown in part.
 */
export const FLAT_LIMITS = Object.freeze({ maxFields: 8, maxNameLength: 64, maxLabelLength: 120 });

const FIELD_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

/** How many entries of a bare array are looked at to decide whether it is a field list. */
const SNIFF_LIMIT = 1000;

interface FlatField {
  name: string;
  label?: string;
  description?: string;
  type: string;
  enum?: string[];
  required: boolean;
  secret: boolean;
}

/** Where a flat field list was found, and the object around it (for its `message`). */
export interface FlatSource {
  entries: unknown;
  /** The object that carries the list and the `message`/`prompt` (absent for a bare array). */
  container?: Record<string, unknown>;
  /** JSON pointer of the list inside the wire value, for problem paths. */
  path: string;
}

/**
 * True for a bare array that reads as a flat field list: not empty, no entry is an embedded MCP
 * request (`{ method, … }`), and at least one entry names a field (`name`, `id` or `key`).
 */
export function looksLikeFlatList(entries: readonly unknown[]): boolean {
  // Only the first entries are looked at: the answer is clear long before, and a sparse array
  // passed programmatically may claim a length of 2^32 − 1.
  let named = false;
  for (let index = 0; index < Math.min(entries.length, SNIFF_LIMIT); index++) {
    const entry = own(entries, String(index));
    if (!isPlainObject(entry)) continue;
    if (own(entry, 'method') !== undefined) return false;
    if (nameOf(entry).value !== undefined) named = true;
  }
  return named;
}

/**
 * Reads a flat field list (`[{ name, label?, description?, type?, required?, secret?, enum? }]`)
 * into ONE `form` request keyed {@link FLAT_REQUEST_KEY}, with a synthesized `requestedSchema`:
 * `type` string (default), number, integer or boolean; `enum` → a string enum; `label` (or `title`)
 * → `title`; `description` kept. A field is required unless it says `required: false`, and
 * `secret: true` (or `sensitive: true`) marks it secret. `name` may also be spelled `id` or `key`.
 *
 * Clamps as flat servers do ({@link FLAT_LIMITS}). Anything over a limit, and any odd entry (not an
 * object, no usable name, a duplicate name, an unknown type, a malformed `enum`), refuses the whole
 * request: it becomes one `unsupported` request whose `problems` name every reason. A flat server
 * allows one round trip, so a partial form would send an answer set that can never be completed.
 * A list longer than {@link FLAT_LIMITS}`.maxFields` is refused without reading its entries.
 *
 * Without a `message` (or `prompt`) of the server's, the form's `message` is empty and
 * `messageCode: "additional-input"` with the field labels lets the card word it. Fields get
 * `secret: true` when the entry says so or the default rule (`looksSecret`) does.
 */
export function parseFlatList(source: FlatSource, meta: SuspensionMeta): Suspension {
  const { entries, container } = source;
  const payloadMessage = container ? messageOf(container) : undefined;
  const request = readGuarded(FLAT_REQUEST_KEY, 'unknown', () => readFlatRequest(source, payloadMessage));
  return buildSuspension(
    {
      dialect: 'flat',
      requests: [request],
      // A list refused for its length counts by its length: nothing in it is read.
      identitySource: {
        entries:
          Array.isArray(entries) && entries.length > FLAT_LIMITS.maxFields
            ? entries.length
            : (entries ?? null),
        message: payloadMessage ?? null,
      },
    },
    meta,
  );
}

/**
 * Turns the card's answers to a flat round into what a flat server expects on its retry: the
 * plain `arguments.inputResponses` object of values (`{ [fieldName]: value }`), sent by calling the
 * same tool again with the original arguments plus `inputResponses`.
 *
 * Returns `undefined` when the person declined or cancelled (or nothing was answered). The flat
 * dialect has no way to say "declined": a retry without `inputResponses` is a fresh call that asks
 * again, and a retry that asks again is refused, since these servers allow one round trip. So on
 * `undefined` do not retry; end the call and report the decline to whoever made it.
 *
 * Only the round's own fields are copied. Values keep their answer types; a field without a
 * `type` was a string field, so its value is a string, which is what flat servers relay.
 * @throws an `input-request-cards:` error when the round was not read from a flat field list.
 * @example
 * ```ts
 * const suspension = parseSuspension(toolResult); // { inputRequests: [{ name: 'otp', secret: true }] }
 * const values = toFlatInputResponses(suspension, responses);
 * if (values) await client.callTool({ name, arguments: { ...args, inputResponses: values } });
 * ```
 */
export function toFlatInputResponses(
  suspension: Suspension,
  responses: InputResponses,
): Record<string, ContentValue> | undefined {
  if (suspension.dialect !== 'flat') {
    throw libraryError(
      `input-request-cards: toFlatInputResponses got a round of dialect ${JSON.stringify(suspension.dialect ?? null)}; ` +
        'it only converts rounds read from a flat field list (dialect "flat"). Send the answers of MCP rounds as inputResponses unchanged.',
    );
  }
  const request = suspension.requests.find((candidate) => candidate.key === FLAT_REQUEST_KEY);
  const response = Object.hasOwn(responses, FLAT_REQUEST_KEY) ? responses[FLAT_REQUEST_KEY] : undefined;
  if (request?.kind !== 'form' || !isElicitResult(response) || response.action !== 'accept') return undefined;
  const content = response.content ?? {};
  const values: Array<[string, ContentValue]> = [];
  for (const field of request.fields) {
    if (!Object.hasOwn(content, field.name)) continue;
    const value = content[field.name];
    if (value !== undefined) values.push([field.name, Array.isArray(value) ? [...value] : value]);
  }
  // Object.fromEntries defines own data properties, so a field named "__proto__" stays a field.
  return Object.fromEntries(values);
}

function readFlatRequest(source: FlatSource, payloadMessage: string | undefined): InputRequest {
  const { entries, path } = source;
  if (!Array.isArray(entries)) {
    return refused(
      [
        {
          path,
          message: `"inputRequests" must be an array of fields such as [{"name": "email", "label": "Email"}], but it is ${describeValue(entries)}.`,
        },
      ],
      payloadMessage,
    );
  }
  if (entries.length > FLAT_LIMITS.maxFields) {
    return refused(
      [
        {
          path,
          message:
            `The request asks for ${entries.length} fields; flat input requests allow at most ${FLAT_LIMITS.maxFields}, ` +
            'so the whole request is refused rather than asked in part. Split it into smaller requests.',
        },
      ],
      payloadMessage,
      entries.length,
    );
  }
  const problems: SchemaProblem[] = [];
  const fields = readFields(entries, path, problems);
  return problems.length > 0 ? refused(problems, payloadMessage) : toForm(fields, payloadMessage);
}

function readFields(entries: readonly unknown[], path: string, problems: SchemaProblem[]): FlatField[] {
  const report = (segments: ReadonlyArray<string | number>, message: string) => {
    problems.push({ path: [path, ...segments.map(pointerSegment)].join('/'), message });
  };
  if (entries.length === 0) {
    report([], 'The list of fields is empty; a flat input request needs at least one field.');
  }
  const fields: FlatField[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < entries.length; index++) {
    const field = readField(own(entries, String(index)), index, seen, report);
    if (field) fields.push(field);
  }
  return fields;
}

type Report = (segments: ReadonlyArray<string | number>, message: string) => void;

function readField(entry: unknown, index: number, seen: Set<string>, report: Report): FlatField | undefined {
  if (!isPlainObject(entry)) {
    report(
      [index],
      `Field ${index} must be an object such as {"name": "email", "label": "Email"}, but it is ${describeValue(entry)}.`,
    );
    return undefined;
  }
  if (own(entry, 'method') !== undefined) {
    report(
      [index, 'method'],
      `Field ${index} is an embedded MCP request ({ method, params }), but a flat list holds fields ({ name, label, type }). ` +
        'Send MCP requests as the inputRequests map { [key]: { method, params } } instead.',
    );
    return undefined;
  }
  let ok = true;
  const bad = (segments: ReadonlyArray<string | number>, message: string) => {
    ok = false;
    report([index, ...segments], message);
  };

  const { spelling, value: rawName } = nameOf(entry);
  let name: string | undefined;
  if (rawName === undefined) {
    bad([], `Field ${index} has no "name"; each field needs one, since its answer is sent back under it.`);
  } else if (typeof rawName !== 'string' || rawName.trim().length === 0) {
    bad(
      [spelling],
      `The "${spelling}" of field ${index} must be a non-empty string, but it is ${describeValue(rawName)}.`,
    );
  } else if (rawName.length > FLAT_LIMITS.maxNameLength) {
    bad(
      [spelling],
      `The name of field ${index} is ${rawName.length} characters long; at most ${FLAT_LIMITS.maxNameLength} are allowed.`,
    );
  } else if (seen.has(rawName)) {
    bad([spelling], `Field ${index} repeats the name ${quote(rawName)}; each field needs its own name.`);
  } else {
    name = rawName;
    seen.add(rawName);
  }

  const labelKey = hasOwnData(entry, 'label') ? 'label' : 'title';
  const label = own(entry, labelKey);
  if (label !== undefined && typeof label !== 'string') {
    bad([labelKey], `The ${labelKey} of field ${index} must be a string, but it is ${describeValue(label)}.`);
  } else if (typeof label === 'string' && label.length > FLAT_LIMITS.maxLabelLength) {
    bad(
      [labelKey],
      `The ${labelKey} of field ${index} is ${label.length} characters long; at most ${FLAT_LIMITS.maxLabelLength} are allowed.`,
    );
  }

  const description = own(entry, 'description');
  if (description !== undefined && typeof description !== 'string') {
    bad(
      ['description'],
      `The description of field ${index} must be a string, but it is ${describeValue(description)}.`,
    );
  }

  const type = own(entry, 'type') ?? 'string';
  if (typeof type !== 'string' || !FIELD_TYPES.has(type)) {
    bad(
      ['type'],
      `Field ${index} has type ${describeValue(type)}; ` +
        'flat fields may be "string" (the default), "number", "integer" or "boolean".',
    );
  }

  const options = own(entry, 'enum');
  if (options !== undefined) {
    if (
      !Array.isArray(options) ||
      options.length === 0 ||
      !options.every((option): option is string => typeof option === 'string')
    ) {
      bad(
        ['enum'],
        `The enum of field ${index} must be a non-empty array of strings, but it is ${describeValue(options)}.`,
      );
    } else if (new Set(options).size !== options.length) {
      bad(['enum'], `The enum of field ${index} lists an option more than once; list each option once.`);
    } else if (type !== 'string' && typeof type === 'string' && FIELD_TYPES.has(type)) {
      bad(
        ['enum'],
        `Field ${index} has an enum but type ${quote(type)}; options are only allowed on string fields.`,
      );
    }
  }

  const flags: Record<string, boolean> = {};
  for (const flag of ['required', 'secret', 'sensitive']) {
    const value = own(entry, flag);
    if (value !== undefined && typeof value !== 'boolean') {
      bad([flag], `"${flag}" on field ${index} must be true or false, but it is ${describeValue(value)}.`);
    } else if (value !== undefined) {
      flags[flag] = value;
    }
  }

  if (!ok || name === undefined) return undefined;
  const field: FlatField = {
    name,
    type: type as string,
    // Flat servers treat a field they block on as required; only an explicit `false` makes it optional.
    required: flags.required !== false,
    secret: flags.secret === true || flags.sensitive === true,
  };
  if (typeof label === 'string' && label.length > 0) field.label = label;
  if (typeof description === 'string' && description.length > 0) field.description = description;
  if (Array.isArray(options)) field.enum = options as string[];
  return field;
}

/** The field's name and how it was spelled (`name`, else `id`, else `key`). */
function nameOf(entry: Record<string, unknown>): { spelling: 'name' | 'id' | 'key'; value: unknown } {
  for (const spelling of ['name', 'id', 'key'] as const) {
    if (hasOwnData(entry, spelling)) return { spelling, value: own(entry, spelling) };
  }
  return { spelling: 'name', value: undefined };
}

function toForm(fields: readonly FlatField[], payloadMessage: string | undefined): InputRequest {
  const requestedSchema: RequestedSchema = {
    type: 'object',
    // Object.fromEntries defines own data properties, so a field named "__proto__" stays a field.
    properties: Object.fromEntries(fields.map((field) => [field.name, propertyOf(field)])),
    required: fields.filter((field) => field.required).map((field) => field.name),
  };
  const analysis = analyzeRequestedSchema(requestedSchema);
  if (!analysis.ok) {
    return refused(
      analysis.problems.map((problem) => ({ ...problem, path: `/requestedSchema${problem.path}` })),
      payloadMessage,
      undefined,
      analysis.reasonCode === 'too-many-options' ? 'too-many-options' : undefined,
    );
  }
  const flagged = new Set(fields.filter((field) => field.secret).map((field) => field.name));
  const request: InputRequest = {
    kind: 'form',
    key: FLAT_REQUEST_KEY,
    message: payloadMessage ?? '',
    requestedSchema,
    fields: analysis.fields.map((field) =>
      flagSecret(flagged.has(field.name) ? { ...field, secret: true } : field),
    ),
  };
  if (payloadMessage === undefined) {
    // The card says "Additional input required: …" in its own language.
    request.messageCode = 'additional-input';
    request.messageParams = { labels: fields.map((field) => field.label ?? field.name) };
  }
  return request;
}

function propertyOf(field: FlatField): Record<string, unknown> {
  const property: Record<string, unknown> = { type: field.type };
  if (field.label !== undefined) property.title = field.label;
  if (field.description !== undefined) property.description = field.description;
  if (field.enum !== undefined) property.enum = [...field.enum];
  return property;
}

/**
 * The one `unsupported` request a refused flat list becomes; `count` is set when it had too many
 * fields, `limit` when an option list was too long.
 */
function refused(
  problems: SchemaProblem[],
  message: string | undefined,
  count?: number,
  limit?: 'too-many-options',
): InputRequest {
  if (count !== undefined) {
    return unsupported(FLAT_REQUEST_KEY, 'unknown', 'too-many-fields', problems, {
      message,
      reasonParams: { count, limit: FLAT_LIMITS.maxFields },
    });
  }
  return unsupported(FLAT_REQUEST_KEY, 'unknown', limit ?? 'schema', problems, { message });
}

/** The payload's own prose: `message`, else `prompt`, when it is non-blank text. */
function messageOf(container: Record<string, unknown>): string | undefined {
  for (const key of ['message', 'prompt']) {
    const value = ownString(container, key);
    if (value !== undefined && value.trim().length > 0) return value;
  }
  return undefined;
}
