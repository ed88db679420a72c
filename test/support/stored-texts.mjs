// What a Web Storage holds as text a person could have typed: every string value of every entry
// (entries are JSON where they parse), without the library's own random idempotency keys. A test
// that a secret was never stored looks here, so a digit run such as "9999" that happens to sit in
// a random key or a timestamp cannot fail it by chance. Plain JavaScript, so the end-to-end
// suites (Node, reading a page's storage) and the jsdom tests share it.

/**
 * Every string kept in a storage's entries, read through their JSON, idempotency keys left out.
 * @param {Iterable<[string, string]>} entries the storage's `[name, value]` pairs
 * @returns {string[]}
 */
export function storedTextsOf(entries) {
  /** @type {string[]} */
  const texts = [];
  /** @param {unknown} value @param {string} [key] */
  const walk = (value, key) => {
    if (typeof value === 'string') {
      if (key === 'idempotencyKey') return;
      let parsed;
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
  for (const [name, value] of entries) walk({ [name]: value });
  return texts;
}
