/**
 * How much time a round has left, in the coarse steps a person reads (and a screen reader
 * announces): a changing number is only worth saying when it changes meaningfully.
 */
export interface TimeLeft {
  /** What `value` counts. */
  unit: 'day' | 'hour' | 'minute';
  /**
   * At least this many `unit`s are left (rounded down, in steps of 5 from 10 minutes up); `0` in
   * the last minute.
   */
  value: number;
  /** True in the last minute: the card says so assertively, once. */
  urgent: boolean;
  /**
   * When (epoch ms) `value` next changes; absent in the last minute, where the deadline itself
   * comes next.
   */
  changesAt?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Reads how long until `deadline` (epoch ms) at `now`: whole days from two days up, whole hours
 * from two hours up, minutes in steps of five from ten minutes up, then single minutes, then
 * "less than a minute". So the number changes at most once a minute, and far less often while
 * the deadline is far away. Rounded down: "5 minutes left" means at least five.
 *
 * @example
 * ```ts
 * timeLeftUntil(now + 37 * 60_000, now); // { unit: 'minute', value: 35, urgent: false, changesAt: now + 2 * 60_000 }
 * timeLeftUntil(now + 30_000, now); // { unit: 'minute', value: 0, urgent: true }
 * ```
 */
export function timeLeftUntil(deadline: number, now: number): TimeLeft {
  // The exact boundary belongs to the lower count: with 5:00 left, "4 minutes" is what is true
  // a moment later, and the change lands on a whole tick.
  const left = Math.max(0, deadline - now - 1);
  const steps: Array<[TimeLeft['unit'], number, number, number]> = [
    // unit, its length, the step shown, the least count shown in that unit
    ['day', DAY, DAY, 2],
    ['hour', HOUR, HOUR, 2],
    ['minute', MINUTE, 5 * MINUTE, 10],
    ['minute', MINUTE, MINUTE, 1],
  ];
  for (const [unit, length, step, least] of steps) {
    const shown = Math.floor(left / step) * step;
    const value = shown / length;
    if (value >= least) return { unit, value, urgent: false, changesAt: deadline - shown };
  }
  return { unit: 'minute', value: 0, urgent: true };
}

/**
 * When this page's HTML arrived, by this page's clock (epoch ms): the navigation's `responseStart`.
 * A server render of the page happened just before it, so a deadline still ahead then was still
 * ahead for the server. Undefined where there was no navigation (a server, a worker, a test page
 * without one).
 */
export function pageArrivedAt(): number | undefined {
  // 0 where the browser does not say (an opaque navigation); no navigation entry outside a page.
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  return entry?.responseStart ? performance.timeOrigin + entry.responseStart : undefined;
}
