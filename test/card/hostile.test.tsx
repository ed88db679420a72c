/**
 * The hostile corpus through the card, in jsdom (and, as every .tsx here, again under
 * <StrictMode>): a sample of `test/fixtures/hostile/` rendered the way a host renders a round,
 * looked at and clicked (`test/fixtures/hostile/card.tsx` says what each case must show). The
 * Chromium suite (`test/browser/hostile.browser.test.tsx`) tries the rest of the sample.
 * Prints its figures at the end.
 */
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_COUNT,
  changedBuiltIns,
  runThroughCard,
  splitForCards,
  watchCardSuite,
} from '../fixtures/hostile/card.tsx';
import { hostileCases } from '../fixtures/hostile/index.ts';

/** Cases in both card suites together; this one tries two in five of them, Chromium the rest. */
const CARD_SAMPLE = 1040;
const { jsdom: sample, chromium } = splitForCards(hostileCases(), CARD_SAMPLE);

const watch = watchCardSuite('hostile corpus through the card (jsdom)');

describe('the hostile corpus through <InputRequestCard> (jsdom)', () => {
  it(`tries ${sample.length} cases of every category`, () => {
    expect(sample.length).toBeGreaterThanOrEqual(400);
    // Together with the Chromium suite: over a thousand different cases through the card.
    expect(new Set([...sample, ...chromium]).size).toBe(sample.length + chromium.length);
    expect(sample.length + chromium.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(sample.map((hostile) => hostile.category)).size).toBe(10);
  });

  for (const hostile of sample) {
    it(hostile.id, async () => {
      const run = await runThroughCard(hostile, { user: userEvent.setup({ delay: null }) });
      watch.tally.add(run);
      for (const name of changedBuiltIns(watch.before)) watch.changed.add(name);
      expect(run.failures).toStrictEqual([]);
      expect([...watch.changed]).toStrictEqual([]);
      expect(watch.alerts).toBe(0);
    });
  }

  it(`leaves all ${BUILT_IN_COUNT} built-in prototypes untouched and runs no script`, () => {
    expect(changedBuiltIns(watch.before)).toStrictEqual([]);
    expect(watch.alerts).toBe(0);
    expect(watch.tally.failures).toStrictEqual([]);
  });
});
