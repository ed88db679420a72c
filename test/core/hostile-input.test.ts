import { describe, expect, it } from 'vitest';
import {
  analyzeRequestedSchema,
  buildAcceptContent,
  pollDelay,
  validateAnswer,
} from '../../src/core/index.ts';

// What a hostile or careless server sends, and what a person types where it cannot be seen,
// through the core's public API.

describe("pollDelay: a server's hint is bounded", () => {
  it('takes a hint under 500 ms as 500 ms: never a hot loop, never 0 ("never poll" to TanStack Query)', () => {
    expect(pollDelay({ status: 'working', pollIntervalMs: 1 }, 0)).toBe(500);
    expect(pollDelay({ status: 'working', pollIntervalMs: 0.4 }, 0)).toBe(500);
    expect(pollDelay({ status: 'input-required', pollIntervalMs: 499 }, 0)).toBe(500);
    // Unchanged readings still back off from there.
    expect(pollDelay({ status: 'working', pollIntervalMs: 1 }, 2)).toBe(1125);
  });

  it("keeps a hint of 500 ms or more as the server wrote it, and the host's faster base as the host set it", () => {
    expect(pollDelay({ status: 'working', pollIntervalMs: 500 }, 0)).toBe(500);
    expect(pollDelay({ status: 'working', pollIntervalMs: 750 }, 0)).toBe(750);
    // The host chose to poll every 50 ms: a server's 1 ms hint cannot go under that.
    expect(pollDelay({ status: 'working', pollIntervalMs: 1 }, 0, { baseMs: 50, maxMs: 50 })).toBe(50);
    expect(pollDelay({ status: 'working', pollIntervalMs: 20 }, 0, { baseMs: 200, maxMs: 200 })).toBe(200);
  });

  it('waits at most as long as a timer can (2³¹ − 1 ms), where a longer delay would fire at once', () => {
    const month = 31 * 24 * 60 * 60_000;
    expect(pollDelay({ status: 'working', pollIntervalMs: month }, 0)).toBe(2_147_483_647);
    expect(pollDelay({ status: 'working', pollIntervalMs: Number.MAX_VALUE }, 5)).toBe(2_147_483_647);
  });
});

describe('buildAcceptContent: a number field reads decimal writing only', () => {
  const fields = (kind: 'number' | 'integer') => {
    const analysis = analyzeRequestedSchema({ type: 'object', properties: { n: { type: kind } } });
    if (!analysis.ok) throw new Error('expected a schema the card takes');
    return analysis.fields;
  };
  const sent = (kind: 'number' | 'integer', typed: string) =>
    buildAcceptContent(fields(kind), { field0: typed }).n;

  it.each([
    ['0x10', 'integer'],
    ['0X1f', 'number'],
    ['0b11', 'integer'],
    ['0o17', 'integer'],
    ['+5', 'integer'],
    ['Infinity', 'number'],
    ['-Infinity', 'number'],
    ['1_000', 'integer'],
    ['1.', 'number'],
    ['1e', 'number'],
    ['--1', 'integer'],
    ['١٢', 'integer'], // Arabic-Indic digits
  ] as const)('%j in a %s field stays text, so validation refuses it', (typed, kind) => {
    expect(sent(kind, typed)).toBe(typed);
    const schema = { type: 'object', properties: { n: { type: kind } } } as const;
    expect(validateAnswer(schema, { n: typed }).valid).toBe(false);
  });

  it.each([
    ['16', 'integer', 16],
    ['-12', 'integer', -12],
    ['007', 'integer', 7],
    ['1e3', 'integer', 1000],
    ['0.5', 'number', 0.5],
    ['.5', 'number', 0.5],
    ['-2.5E-3', 'number', -0.0025],
    [' 42 ', 'integer', 42],
  ] as const)('%j in a %s field is sent as %j', (typed, kind, number) => {
    expect(sent(kind, typed)).toBe(number);
  });
});
