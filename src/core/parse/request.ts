import { COPY_LIMITS, isPlainObject, own, ownString, plainCopy, pointerSegment, quote } from '../json.js';
import {
  type FieldSpec,
  type FileFieldSpec,
  type InputRequest,
  MAX_REQUESTS,
  type RequestedSchema,
  type SchemaProblem,
} from '../model.js';
import { analyzeOwnedSchema, analyzeRequestedSchema, MAX_FIELDS, tooManyFieldsMessage } from '../schema.js';
import { looksSecret } from '../secret.js';
import { shownName } from '../shown-text.js';
import { languageTag, readGuarded, unreadRequests, unsupported } from './shared.js';

/**
 * Reads an MCP `inputRequests` map (`{ [key]: { method, params } }`) in key order, leaving out
 * keys the host lists as answered. Never throws: odd entries become `unsupported` requests.
 */
export function readInputRequestMap(
  inputRequests: Record<string, unknown>,
  answered: ReadonlySet<string>,
): InputRequest[] {
  const keys = Object.keys(inputRequests).filter((key) => !answered.has(key));
  if (keys.length > MAX_REQUESTS) return unreadRequests(keys);
  return keys.map((key) => readEmbeddedRequest(key, own(inputRequests, key)));
}

/**
 * Reads one embedded MCP request (`{ method, params }`) into an {@link InputRequest}.
 * Never throws: anything it cannot answer becomes an `unsupported` request with a reason code.
 */
export function readEmbeddedRequest(key: string, entry: unknown): InputRequest {
  return readGuarded(key, 'unknown', () => readEntry(key, entry));
}

function readEntry(key: string, entry: unknown): InputRequest {
  if (!isPlainObject(entry)) {
    return unsupported(key, 'unknown', 'malformed', [
      { path: '', message: 'Each input request must be an object with a "method".' },
    ]);
  }
  const method = own(entry, 'method');
  if (typeof method !== 'string') {
    return unsupported(key, 'unknown', 'malformed', [
      { path: '/method', message: 'Each input request needs a "method" string, e.g. "elicitation/create".' },
    ]);
  }
  const params = own(entry, 'params');
  const message = isPlainObject(params) ? ownString(params, 'message') : undefined;
  switch (method) {
    case 'elicitation/create':
      return readElicitationParams(key, params);
    case 'sampling/createMessage':
      // Kept whole for a host answerer, which may take the request over.
      return unsupported(key, method, 'sampling', [], {
        message,
        params: isPlainObject(params) ? params : {},
      });
    case 'roots/list':
      return unsupported(key, method, 'roots', [], { params: isPlainObject(params) ? params : {} });
    default:
      // Only for the words: cut like any name the card shows.
      return unsupported(key, method, 'unknown-method', [], {
        message,
        reasonParams: { method: shownName(method) },
      });
  }
}

/**
 * Reads the params of an `elicitation/create` request (form or URL mode, any revision).
 *
 * A form's fields come back with `secret: true` where the schema marks them `writeOnly: true`
 * or the default rule ({@link looksSecret}) says so, for every field kind. A form that asks for a file (`x-mcp-file`, or the
 * `requestedFiles` sidecar) is `unsupported` with reason `file`, never a text box.
 * @param key the request key; a lone 2025 elicitation uses `"elicitation"`.
 */
export function readElicitationParams(key: string, params: unknown): InputRequest {
  return readGuarded(key, 'elicitation/create', () => {
    const request = readParams(key, params);
    const contentLanguage = isPlainObject(params) ? languageTag(own(params, 'contentLanguage')) : undefined;
    if (contentLanguage !== undefined && request.kind !== 'host') request.contentLanguage = contentLanguage;
    return request;
  });
}

