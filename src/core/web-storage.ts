import { parsedAs } from './json.js';

/**
 * What the draft store and the round ledger share: reading Web Storage without ever throwing.
 * Storage can be missing (a server render), refused (privacy mode, a sandboxed frame) or full;
 * both degrade to remembering nothing.
 */

/** The given storage, or the tab's `sessionStorage`; `undefined` where there is none to use. */
export function webStorage(storage: Storage | undefined): Storage | undefined {
  try {
    return storage ?? globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The JSON value stored under `key`, when `isValid` accepts it; `undefined` otherwise. */
export function readStoredJson<T>(
  storage: Storage | undefined,
  key: string,
  isValid: (value: unknown) => value is T,
): T | undefined {
  let text: string | null | undefined;
  try {
    // A storage may throw on reading (a sandboxed iframe, storage turned off).
    text = storage?.getItem(key);
  } catch {
    return undefined;
  }
  return text ? parsedAs(text, isValid) : undefined;
}

/** Every key of the storage that starts with `prefix` (read before any is removed). */
export function storedKeys(storage: Storage, prefix: string): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}
