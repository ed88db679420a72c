// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { draftKey } from '../../src/core/draft.ts';

describe('draftKey', () => {
  it('takes any round id or request key, lone surrogates too, and never gives two of them one key', () => {
    const long = 'k'.repeat(1024 * 1024);
    const ids = [
      ...['task', 'nul\u0000byte\uD800lone', 'a\uDC00', 'a\uFFFD', 'a%uD800', 'a/b', '', '🙂'],
      ...['#', '%23', 'x'.repeat(256), 'x'.repeat(257), long, `${long}k`, `j${long.slice(1)}`],
    ];
    const keys = ids.flatMap((roundId) => ids.map((requestKey) => draftKey(roundId, requestKey)));
    expect(new Set(keys).size).toBe(ids.length * ids.length);
    // A round's drafts are found by the prefix of its id, never another round's.
    for (const roundId of ids) {
      const prefix = draftKey(roundId, '');
      const mine = keys.filter((key) => key.startsWith(prefix));
      expect(mine).toHaveLength(ids.length);
    }
  });

  it('names a draft of a megabyte id or key by its fingerprint, not by a megabyte', () => {
    const long = 'k'.repeat(1024 * 1024);
    expect(draftKey('r', 'x'.repeat(256))).toBe(`r/${'x'.repeat(256)}`);
    expect(draftKey(long, long).length).toBeLessThan(40);
    expect(draftKey(long, long)).toMatch(/^#[0-9a-z]+\/#[0-9a-z]+$/);
  });
});