function readParams(key: string, params: unknown): InputRequest {
  const method = 'elicitation/create';
  if (!isPlainObject(params)) {
    return unsupported(key, method, 'malformed', [
      { path: '/params', message: 'elicitation/create needs a params object.' },
    ]);
  }
  const message = ownString(params, 'message');
  const mode = own(params, 'mode') ?? 'form';
  const problems: SchemaProblem[] = [];
  if (message === undefined) {
    problems.push({ path: '/params/message', message: 'elicitation/create needs a "message" string.' });
  }

  if (mode === 'url') {
    const url = ownString(params, 'url');
    if (url === undefined) {
      problems.push({ path: '/params/url', message: 'A URL-mode request needs a "url" string.' });
    }
    if (url === undefined || message === undefined) {
      return unsupported(key, method, url === undefined ? 'missing-link' : 'malformed', problems, {
        message,
      });
    }
    const request: InputRequest = { kind: 'url', key, message, url };
    const elicitationId = ownString(params, 'elicitationId');
    if (elicitationId !== undefined) request.elicitationId = elicitationId;
    return request;
  }

  if (mode !== 'form') {
    return unsupported(
      key,
      method,
      'unknown-mode',
      [{ path: '/params/mode', message: 'Supported modes are "form" and "url".' }],
      { message, reasonParams: typeof mode === 'string' ? { mode: shownName(mode) } : {} },
    );
  }

  const schema = own(params, 'requestedSchema');
  // Refused on its size before anything else is read: a 10,000-field message costs a count of
  // its names, not a copy, an analysis and a search for file fields over all of them.
  const fieldCount = countFields(schema);
  if (fieldCount > MAX_FIELDS) {
    return unsupported(
      key,
      method,
      'too-many-fields',
      [{ path: '/params/requestedSchema/properties', message: tooManyFieldsMessage(fieldCount) }],
      { message, reasonParams: { count: fieldCount, limit: MAX_FIELDS } },
    );
  }
  // A getter-free, proxy-free, cycle-free copy: the analyzer and every later reader see plain data only.
  const copied = plainCopy(schema);
  if (!copied.ok) {
    return unsupported(
      key,
      method,
      'schema',
      [
        {
          path: '/params/requestedSchema',
          message:
            copied.exceeded === 'depth'
              ? `The requestedSchema is nested deeper than ${COPY_LIMITS.maxDepth} levels (or refers to itself); a flat form needs three.`
              : `The requestedSchema holds more than ${COPY_LIMITS.maxNodes.toLocaleString('en')} values; no form asks that much.`,
        },
      ],
      { message },
    );
  }
  const requestedSchema = copied.copy;
  const files = readFileFields(params, requestedSchema);
  // The copy is the parser's own: its analysis is remembered for the answer checker.
  const analysis = isPlainObject(requestedSchema)
    ? analyzeOwnedSchema(requestedSchema)
    : analyzeRequestedSchema(requestedSchema);
  if (files.length > 0) {
    // A file field is the reason; the analyzer's complaints about the marker itself are noise.
    const filePaths = files.map((file) => `/properties/${pointerSegment(file.name)}`);
    const others = analysis.ok
      ? []
      : analysis.problems.filter(
          (problem) =>
            !filePaths.some((path) => problem.path === path || problem.path.startsWith(`${path}/`)),
        );
    return unsupported(
      key,
      method,
      'file',
      [
        ...files.map((file) => ({
          path: `/params/requestedSchema/properties/${pointerSegment(file.name)}`,
          message: `Field ${quote(file.name)} asks for ${file.multiple ? 'files' : 'a file'} (x-mcp-file); this client cannot send files, so the request cannot be answered here.`,
        })),
        ...withPrefix(others, '/params/requestedSchema'),
      ],
      { message, files },
    );
  }
  if (!analysis.ok) problems.push(...withPrefix(analysis.problems, '/params/requestedSchema'));
  if (!analysis.ok || message === undefined) {
    return unsupported(key, method, analysis.ok ? 'malformed' : analysis.reasonCode, problems, { message });
  }
  return {
    kind: 'form',
    key,
    message,
    requestedSchema: requestedSchema as RequestedSchema,
    fields: analysis.fields.map((field) =>
      flagSecret(markedWriteOnly(requestedSchema, field.name) ? { ...field, secret: true } : field),
    ),
  };
}

