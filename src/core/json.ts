/**
 * Reading untrusted JSON-like values: the one place core decides what counts as a plain object,
 * how a property is read, how a value is described in a message, and how a value is turned into
 * stable text or a fingerprint.
 *
 * Property names are data. Reads are own-property only and never run code: a getter (an
 * accessor property) reads as absent, so names like `__proto__`, `constructor` or `toString`
 * are ordinary names and a hostile getter cannot throw or run. Writes define own data
 * properties, so `__proto__` can never replace a prototype. Walks are iterative, so nesting
 * depth never overflows the stack.
 */

/** A JSON object as read from the wire (not yet checked). */
export type JsonObject = Record<string, unknown>;

/**
 * The JSON value `text` holds when `isValid` accepts it; `undefined` when it is no JSON or not
 * what is expected. For text read back from outside (a storage, a Redis): untrusted, never thrown.
 */
export function parsedAs<T>(text: string, isValid: (value: unknown) => value is T): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isValid(value) ? value : undefined;
}

/**
 * True for `{}`-like objects: not arrays, not null, not class instances such as Date or Map.
 * Objects from another realm (an iframe, a worker message) count, as do `Object.create(null)`
 * objects.
 */
export function isPlainObject(value: unknown): value is JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The own data property `key` of `record`, or `undefined`. Never reaches the prototype and never
 * calls a getter, so any name is safe to read.
 */
export function own(record: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(record, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}

/** True when `record` has `key` as an own data property (a getter does not count). */
export function hasOwnData(record: object, key: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(record, key);
  return descriptor !== undefined && 'value' in descriptor;
}

/** A string own property, or `undefined`. */
export function ownString(record: object, key: string): string | undefined {
  const value = own(record, key);
  return typeof value === 'string' ? value : undefined;
}

/** A finite number own property, or `undefined`. */
export function ownNumber(record: object, key: string): number | undefined {
  const value = own(record, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A plain-object own property, or `undefined`. */
export function ownObject(record: object, key: string): JsonObject | undefined {
  const value = own(record, key);
  return isPlainObject(value) ? value : undefined;
}

/**
 * Sets `record[key] = value` as an own data property, so keys like `__proto__` stay data
 * instead of replacing the record's prototype. For the records this library builds (fresh
 * objects whose prototype chain has no setter but `__proto__`), plain assignment does exactly
 * that and keeps the object fast, so only `__proto__` needs defining: this runs for every field
 * on every keystroke.
 */
export function setOwn<R extends Record<string, unknown>>(record: R, key: string, value: R[string]): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (record as Record<string, unknown>)[key] = value;
  }
}

/** Escapes one JSON-pointer segment (RFC 6901: `~` → `~0`, then `/` → `~1`); names are data, never paths. */
export function pointerSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A JSON pointer from its segments: `['properties', 'a/b']` → `/properties/a~1b`. */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((segment) => `/${pointerSegment(segment)}`).join('');
}

/**
 * Describes a value for a developer message without echoing much of it: its JSON type, and
 * short scalars (strings cut at 40 characters). Never throws, whatever the value.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  switch (typeof value) {
    case 'string':
      return `the string ${quote(value, 40)}`;
    case 'number':
      return Number.isFinite(value) ? `the number ${value}` : `the non-finite number ${value}`;
    case 'boolean':
      return `the boolean ${value}`;
    case 'object':
      return isPlainObject(value) ? 'an object' : 'a non-plain object';
    default:
      return `a ${typeof value}`;
  }
}

/**
 * A string as a JSON string literal, cut at `limit` characters (with `…`), for messages. Bidi
 * controls are escaped like control characters, so a quoted name cannot reorder the message.
 */
