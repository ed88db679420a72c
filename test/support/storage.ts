// What a Web Storage holds as text a person could have typed: every string value of every entry
// (entries are JSON where they parse), without the library's own random idempotency keys. A test
// that a secret was never stored looks here, so a digit run such as "9999" that happens to sit in
// a random key or a timestamp cannot fail it by chance.

/** Every string kept in `storage`, read through the JSON of its entries, idempotency keys left out. */
export function storedTexts(storage: Storage): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      if (key === 'idempotencyKey') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        texts.push(value);
        return;
      }
      // JSON text is read through; any other string ("9999" too, which parses as a number) is kept.
      if (typeof parsed === 'object' && parsed !== null) walk(parsed);
      else texts.push(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) {
        texts.push(name);
        walk(item, name);
      }
    }
  };
  for (let index = 0; index < storage.length; index++) {
    const name = storage.key(index);
    if (name !== null) walk({ [name]: storage.getItem(name) ?? '' });
  }
  return texts;
}
