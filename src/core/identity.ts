/**
 * A short, stable fingerprint of a JSON-like value: key order does not matter, content does.
 * Used to give a round an identity when the host supplies none, so a re-ask with other
 * questions is never mistaken for the same round.
 */
export function fingerprint(value: unknown): string {
  // FNV-1a, 32 bit: tiny and plenty for telling rounds of one task apart.
  let hash = 0x811c9dc5;
  const text = stableStringify(value);
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** JSON with object keys sorted, so equal values always produce equal text. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map(stableStringify).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const entries = Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`);
  return `{${entries.join(',')}}`;
}

/** True for `{}`-like objects (not arrays, not null, not class instances such as Date). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Own-property lookup that never reaches the prototype (names like `__proto__` are data). */
export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Sets `record[key] = value` as an own data property, so keys like `__proto__` stay data
 * instead of replacing the record's prototype.
 */
export function setOwn<R extends Record<string, unknown>>(record: R, key: string, value: R[string]): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