export function quote(text: string, limit = 80): string {
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text).replace(
    BIDI_CONTROLS,
    (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The characters that set or override text direction (ALM, LRM, RLM, embeddings, overrides, isolates). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON with object keys sorted, so equal values always give equal text. Like `JSON.stringify`,
 * it leaves out object entries whose value is `undefined` and writes `null` for other values
 * JSON cannot hold. Iterative, so any nesting depth is fine.
 * @throws an `input-request-cards:` error on a cyclic value (where `JSON.stringify` throws too).
 * @example
 * stableStringify({ b: 1, a: [true, 'x'] }); // '{"a":[true,"x"],"b":1}'
 */
export function stableStringify(value: unknown): string {
  const parts: string[] = [];
  const open = new Set<object>();
  // Work items: a value to write, or a closing marker that also ends the cycle check.
  const stack: Array<{ value: unknown } | { close: string; of: object } | { text: string }> = [{ value }];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    if ('text' in item) {
      parts.push(item.text);
      continue;
    }
    if ('close' in item) {
      parts.push(item.close);
      open.delete(item.of);
      continue;
    }
    const current = item.value;
    if (current === null || typeof current !== 'object') {
      parts.push(scalarJson(current));
      continue;
    }
    if (open.has(current)) {
      throw new Error(
        'input-request-cards: stableStringify got a cyclic value; only JSON values (trees) can be written as text.',
      );
    }
    open.add(current);
    if (Array.isArray(current)) {
      parts.push('[');
      stack.push({ close: ']', of: current });
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index] });
        if (index > 0) stack.push({ text: ',' });
      }
      continue;
    }
    const record = current as JsonObject;
    const keys = Object.keys(record)
      .filter((key) => {
        const entry = own(record, key);
        return entry !== undefined && typeof entry !== 'function' && typeof entry !== 'symbol';
      })
      .sort();
    parts.push('{');
    stack.push({ close: '}', of: current });
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      stack.push({ value: own(record, key) });
      stack.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
    }
  }
  return parts.join('');
}

function scalarJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    default:
      return 'null';
  }
}

/** How far {@link plainCopy} goes before it gives up: nesting depth and number of values. */
export interface CopyLimits {
  maxDepth: number;
  maxNodes: number;
}

/** The default {@link CopyLimits}: 32 levels and a million values, far beyond any flat form. */
export const COPY_LIMITS: Readonly<CopyLimits> = Object.freeze({ maxDepth: 32, maxNodes: 1_000_000 });

/** The outcome of {@link plainCopy}: the copy, or which limit the value went past. */
export type PlainCopy<T> = { ok: true; copy: T } | { ok: false; exceeded: 'depth' | 'size' };

/**
 * A copy of a JSON-like value made of own data properties only: getters are left out (never
 * called), `__proto__` stays a key, plain objects come out as ordinary objects and arrays as
 * arrays. Other objects (class instances) are kept as they are, since nothing reads into them.
 * Iterative; a proxy's trap that throws propagates, for the caller's guard to handle.
 *
 * It copies trees: a value reached twice is copied twice, and a cycle unrolls until the depth
 * limit. A value deeper or larger than the {@link CopyLimits} is no JSON a form needs, so the
 * copy stops and says which limit it met (a cycle always meets the depth limit).
 *
 * The parser hands such copies to the schema analyzer and keeps them in the model, so code that
 * reads a parsed request later never meets a getter, a proxy or a cycle from the wire.
 * @example
 * const result = plainCopy(JSON.parse('{"__proto__": {"a": 1}}'));
 * result.ok && Object.keys(result.copy); // ['__proto__']
 */
