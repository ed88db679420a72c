/**
 * The hostile corpus through the card in real Chromium: the larger part of the card sample (the
 * jsdom suite, `test/card/hostile.test.tsx`, tries the rest), judged by the same rules
 * (`test/fixtures/hostile/card.tsx`). Here markup would really run: every payload calls
 * `alert(1)`, which counts instead of alerting, and the count is checked after the browser had
 * time to load (and fail) anything a payload could have smuggled in. Plus what only layout can
 * show: a bidi override in `serverName` must not reorder the card's own words around it.
 * Prints its figures at the end.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
import '../../src/styles.css';
import {
  BUILT_IN_COUNT,
  changedBuiltIns,
  runThroughCard,
  splitForCards,
  watchCardSuite,
} from '../fixtures/hostile/card.tsx';
import { hostileCases } from '../fixtures/hostile/index.ts';

/** Cases in both card suites together (the same number as the jsdom suite's). */
const CARD_SAMPLE = 1040;
const { chromium: sample } = splitForCards(hostileCases(), CARD_SAMPLE);

const watch = watchCardSuite('hostile corpus through the card (Chromium)');

describe('the hostile corpus through <InputRequestCard> (Chromium)', () => {
  it(`tries ${sample.length} cases of every category`, () => {
    expect(sample.length).toBeGreaterThanOrEqual(500);
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

  it(`runs no script, even given time to load, and leaves all ${BUILT_IN_COUNT} built-in prototypes untouched`, async () => {
    // An <img onerror> or <svg onload> would fire once its load failed or finished.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watch.alerts).toBe(0);
    expect(changedBuiltIns(watch.before)).toStrictEqual([]);
    expect(watch.tally.failures).toStrictEqual([]);
  });
});

/** The on-screen box of the first whole-word `word` in `root`'s text. */
function wordBox(root: Element, word: string): DOMRect {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const pattern = new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'u');
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const match = pattern.exec(node.textContent ?? '');
    if (!match) continue;
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + word.length);
    return range.getBoundingClientRect();
  }
  throw new Error(`"${word}" is not in ${JSON.stringify(root.textContent)}`);
}

describe('a bidi override in the server name (Chromium layout)', () => {
  const wire = {
    resultType: 'input_required',
    inputRequests: {
      q: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Confirm?',
          requestedSchema: { type: 'object', properties: {} },
        },
      },
    },
  };

  it('leaves the heading in reading order when the name has no override (control)', async () => {
    render(
      <InputRequestCard suspension={parseSuspension(wire, { serverName: 'Bank' })} resume={async () => {}} />,
    );
    const heading = screen.getByRole('heading', { name: 'Bank is asking' });
    const [bank, is, asking] = ['Bank', 'is', 'asking'].map((word) => wordBox(heading, word).left);
    expect(bank).toBeLessThan(is as number);
    expect(is).toBeLessThan(asking as number);
  });

  // The name is isolated from the card's own words (<bdi>), so U+202E (RIGHT-TO-LEFT OVERRIDE)
  // at its end cannot turn " is asking" around ("gniksa si").
  it('keeps " is asking" in reading order after a name ending in U+202E', async () => {
    render(
      <InputRequestCard
        suspension={parseSuspension(wire, { serverName: 'Bank\u202E' })}
        resume={async () => {}}
      />,
    );
    const heading = screen.getByRole('heading', { name: /is asking/ });
    const [bank, is, asking] = ['Bank', 'is', 'asking'].map((word) => wordBox(heading, word).left);
    expect(bank).toBeLessThan(is as number);
    expect(is).toBeLessThan(asking as number);
  });
});
