import { storedTextsOf } from './stored-texts.mjs';

/** Every string kept in `storage`, read through the JSON of its entries, idempotency keys left out. */
export function storedTexts(storage: Storage): string[] {
  const entries: Array<[string, string]> = [];
  for (let index = 0; index < storage.length; index++) {
    const name = storage.key(index);
    if (name !== null) entries.push([name, storage.getItem(name) ?? '']);
  }
  return storedTextsOf(entries);
}

/** A storage the page may not use (a sandboxed iframe): every read and write throws. */
export function blockedStorage(): Storage {
  const refuse = () => {
    throw new DOMException('The document is sandboxed.', 'SecurityError');
  };
  return {
    length: 0,
    key: () => null,
    getItem: refuse,
    setItem: refuse,
    removeItem: () => {},
    clear: () => {},
  };
}
