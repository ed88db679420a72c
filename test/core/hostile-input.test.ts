import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyzeRequestedSchema,
  buildAcceptContent,
  checkLink,
  createInputRequestSession,
  parseSuspension,
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

describe('checkLink: a host with a character that passes for a slash is no web address', () => {
  it.each([
    ['U+2044 fraction slash', 'https://google.com\u2044evil.com/'],
    ['U+2215 division slash', 'https://google.com\u2215evil.com/login'],
    ['U+29F8 big solidus', 'https://google.com\u29f8evil.com/'],
    ['U+2571 box-drawing diagonal', 'https://google.com\u2571evil.com/'],
    ['U+0338 combining long solidus overlay', 'https://google.com\u0338evil.com/'],
    ['U+2AFD double solidus', 'https://google.com\u2afdevil.com/'],
    ['U+2216 set minus (a backslash)', 'https://google.com\u2216evil.com/'],
    ['U+29F5 reverse solidus operator', 'http://google.com\u29f5evil.com/'],
    ['already in Punycode', 'https://google.xn--comevil-3d7c.com/'],
    ['U+30CE katakana no beside Latin', 'https://google.com\u30ceevil.com/'],
    ['U+4E3F ideograph 丿 beside Latin', 'https://google.com\u4e3fevil.com/'],
    ['U+2F03 Kangxi radical slash (becomes 丿)', 'https://google.com\u2f03evil.com/'],
    ['U+31D3 CJK stroke beside Latin', 'https://google.com\u31d3evil.com/'],
    ['U+3033 vertical kana repeat beside Latin', 'https://google.com\u3033evil.com/'],
  ])('%s: refused, not offered with a warning', (_name, url) => {
    expect(checkLink(url)).toEqual({
      openable: false,
      reason: 'invalid',
      scheme: url.startsWith('https') ? 'https' : 'http',
    });
  });

  it('keeps internationalised hosts and look-alike slashes outside the host openable', () => {
    expect(checkLink('https://b\u00fccher.example/').openable).toBe(true);
    expect(checkLink('https://example.com/1\u20442-cup').openable).toBe(true);
    expect(checkLink('https://example.com/?q=a\u2215b').openable).toBe(true);
    // Within Japanese words, and at a label's start or end, katakana no is a letter like any other.
    for (const host of [
      'テストノサイト.jp',
      'ヤマノ.jp',
      'www.ノジマ.com',
      'shop.ノート.jp',
      'ヤマノ-ホール.jp',
    ]) {
      expect(checkLink(`https://${host}/`).openable).toBe(true);
    }
  });
});

describe('a deadline further off than one timer can wait (2³¹ − 1 ms, about 24.8 days)', () => {
  const DAY = 24 * 60 * 60_000;
  const START = Date.parse('2026-12-01T09:00:00Z');
  const round = parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        confirm: {
          method: 'elicitation/create',
          params: {
            message: 'Renew?',
            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
          },
        },
      },
    },
    { id: 'round-long', serverName: 'Registry' },
  );

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not expire early: a tab kept open for 30 days sees it expire on day 30, not on day 25', async () => {
    const session = createInputRequestSession({
      source: {
        queryKey: ['deadline-30-days'],
        initialState: { status: 'input-required', suspension: round, deadline: START + 30 * DAY },
        follow: false,
        fetchState: async () => ({ status: 'working' }),
        resume: async () => undefined,
      },
    });
    const unsubscribe = session.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(25 * DAY);
    expect(session.getSnapshot().state).toBe('input-required');
    await vi.advanceTimersByTimeAsync(5 * DAY - 1);
    expect(session.getSnapshot().state).toBe('input-required');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().state).toBe('expired');
    unsubscribe();
  });
});
