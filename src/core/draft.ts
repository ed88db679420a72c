import type { RawFieldValue } from './answer.js';
import { boundedName, isPlainObject, setOwn } from './json.js';
import type { FieldSpec } from './model.js';
import { readStoredJson, storedKeys, webStorage } from './web-storage.js';

/**
 * Half-typed values of one form request, by property name: what a control holds before it is
 * turned into typed content (text as typed, a checkbox's boolean, the checked options).
 */
export type DraftValues = Record<string, RawFieldValue>;

/**
 * Keeps half-typed answers so they survive a reload. Keys are `<round id>/<request key>` (see
 * {@link draftKey}), so a newer round never receives an older round's values; a round also keeps
 * `<round id>/<request key>/step` (the step a step-by-step form is on) and `<round id>//kept`
 * (what a replaced round left behind) beside them, all starting with `draftKey(roundId, '')`.
 * Secret fields never reach a store: the session filters them out before `save`.
 *
 * @example
 * ```ts
 * const memoryDrafts: DraftStore = (() => {
 *   const map = new Map<string, DraftValues>();
 *   return {
 *     load: (key) => map.get(key),
 *     save: (key, values) => void map.set(key, values),
 *     removeRound: (roundId) => {
 *       for (const key of map.keys()) if (key.startsWith(draftKey(roundId, ''))) map.delete(key);
 *     },
 *   };
 * })();
 * ```
 */
export interface DraftStore {
  load(key: string): DraftValues | undefined;
  save(key: string, values: DraftValues): void;
  /** Forgets every draft of one round (answered, replaced or closed). */
  removeRound(roundId: string): void;
}

/**
 * The key one request's draft is stored under: `<round id>/<request key>`, each part URI-encoded,
 * or, past 256 characters, `#` and its fingerprint (see `boundedName`).
 */
export function draftKey(roundId: string, requestKey: string): string {
  return `${keyPart(roundId)}/${keyPart(requestKey)}`;
}

/**
 * The key of what a round keeps of the round it replaced (`carried.leftBehind`): `<round id>//kept`.
 * No request's key can spell it (a request key's `/` is encoded), and `removeRound` takes it with
 * the round's drafts.
 */
export function leftBehindKey(roundId: string): string {
  return `${draftKey(roundId, '')}/kept`;
}

/** One part of a draft key: `#` never starts an encoded part, so a fingerprint never meets one. */
function keyPart(text: string): string {
  const name = boundedName(text);
  return name === text ? encodeKeyPart(text) : name;
}

/** A UTF-16 surrogate without its other half: `encodeURIComponent` throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `encodeURIComponent` that never throws: a round id or request key is server text and may hold
 * a lone surrogate, which is written `%uD800` (a spelling `encodeURIComponent` never produces, so
 * two different ids never share a key).
 */
function encodeKeyPart(text: string): string {
  let encoded = '';
  let last = 0;
  for (const match of text.matchAll(LONE_SURROGATE)) {
    const at = match.index;
    encoded += `${encodeURIComponent(text.slice(last, at))}%u${text.charCodeAt(at).toString(16).toUpperCase()}`;
    last = at + 1;
  }
  return encoded + encodeURIComponent(text.slice(last));
}

const PREFIX = 'input-request-cards:draft:';

/**
 * A {@link DraftStore} on Web Storage: `sessionStorage` by default, so drafts live as long as
 * the tab and never outlive it. A missing or full storage (private mode, quota) degrades to
 * no drafts, never to an error.
 *
 * @example
 * ```tsx
 * <InputRequestCard source={source} drafts={createStorageDraftStore(localStorage)} />
 * ```
 */
export function createStorageDraftStore(storage?: Storage): DraftStore {
  return {
    load: (key) => readStoredJson(webStorage(storage), PREFIX + key, isDraftValues),
    save(key, values) {
      try {
        const target = webStorage(storage);
        if (!target) return;
        if (Object.keys(values).length === 0) target.removeItem(PREFIX + key);
        else target.setItem(PREFIX + key, JSON.stringify(values));
      } catch {
        // Quota or privacy mode: the draft is a convenience, the form still works.
      }
    },
    removeRound(roundId) {
      const target = webStorage(storage);
      if (!target) return;
      try {
        for (const key of storedKeys(target, `${PREFIX}${draftKey(roundId, '')}`)) target.removeItem(key);
      } catch {
        // Nothing to clean up if storage is unavailable.
      }
    },
  };
}

/**
 * The values worth keeping in a draft: every field except secrets, which are never written
 * anywhere, and fields still at their starting value.
 */
export function draftValues(
  fields: readonly FieldSpec[],
  values: DraftValues,
  initial: DraftValues,
): DraftValues {
  const kept: DraftValues = {};
  for (const field of fields) {
    if (field.secret || !Object.hasOwn(values, field.name)) continue;
    const value = values[field.name];
    if (
      value === undefined ||
      sameValue(value, Object.hasOwn(initial, field.name) ? initial[field.name] : undefined)
    )
      continue;
    setOwn(kept, field.name, value);
  }
  return kept;
}

/**
 * Merges a stored draft over the starting values, taking only entries that still fit the
 * form: known names, the right kind of value, never a secret field.
 */
export function restoreDraft(
  fields: readonly FieldSpec[],
  initial: DraftValues,
  draft: DraftValues | undefined,
): DraftValues {
  if (!draft) return initial;
  const restored: DraftValues = { ...initial };
  for (const field of fields) {
    if (field.secret || !Object.hasOwn(draft, field.name) || !Object.hasOwn(initial, field.name)) continue;
    const value = draft[field.name];
    const start = initial[field.name];
    if (value === undefined || start === undefined) continue;
    const fits = Array.isArray(start)
      ? Array.isArray(value) && value.every((entry) => typeof entry === 'string')
      : typeof value === typeof start;
    if (fits) setOwn(restored, field.name, value);
  }
  return restored;
}

function sameValue(a: RawFieldValue, b: RawFieldValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((entry, i) => entry === b[i]);
  return a === b;
}

function isDraftValues(value: unknown): value is DraftValues {
  if (!isPlainObject(value)) return false;
  return Object.values(value).every(
    (entry) =>
      typeof entry === 'string' ||
      typeof entry === 'boolean' ||
      (Array.isArray(entry) && entry.every((item) => typeof item === 'string')),
  );
}