export function plainCopy<T>(value: T, limits: CopyLimits = COPY_LIMITS): PlainCopy<T> {
  const emptyCopy = (original: unknown): JsonObject | unknown[] | undefined =>
    Array.isArray(original) ? [] : isPlainObject(original) ? {} : undefined;
  const root = emptyCopy(value);
  if (root === undefined) return { ok: true, copy: value };
  const pending: Array<[object, JsonObject | unknown[], number]> = [[value as object, root, 0]];
  let nodes = 1;
  // Copies one child: scalars as they are, objects and arrays queued one level deeper.
  const child = (original: unknown, depth: number): unknown => {
    nodes++;
    if (original === null || typeof original !== 'object') return original;
    const copy = emptyCopy(original);
    if (copy === undefined) return original;
    pending.push([original, copy, depth + 1]);
    return copy;
  };
  while (pending.length > 0) {
    const [original, copy, depth] = pending.pop() as [object, JsonObject | unknown[], number];
    if (depth > limits.maxDepth) return { ok: false, exceeded: 'depth' };
    if (nodes > limits.maxNodes) return { ok: false, exceeded: 'size' };
    if (Array.isArray(copy)) {
      const length = (original as unknown[]).length;
      if (length > limits.maxNodes) return { ok: false, exceeded: 'size' };
      for (let index = 0; index < length; index++) copy.push(child(own(original, String(index)), depth));
      continue;
    }
    for (const key of Object.keys(original)) {
      const descriptor = Object.getOwnPropertyDescriptor(original, key);
      if (descriptor === undefined || !('value' in descriptor)) continue;
      // Plain assignment keeps the copy a fast object; only "__proto__" needs defining.
      if (key === '__proto__') setOwn(copy, key, child(descriptor.value, depth));
      else copy[key] = child(descriptor.value, depth);
    }
  }
  return nodes > limits.maxNodes ? { ok: false, exceeded: 'size' } : { ok: true, copy: root as T };
}

/**
 * How much of a value {@link fingerprint} reads: nesting depth, number of values, and characters
 * of text. What lies beyond the budget counts only as "more" (its count, for strings their length).
 */
export interface FingerprintBudget {
  maxDepth: number;
  maxNodes: number;
  maxChars: number;
  /** Objects with more keys than this count by their keys, in their order, and not their values. */
  maxKeys: number;
}

/**
 * The default {@link FingerprintBudget}: 32 levels, 10,000 values, a million characters, objects
 * of 1,000 keys. The largest round the card accepts reads less: at most 100 fields of a handful
 * of values each, and 2,000 options of three (`{ const, title }`) — about 7,000 values — and no
 * object of it has more than 100 keys. A wire value past the budget is refused anyway; reading
 * more of it would only make a hostile message dearer (a form of 10,000 fields costs a read of
 * its names, not of its 10,000 schemas).
 */
export const FINGERPRINT_BUDGET: Readonly<FingerprintBudget> = Object.freeze({
  maxDepth: 32,
  maxNodes: 10_000,
  maxChars: 1_000_000,
  maxKeys: 1000,
});

/**
 * A short, stable fingerprint of a JSON-like value: key order does not matter, content does.
 * Used to give a round an identity when the host supplies none, so a re-ask with other
 * questions is never mistaken for the same round.
 *
 * Total and bounded: it never throws and never recurses. It reads own data properties only,
 * visits each object once (a cycle or a shared reference counts as a marker), and stops at the
 * {@link FingerprintBudget}; a property that cannot be read (a proxy that throws) counts as a
 * marker too. Work is linear in what it reads, and what it reads is bounded. An object's keys
 * all count as soon as it is visited, so its shape (e.g. a round's request keys) always shapes
 * the fingerprint, even when the budget ends before its values. An object wider than
 * `maxKeys` counts by its keys alone, in their order: no round the card accepts has one.
 * @example
 * fingerprint({ a: 1, b: [2] }) === fingerprint({ b: [2], a: 1 }); // true
 */
