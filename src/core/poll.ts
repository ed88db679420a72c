/**
 * The polling back-off of a followed task. A module of its own, apart from the lifecycle
 * reducer: only the live binding (live/taskFeed.ts, loaded for followed sources) polls, so a
 * static card that imports lifecycle.ts does not load it.
 */
import type { InputRequestState } from './source.js';

/** Options for {@link pollDelay}. */
export interface PollPolicy {
  /** The first delay, when the server gives no hint. @default 1000 */
  baseMs?: number;
  /** The longest delay while nothing changes. @default 15000 */
  maxMs?: number;
  /** Growth per unchanged poll. @default 1.5 */
  factor?: number;
}

/**
 * The shortest wait a server's poll hint (`pollIntervalMs`) can ask for. The hint is server
 * text: with `pollInterval: 1` and a status line that changes on every read (so the back-off
 * never starts) a browser made 815 `tasks/get` calls a second, and a hint under 0.5 ms rounded
 * to 0, which TanStack Query takes as "never poll again", so the card stopped following its
 * task. Twice a second is as fast as a person can follow a status line. A host's own `baseMs`
 * below it still counts (the host chose that rate), so the hint is taken as at least the
 * smaller of the two.
 */
const MIN_SERVER_POLL_MS = 500;

/**
 * The longest delay a timer can wait (2³¹ − 1 ms, about 24.8 days). Browsers and Node read a
 * longer one as 0 or 1 ms, so a hint of a month would poll in a hot loop instead of hardly ever.
 */
const MAX_POLL_MS = 2_147_483_647;

/**
 * How long to wait before the next poll: the server's hint (or the base), growing while
 * nothing changes, capped; `false` once the task is settled. A server's hint shorter than
 * 500 ms (or the policy's `baseMs`, when that is shorter still) counts as that, and no delay is
 * longer than a timer can wait (about 24.8 days): a server cannot make a client poll in a hot
 * loop, or stop polling with a hint that rounds to 0.
 *
 * @example
 * ```ts
 * pollDelay({ status: 'working' }, 0); // 1000
 * pollDelay({ status: 'working' }, 3); // 3375
 * pollDelay({ status: 'working', pollIntervalMs: 1 }, 0); // 500
 * pollDelay({ status: 'completed' }, 0); // false
 * ```
 */
export function pollDelay(
  state: Pick<InputRequestState, 'status' | 'pollIntervalMs'> | undefined,
  unchangedPolls: number,
  policy: PollPolicy = {},
): number | false {
  const status = state?.status;
  if (status === 'completed' || status === 'failed' || status === 'cancelled') return false;
  const { baseMs = 1000, maxMs = 15000, factor = 1.5 } = policy;
  const hint = state?.pollIntervalMs;
  const hinted =
    hint !== undefined && hint > 0 ? Math.max(hint, Math.min(MIN_SERVER_POLL_MS, baseMs)) : baseMs;
  const grown = hinted * factor ** Math.max(0, unchangedPolls);
  return Math.min(Math.round(Math.min(Math.max(grown, hinted), Math.max(maxMs, hinted))), MAX_POLL_MS);
}
