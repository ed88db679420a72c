import type { RawFieldValue, RawFormValues } from './answer.js';
import { fieldKey } from './answer.js';
import type { FieldSpec } from './model.js';

/**
 * Keeps half-typed answers so they survive a reload. Keys are `<round id>/<request key>`, so a
 * newer round never receives an older round's values.
 *
 * @example
 * ```ts
 * const memoryDrafts: DraftStore = (() => {
 *   const map = new Map<string, RawFormValues>();
 *   return {
 *     load: (key) => map.get(key),
 *     save: (key, values) => void map.set(key, values),
 *     removeRound: (roundId) => { for (const key of map.keys()) if (key.startsWith(`${roundId}/`)) map.delete(key); },
 *   };
 * })();
 * ```
 */
export interface DraftStore {
  load(key: string): RawFormValues | undefined;
  save(key: string, values: RawFormValues): void;
  /** Forgets every draft of one round (answered, replaced or closed). */
  removeRound(roundId: string): void;
}

/** The key one request's draft is stored under. */
export function draftKey(roundId: string, requestKey: string): string {
  return `${encodeURIComponent(roundId)}/${encodeURIComponent(requestKey)}`;
}

const PREFIX = 'input-request-cards:draft:';

/**
 * A {@link DraftStore} on Web Storage: `sessionStorage` by default, so drafts live as long as
 * the tab and never outlive it. A missing or full storage (private mode, quota) degrades to
 * no drafts, never to an error.
 */
export function createStorageDraftStore(storage?: Storage): DraftStore {
  const resolve = (): Storage | undefined => {
    try {
      return storage ?? globalThis.sessionStorage;
    } catch {
      return undefined;
    }
  };
  return {
    load(key) {
      try {
        const text = resolve()?.getItem(PREFIX + key);
        if (!text) return undefined;
        const parsed: unknown = JSON.parse(text);
        return isRawFormValues(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    save(key, values) {
      try {
        resolve()?.setItem(PREFIX + key, JSON.stringify(values));
      } catch {
        // Quota or privacy mode: the draft is a convenience, the form still works.
      }
    },
    removeRound(roundId) {
      const target = resolve();
      if (!target) return;
      const roundPrefix = `${PREFIX}${encodeURIComponent(roundId)}/`;
      try {
        const doomed: string[] = [];
        for (let index = 0; index < target.length; index++) {
          const key = target.key(index);
          if (key?.startsWith(roundPrefix)) doomed.push(key);
        }
        for (const key of doomed) target.removeItem(key);
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
  values: RawFormValues,
  initial: RawFormValues,
): RawFormValues {
  const kept: RawFormValues = {};
  for (const field of fields) {
    if (field.secret) continue;
    const key = fieldKey(field);
    const value = values[key];
    if (value === undefined || sameValue(value, initial[key])) continue;
    kept[key] = value;
  }
  return kept;
}

/**
 * Merges a stored draft over the starting values, taking only entries that still fit the
 * form: known keys, the right kind of value, never a secret field.
 */
export function restoreDraft(
  fields: readonly FieldSpec[],
  initial: RawFormValues,
  draft: RawFormValues | undefined,
): RawFormValues {
  if (!draft) return initial;
  const restored = { ...initial };
  for (const field of fields) {
    const key = fieldKey(field);
    if (field.secret || !Object.hasOwn(draft, key)) continue;
    const value = draft[key];
    const start = initial[key];
    if (value === undefined || start === undefined) continue;
    const fits = Array.isArray(start)
      ? Array.isArray(value) && value.every((entry) => typeof entry === 'string')
      : typeof value === typeof start;
    if (fits) restored[key] = value;
  }
  return restored;
}

function sameValue(a: RawFieldValue, b: RawFieldValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((entry, i) => entry === b[i]);
  return a === b;
}

function isRawFormValues(value: unknown): value is RawFormValues {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every(
    (entry) =>
      typeof entry === 'string' ||
      typeof entry === 'boolean' ||
      (Array.isArray(entry) && entry.every((item) => typeof item === 'string')),
  );
}
