import type { DraftValues } from './draft.js';
import type { isPlainObject } from './json.js';
import type { CopyGroup, groupsByTopic, setTabLink } from './presence.js';
import type { subscribeDraftWrites, subscribeWatched, taskKeyOf, writeMirroredDraft } from './registry.js';

/**
 * The copies of a round in other tabs of this origin, over `BroadcastChannel`: which tab holds the
 * live copy, the drafts it types (secrets never: only what the session's secret policy lets into
 * a draft), and that its round was answered. Loaded by presence on first need, only where
 * `BroadcastChannel` exists. Messages are plain data, checked on arrival like any untrusted input.
 */
const CHANNEL = 'input-request-cards:copies';
/** Drafts travel after a short pause in typing, not per keystroke. */
const DRAFT_DELAY_MS = 200;

type Message =
  | { kind: 'ask' }
  | { kind: 'here'; live: boolean; since: number }
  | { kind: 'claim' }
  | { kind: 'gone' }
  | { kind: 'draft'; roundId: string; requestKey: string; values: DraftValues }
  | { kind: 'closed'; roundId: string };

/**
 * What the tab link uses of the page's own modules, handed to it by presence as it loads
 * (presence's `pageForTabs`). This module imports nothing at run time: were its lazy chunk to
 * import from modules a card loads up front, the bundler would split those modules into a chunk
 * of their own, shared by both, and a static card would load two chunks, each compressed apart
 * and naming what it takes from the other (0.7 KiB more, gzipped).
 */
export interface PageForTabs {
  groupsByTopic: typeof groupsByTopic;
  setTabLink: typeof setTabLink;
  subscribeDraftWrites: typeof subscribeDraftWrites;
  subscribeWatched: typeof subscribeWatched;
  taskKeyOf: typeof taskKeyOf;
  writeMirroredDraft: typeof writeMirroredDraft;
  isPlainObject: typeof isPlainObject;
}

let connected = false;