/**
 * Whether the schema marks a property `writeOnly: true`: JSON Schema's word for a value that is
 * sent but never shown back, such as a password. Read from the parser's own plain copy.
 */
function markedWriteOnly(schema: unknown, name: string): boolean {
  const properties = isPlainObject(schema) ? own(schema, 'properties') : undefined;
  const property = isPlainObject(properties) ? own(properties, name) : undefined;
  return isPlainObject(property) && own(property, 'writeOnly') === true;
}

/** How many names a schema's `properties` map has (0 when it has none), read without reading their schemas. */
function countFields(schema: unknown): number {
  if (!isPlainObject(schema)) return 0;
  const properties = own(schema, 'properties');
  return isPlainObject(properties) ? Object.keys(properties).length : 0;
}

/** The default secret rule, applied once where fields are built, for every field kind. */
export function flagSecret(field: FieldSpec): FieldSpec {
  return field.secret !== true && looksSecret(field) ? { ...field, secret: true } : field;
}

function withPrefix(problems: readonly SchemaProblem[], prefix: string): SchemaProblem[] {
  return problems.map((problem) => ({ ...problem, path: `${prefix}${problem.path}` }));
}

/** Where the SEP-2631 draft (and SEP-2356 before it) puts a sidecar of file fields. */
const REQUESTED_FILES_META_KEY = 'modelcontextprotocol.io/requestedFiles';
const FILE_MARKER = 'x-mcp-file';

/**
 * The fields that ask for files: string properties marked `"x-mcp-file": { accept?, maxSize? }`,
 * arrays whose `items` carry the marker, and names listed in `params.requestedFiles` or
 * `params._meta["modelcontextprotocol.io/requestedFiles"]` (`{ [name]: { accept?, maxSize? } }`).
 */
function readFileFields(params: Record<string, unknown>, schema: unknown): FileFieldSpec[] {
  const properties = isPlainObject(schema) ? own(schema, 'properties') : undefined;
  const names = isPlainObject(properties) ? Object.keys(properties) : [];
  const required = isPlainObject(schema) ? own(schema, 'required') : undefined;
  const requiredNames = new Set(
    Array.isArray(required) ? required.filter((name) => typeof name === 'string') : [],
  );
  const sidecar = new Map<string, unknown>();
  const meta = own(params, '_meta');
  for (const map of [
    own(params, 'requestedFiles'),
    isPlainObject(meta) ? own(meta, REQUESTED_FILES_META_KEY) : undefined,
  ]) {
    if (!isPlainObject(map)) continue;
    for (const name of Object.keys(map)) if (!sidecar.has(name)) sidecar.set(name, own(map, name));
  }

  const files: FileFieldSpec[] = [];
  names.forEach((name, index) => {
    const property = own(properties as object, name);
    if (!isPlainObject(property)) return;
    const items = own(property, 'items');
    const onItems = isPlainObject(items) && own(items, FILE_MARKER) !== undefined;
    const marker = onItems ? own(items as object, FILE_MARKER) : own(property, FILE_MARKER);
    if (marker === undefined && !sidecar.has(name)) return;
    const descriptor = isPlainObject(marker) ? marker : sidecar.get(name);
    const file: FileFieldSpec = {
      kind: 'file',
      name,
      index,
      required: requiredNames.has(name),
      multiple: onItems || own(property, 'type') === 'array',
    };
    const title = ownString(property, 'title');
    const description = ownString(property, 'description');
    if (title !== undefined) file.title = title;
    if (description !== undefined) file.description = description;
    if (isPlainObject(descriptor)) {
      const accept = own(descriptor, 'accept');
      if (Array.isArray(accept) && accept.every((entry) => typeof entry === 'string'))
        file.accept = [...accept];
      const maxSize = own(descriptor, 'maxSize') ?? own(descriptor, 'maxFileSize');
      if (typeof maxSize === 'number' && Number.isFinite(maxSize) && maxSize >= 0) file.maxSize = maxSize;
    }
    files.push(file);
  });
  return files;
}
