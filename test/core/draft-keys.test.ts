// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { draftKey } from '../../src/core/draft.ts';

describe('draftKey', () => {
  it('takes any round id or request key, lone surrogates too, and never gives two of them one key', () => {
    const ids = ['task', 'nul\u0000byte\uD800lone', 'a\uDC00', 'a\uFFFD', 'a%uD800', 'a/b', '', '🙂'];
    const keys = ids.flatMap((roundId) => ids.map((requestKey) => draftKey(roundId, requestKey)));
    expect(new Set(keys).size).toBe(ids.length * ids.length);
    // A round's drafts are found by the prefix of its id, never another round's.
    for (const roundId of ids) {
      const prefix = draftKey(roundId, '');
      const mine = keys.filter((key) => key.startsWith(prefix));
      expect(mine).toHaveLength(ids.length);
    }
  });
});
