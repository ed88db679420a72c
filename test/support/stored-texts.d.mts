/** Every string kept in a storage's entries, read through their JSON, idempotency keys left out. */
export function storedTextsOf(entries: Iterable<[string, string]>): string[];
