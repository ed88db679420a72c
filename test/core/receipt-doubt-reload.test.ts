import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createInputRequestSession,
  type InputRequestSource,
  outcomeOf,
  parseSuspension,
  StaleRoundError,
  type Suspension,
  staticSource,
} from '../../src/core/index.ts';
import { createMemoryLedger } from '../../src/core/ledger.ts';

// What a closed round says after a send in doubt, across a reload: the ledger keeps the doubt.

const round: Suspension = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params: {
          message: 'Ship?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        },
      },
    },
  },
  { id: 'round-1', serverName: 'Shipper' },
);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Try again refused as stale after a try in doubt, then a reload', () => {
  for (const closedAs of [undefined, 'answered-elsewhere'] as const) {
    it(`keeps saying the first try may have arrived (${closedAs ?? 'expired'} refusal)`, async () => {
      const ledger = createMemoryLedger();
      let tries = 0;
      // Try 1: no answer in time (it may have arrived). Try 2: refused as stale, as a backend that
      // keeps no idempotency key refuses the answer it already took.
      const resume = async () => {
        tries += 1;
        if (tries === 1) throw Object.assign(new Error('no answer in time'), { name: 'TimeoutError' });
        throw new StaleRoundError(undefined, closedAs ? 409 : 410, closedAs ? { closedAs } : {});
      };
      const source: InputRequestSource = staticSource(round, resume);
      const first = createInputRequestSession({ source, ledger, drafts: false });
      first.subscribe(() => {});
      await first.respond({ confirm: { action: 'accept', content: { ok: true } } }).catch(() => {});
      await first.retry().catch(() => {});
      const before = outcomeOf(first.getSnapshot());
      expect(before).toBe(closedAs ? 'closed-unconfirmed' : 'expired-unconfirmed');
      first.destroy?.();

      // A reload: a new page, the same ledger.
      const second = createInputRequestSession({
        source: staticSource(round, resume),
        ledger,
        drafts: false,
      });
      second.subscribe(() => {});
      // Not "Your answer was not used": nothing new is known; the first try may have closed it.
      expect(outcomeOf(second.getSnapshot())).toBe(before);
    });
  }
});
