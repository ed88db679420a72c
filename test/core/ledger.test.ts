import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLedger, createStorageLedger, type SentRound } from '../../src/core/ledger.ts';
import type { Suspension } from '../../src/core/model.ts';
import { blockedStorage } from '../support/storage.ts';

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

describe('the storage ledger without a usable storage', () => {
  it('remembers for this page what the storage cannot keep, and forgets it when told', () => {
    const ledger = createStorageLedger(blockedStorage());
    ledger.set({ ...sent(1), task: 'task-1' });
    expect(ledger.get('round-1')).toEqual({ ...sent(1), task: 'task-1' });
    expect(ledger.lastSentOf?.('task-1')?.roundId).toBe('round-1');
    ledger.delete('round-1');
    expect(ledger.get('round-1')).toBeUndefined();
  });
});

describe('the round a task sent last (receipts after a reload)', () => {
  beforeEach(() => sessionStorage.clear());

  const round = (id: string, note = 'Note'): Suspension => ({
    id,
    requests: [
      {
        kind: 'form',
        key: 'ask',
        message: 'Anything to add?',
        requestedSchema: { type: 'object', properties: { note: { type: 'string', title: note } } },
        fields: [{ kind: 'text', name: 'note', index: 0, title: note, required: false }],
      },
    ],
  });
  const sentOf = (index: number, task: string, withRound = round(`round-${index}`)): SentRound => ({
    ...sent(index),
    task,
    round: withRound,
  });

  /** Where the ledger writes a kept round: when the page is idle (a task of its own in jsdom). */
  const idle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('keeps the round when the page is idle, not in the task that records the send', async () => {
    const ledger = createStorageLedger();
    ledger.set(sentOf(1, 'task'));
    expect(ledger.get('round-1')).toEqual({ ...sent(1), task: 'task' });
    expect(ledger.lastSentOf?.('task')?.round).toBeUndefined();
    await idle();
    expect(ledger.lastSentOf?.('task')).toEqual(sentOf(1, 'task'));
  });

  it('keeps no requestState: the server’s opaque state is for resuming, and this round is sent', async () => {
    const ledger = createStorageLedger();
    ledger.set(sentOf(1, 'task', { ...round('round-1'), requestState: 'opaque-server-state' }));
    await idle();
    expect(ledger.lastSentOf?.('task')).toEqual(sentOf(1, 'task'));
    expect(Object.values(sessionStorage).join('\n')).not.toContain('opaque-server-state');
  });

  for (const [name, make] of [
    ['storage', () => createStorageLedger()],
    ['memory', () => createMemoryLedger()],
  ] as const) {
    it(`finds the last round sent for a task, and none for another task (${name})`, async () => {
      const ledger = make();
      ledger.set(sentOf(1, '["task","a"]'));
      ledger.set(sentOf(2, '["task","a"]'));
      ledger.set(sentOf(3, '["task","b"]'));
      await idle();
      expect(ledger.lastSentOf?.('["task","a"]')).toEqual(sentOf(2, '["task","a"]'));
      expect(ledger.lastSentOf?.('["task","c"]')).toBeUndefined();
      // A round still on its way is not known to be answered.
      ledger.set({ ...sent(4), task: '["task","d"]', status: 'sending' });
      expect(ledger.lastSentOf?.('["task","d"]')).toBeUndefined();
      // A forgotten round is not found through its task either.
      ledger.delete('round-3');
      expect(ledger.lastSentOf?.('["task","b"]')).toBeUndefined();
    });

    it(`finds a round the backend refused as stale, with how it closed (${name})`, async () => {
      const ledger = make();
      const refused: SentRound = { ...sentOf(1, 'task'), status: 'refused', closedAs: 'answered-elsewhere' };
      ledger.set(refused);
      await idle();
      expect(ledger.get('round-1')?.status).toBe('refused');
      expect(ledger.lastSentOf?.('task')).toEqual(refused);
    });
  }

  it('keeps a round longer than 40,000 characters no more: the record that it was sent stays', async () => {
    const ledger = createStorageLedger();
    ledger.set(sentOf(1, 'task', round('round-1', 'x'.repeat(50_000))));
    await idle();
    expect(ledger.get('round-1')).toEqual({ ...sent(1), task: 'task' });
    const last = ledger.lastSentOf?.('task');
    expect(last?.roundId).toBe('round-1');
    expect(last?.round).toBeUndefined();
  });

  it('keeps the record without its round when the storage has no room for the round', async () => {
    const full: Storage = {
      get length() {
        return sessionStorage.length;
      },
      key: (index) => sessionStorage.key(index),
      getItem: (key) => sessionStorage.getItem(key),
      setItem: (key, value) => {
        if (value.includes('"round":')) throw new DOMException('full', 'QuotaExceededError');
        sessionStorage.setItem(key, value);
      },
      removeItem: (key) => sessionStorage.removeItem(key),
      clear: () => sessionStorage.clear(),
    };
    const ledger = createStorageLedger(full);
    ledger.set(sentOf(1, 'task'));
    await idle();
    expect(ledger.get('round-1')).toEqual({ ...sent(1), task: 'task' });
    expect(ledger.lastSentOf?.('task')).toEqual({ ...sent(1), task: 'task' });
  });

  it('stores a record without its round: a card that shows the round parses no kept round', () => {
    const ledger = createStorageLedger();
    ledger.set(sentOf(1, 'task'));
    expect(sessionStorage.getItem(`${PREFIX}round-1`)).not.toContain('Anything to add?');
    expect(ledger.get('round-1')).toEqual({ ...sent(1), task: 'task' });
  });

  it('leaves out a kept round of a shape its receipt cannot read', async () => {
    const ledger = createStorageLedger();
    ledger.set(sentOf(1, 'task'));
    await idle();
    sessionStorage.setItem(
      'input-request-cards:sent-by-task:task',
      JSON.stringify({
        roundId: 'round-1',
        round: { id: 'round-1', requests: [{ key: 'ask', kind: 'form' }] },
      }),
    );
    expect(ledger.lastSentOf?.('task')).toEqual({ ...sent(1), task: 'task' });
  });

  it('leaves out a kept round whose select field has no options, or whose field kind is unknown', async () => {
    const ledger = createStorageLedger();
    ledger.set(sentOf(1, 'task'));
    await idle();
    const base = { name: 'size', index: 0, title: 'Size', required: true };
    const keep = (field: Record<string, unknown>) =>
      sessionStorage.setItem(
        'input-request-cards:sent-by-task:task',
        JSON.stringify({
          roundId: 'round-1',
          round: { ...round('round-1'), requests: [{ ...round('round-1').requests[0], fields: [field] }] },
        }),
      );
    for (const field of [
      { ...base, kind: 'single-select' },
      { ...base, kind: 'multi-select' },
      { ...base, kind: 'single-select', options: null },
      { ...base, kind: 'multi-select', options: 'lg' },
      { ...base, kind: 'slider' },
      { ...base, kind: 'file' },
    ]) {
      keep(field);
      expect(ledger.lastSentOf?.('task'), JSON.stringify(field)).toEqual({ ...sent(1), task: 'task' });
    }
    // With its options, a select field is kept; a text field needs none.
    for (const field of [
      { ...base, kind: 'single-select', options: [{ value: 'lg', label: 'Large' }] },
      { ...base, kind: 'multi-select', options: [] },
      { ...base, kind: 'text' },
    ]) {
      keep(field);
      expect(ledger.lastSentOf?.('task')?.round, JSON.stringify(field)).toBeDefined();
    }
  });

  it('keeps one entry per task: a task’s earlier rounds leave nothing behind', async () => {
    const ledger = createStorageLedger();
    for (let index = 0; index < 5; index++) {
      ledger.set(sentOf(index, 'task'));
      await idle();
    }
    expect(Object.keys(sessionStorage).filter((key) => key.includes(':sent-by-task:'))).toHaveLength(1);
    expect(ledger.lastSentOf?.('task')).toEqual(sentOf(4, 'task'));
  });

  it('drops a task’s last round with the record it belongs to', async () => {
    const ledger = createStorageLedger();
    for (let index = 0; index < 51; index++) {
      ledger.set(sentOf(index, `task-${index}`));
      await idle();
    }
    const kept = Object.keys(sessionStorage).filter((key) => key.includes(':sent-by-task:'));
    expect(kept).toHaveLength(ledgerKeys().length);
    expect(ledger.lastSentOf?.('task-50')?.roundId).toBe('round-50');
    expect(ledger.lastSentOf?.('task-0')).toBeUndefined();
  });
});
