import { beforeEach, describe, expect, it } from 'vitest';
import { createStorageLedger, type SentRound } from '../../src/core/ledger.ts';

const PREFIX = 'input-request-cards:sent:';

function sent(index: number): SentRound {
  return {
    roundId: `round-${index}`,
    idempotencyKey: `key-${index}`,
    status: 'sent',
    answers: { ask: { action: 'accept', content: { note: 'x'.repeat(200) } } },
    at: 1_000 + index,
  };
}

/** The browser's sessionStorage, with a count of the record texts read from it. */
function countingStorage(): { storage: Storage; reads: () => number } {
  let reads = 0;
  const storage: Storage = {
    get length() {
      return sessionStorage.length;
    },
    key: (index) => sessionStorage.key(index),
    getItem: (key) => {
      reads += 1;
      return sessionStorage.getItem(key);
    },
    setItem: (key, value) => sessionStorage.setItem(key, value),
    removeItem: (key) => sessionStorage.removeItem(key),
    clear: () => sessionStorage.clear(),
  };
  return { storage, reads: () => reads };
}

const ledgerKeys = () => Object.keys(sessionStorage).filter((key) => key.startsWith(PREFIX));

describe('the storage ledger', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps at most 50 sent rounds, the newest, and leaves the page’s own keys alone', () => {
    sessionStorage.setItem('host:theme', 'dark');
    const ledger = createStorageLedger();
    for (let index = 0; index < 120; index++) ledger.set(sent(index));

    expect(ledgerKeys().length).toBeLessThanOrEqual(50);
    expect(ledger.get('round-119')).toEqual(sent(119));
    expect(ledger.get('round-100')).toEqual(sent(100));
    expect(ledger.get('round-0')).toBeUndefined();
    expect(ledger.get('round-60')).toBeUndefined();
    expect(sessionStorage.getItem('host:theme')).toBe('dark');
  });

  it('drops the oldest by when they were sent, not by their place in storage', () => {
    const ledger = createStorageLedger();
    // Recorded out of order: the first one written is the newest.
    ledger.set({ ...sent(0), at: 10_000 });
    for (let index = 1; index <= 50; index++) ledger.set(sent(index));
    expect(ledger.get('round-0')).toBeDefined();
    expect(ledger.get('round-1')).toBeUndefined();
  });

  it('reads no record to record a send while it holds fewer than the limit', () => {
    const { storage, reads } = countingStorage();
    const ledger = createStorageLedger(storage);
    for (let index = 0; index < 50; index++) ledger.set(sent(index));
    expect(reads()).toBe(0);
    // Past the limit it reads them once, and then has room for ten more.
    ledger.set(sent(50));
    const afterPrune = reads();
    expect(afterPrune).toBe(51);
    for (let index = 51; index < 61; index++) ledger.set(sent(index));
    expect(reads()).toBe(afterPrune);
  });
});