/** Joins this tab to the others (once). */
export function connectTabs(page: PageForTabs): void {
  if (connected || typeof BroadcastChannel !== 'function') return;
  const {
    groupsByTopic,
    setTabLink,
    subscribeDraftWrites,
    subscribeWatched,
    taskKeyOf,
    writeMirroredDraft,
    isPlainObject,
  } = page;
  connected = true;
  const tab = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
  const channel = new BroadcastChannel(CHANNEL);
  // In Node (tests, SSR tools) an open channel must not keep the process alive.
  (channel as { unref?: () => void }).unref?.();
  /** The other tabs that showed a copy, by task: drafts are sent only when someone listens. */
  const others = new Map<string, Set<string>>();
  const draftTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const reportedClosed = new WeakMap<CopyGroup, string>();

  // Messages leave in a task of their own, in order: posting costs about a millisecond per
  // message in Chromium, which must not hold up the commit of a card joining (or the paint
  // after it). Leaving the page sends what waits at once.
  const queued: object[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    for (const message of queued.splice(0)) channel.postMessage(message);
  };
  const post = (group: CopyGroup, message: Message) => {
    queued.push({ v: 1, from: tab, topic: group.topic, ...message });
    flushTimer ??= setTimeout(flush, 0);
  };
  const isLive = (group: CopyGroup) => group.remote === undefined && group.copies.length > 0;
  const announce = (group: CopyGroup) =>
    post(group, { kind: 'here', live: isLive(group), since: group.liveSince });
  const tabsOf = (topic: string) => {
    let tabs = others.get(topic);
    if (!tabs) {
      tabs = new Set();
      others.set(topic, tabs);
    }
    return tabs;
  };
  const sendDraft = (group: CopyGroup, requestKey: string) => {
    const round = group.session.getSnapshot().round;
    const values = round ? group.session.readDraft(requestKey) : undefined;
    if (round && values && Object.keys(values).length > 0) {
      post(group, { kind: 'draft', roundId: round.id, requestKey, values });
    }
  };
  /**
   * Sends the drafts still waiting out their pause, before a message that hands the round over:
   * the tab that goes on must have every keystroke. (Sent after a hand-over, a live tab drops it.)
   */
  const sendWaitingDrafts = (only?: CopyGroup) => {
    for (const [key, timer] of [...draftTimers]) {
      const [topic, requestKey] = key.split('\n') as [string, string];
      if (only !== undefined && topic !== only.topic) continue;
      clearTimeout(timer);
      draftTimers.delete(key);
      // A group that is leaving is no longer listed: it is the one given.
      const group = only ?? groupsByTopic.get(topic);
      if (group) sendDraft(group, requestKey);
    }
  };
  const becomeLive = (group: CopyGroup) => {
    group.remote = undefined;
    group.liveSince = Date.now();
    announce(group);
    group.changed();
  };

  setTabLink({
    joined(group) {
      post(group, { kind: 'ask' });
      announce(group);
    },
    claimed(group) {
      post(group, { kind: 'claim' });
    },
    left(group) {
      sendWaitingDrafts(group);
      post(group, { kind: 'gone' });
      others.delete(group.topic);
    },
  });

  channel.onmessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isPlainObject(message) || message.v !== 1) return;
    const { from, topic } = message;
    if (typeof from !== 'string' || from === tab || typeof topic !== 'string') return;
    const group = groupsByTopic.get(topic);
    if (!group) return;
    const tabs = tabsOf(topic);
    switch (message.kind) {
      case 'ask': {
        tabs.add(from);
        announce(group);
        const round = isLive(group) ? group.session.getSnapshot().round : undefined;
        for (const request of round?.requests ?? []) {
          if (request.kind === 'form') sendDraft(group, request.key);
        }
        return;
      }
      case 'here': {
        tabs.add(from);
        if (message.live !== true) {
          // The tab this one deferred to says it does not hold the round (any more).
          if (group.remote === from) becomeLive(group);
          return;
        }
        if (!isLive(group) || typeof message.since !== 'number') return;
        // Two tabs hold a live copy (both opened at once, or the holder left): the earlier keeps it.
        if (group.liveSince < message.since || (group.liveSince === message.since && tab < from)) {
          announce(group);
        } else {
          group.remote = from;
          group.changed();
        }
        return;
      }
      case 'claim':
        tabs.add(from);
        group.remote = from;
        group.changed();
        return;
      case 'gone':
        tabs.delete(from);
        if (group.remote === from) becomeLive(group);
        return;
      case 'draft': {
        const { roundId, requestKey, values } = message;
        if (
          group.remote === undefined ||
          typeof requestKey !== 'string' ||
          !isDraftValues(values, isPlainObject)
        )
          return;
        if (group.session.getSnapshot().round?.id !== roundId) return;
        // Written like a local draft: the session's own secret policy filters it again.
        writeMirroredDraft(group.session, requestKey, values);
        return;
      }
      case 'closed': {
        const { state, round } = group.session.getSnapshot();
        // The live copy's tab sent the answers: this tab's round closes as answered elsewhere.
        if (state === 'input-required' && round?.id === message.roundId) {
          group.session.receive({ status: 'working' });
        }
        return;
      }
    }
  };

  subscribeDraftWrites((session, requestKey, mirrored) => {
    if (mirrored) return;
    const group = groupsByTopic.get(taskKeyOf(session));
    if (group?.session !== session || !isLive(group) || !others.get(group.topic)?.size) return;
    const key = `${group.topic}\n${requestKey}`;
    clearTimeout(draftTimers.get(key));
    draftTimers.set(
      key,
      setTimeout(() => {
        draftTimers.delete(key);
        sendDraft(group, requestKey);
      }, DRAFT_DELAY_MS),
    );
  });

  subscribeWatched(() => {
    for (const group of groupsByTopic.values()) {
      const { state, round } = group.session.getSnapshot();
      if (state !== 'answered' || !round || !isLive(group) || reportedClosed.get(group) === round.id)
        continue;
      reportedClosed.set(group, round.id);
      if (others.get(group.topic)?.size) post(group, { kind: 'closed', roundId: round.id });
    }
  });

  globalThis.addEventListener?.('pagehide', () => {
    sendWaitingDrafts();
    for (const group of groupsByTopic.values()) post(group, { kind: 'gone' });
    flush();
  });
  // A person who leaves this tab for another may answer there next ("Answer here"): what they
  // typed last goes now, not after a pause a hidden tab's throttled timers would stretch. A window
  // beside it is not hidden, but this one loses focus as the press there begins, before its click.
  const sendNow = () => {
    sendWaitingDrafts();
    flush();
  };
  globalThis.document?.addEventListener?.('visibilitychange', () => {
    if (globalThis.document.visibilityState === 'hidden') sendNow();
  });
  globalThis.addEventListener?.('blur', sendNow);
}

function isDraftValues(value: unknown, isPlainObject: PageForTabs['isPlainObject']): value is DraftValues {
  return (
    isPlainObject(value) &&
    Object.values(value).every(
      (entry) =>
        typeof entry === 'string' ||
        typeof entry === 'boolean' ||
        (Array.isArray(entry) && entry.every((item) => typeof item === 'string')),
    )
  );
}