export function fingerprint(value: unknown, budget: FingerprintBudget = FINGERPRINT_BUDGET): string {
  const hash = new Hasher();
  const seen = new Set<object>();
  let nodes = 0;
  let chars = 0;
  // The values still to read and their depths, in two parallel stacks (no object per value); a
  // closing bracket waits in the stack as CLOSE_ARRAY or CLOSE_OBJECT, at depth -1.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop() as number;
    if (depth < 0) {
      hash.add(current === CLOSE_ARRAY ? ']' : '}');
      continue;
    }
    nodes++;
    if (nodes > budget.maxNodes) {
      // Everything left counts by number only, so a longer value still differs.
      hash.add(`#more:${values.length + 1}`);
      break;
    }
    if (typeof current === 'string') {
      const room = Math.max(0, budget.maxChars - chars);
      hash.addSized('s', current.length > room ? current.slice(0, room) : current, current.length);
      chars += Math.min(current.length, room);
      continue;
    }
    if (current === null || typeof current !== 'object') {
      hash.add(typeof current === 'function' || typeof current === 'symbol' ? 'null' : scalarJson(current));
      continue;
    }
    if (seen.has(current)) {
      hash.add('#seen');
      continue;
    }
    seen.add(current);
    if (depth >= budget.maxDepth) {
      hash.add('#deep');
      continue;
    }
    try {
      // Never queue more values than the budget has room for (a sparse array may be 2^32 long).
      const room = budget.maxNodes - nodes;
      if (Array.isArray(current)) {
        hash.add(`[${current.length}`);
        values.push(CLOSE_ARRAY);
        depths.push(-1);
        for (let index = Math.min(current.length, room) - 1; index >= 0; index--) {
          values.push(own(current, String(index)));
          depths.push(depth + 1);
        }
        continue;
      }
      const keys = Object.keys(current);
      const wide = keys.length > budget.maxKeys;
      if (!wide) keys.sort();
      hash.add(`${wide ? '{wide' : '{'}${keys.length}`);
      for (const key of keys) {
        if (chars >= budget.maxChars) break;
        hash.addSized('k', key, key.length);
        chars += key.length;
      }
      values.push(CLOSE_OBJECT);
      depths.push(-1);
      if (wide) continue;
      for (let index = Math.min(keys.length, room) - 1; index >= 0; index--) {
        values.push(own(current, keys[index] as string));
        depths.push(depth + 1);
      }
    } catch {
      hash.add('#unreadable');
    }
  }
  return hash.digest();
}

/**
 * The longest server text a name this library makes spells out: a round id, a task's key, a
 * storage entry's name.
 */
const LONGEST_NAME = 256;

/**
 * `text` fit to name something this library keeps (a round, a task, a storage entry): as it is,
 * or past 256 characters `#` and its fingerprint. A task id, a request key or a `queryKey` is
 * server text: a megabyte of it would otherwise name megabyte storage entries, written on every
 * send and every pause in typing, and megabyte messages to other tabs.
 * @example
 * boundedName('task-7'); // 'task-7'
 * boundedName('t'.repeat(1_000_000)); // '#' and 14 or so letters and digits
 */
export function boundedName(text: string): string {
  return text.length > LONGEST_NAME ? `#${fingerprint(text)}` : text;
}

const CLOSE_ARRAY = Symbol('close array');
const CLOSE_OBJECT = Symbol('close object');

/** Two 32-bit FNV-1a lanes with different offsets: 64 bits of fingerprint, written in base 36. */
class Hasher {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x5bd1e995;

  add(text: string): void {
    let { a, b } = this;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15);
    }
    // A separator between tokens, so ["ab", "c"] and ["a", "bc"] differ.
    this.a = Math.imul(a ^ 0xff, 0x01000193);
    this.b = Math.imul(b ^ 0xfe, 0x01000193);
  }

  /**
   * A token of `text` tagged with one letter and a length (`s` for strings, `k` for keys): the
   * length is that of the whole value, so text cut at the budget still differs by its length.
   */
  addSized(tag: 's' | 'k', text: string, length: number): void {
    this.mix(tag.charCodeAt(0));
    this.mix(length & 0xffff);
    this.mix(length >>> 16);
    this.add(text);
  }

  private mix(code: number): void {
    this.a = Math.imul(this.a ^ code, 0x01000193);
    this.b = Math.imul(this.b ^ code, 0x01000193) ^ (this.b >>> 15);
  }

  digest(): string {
    return (this.a >>> 0).toString(36) + (this.b >>> 0).toString(36).padStart(7, '0');
  }
}
