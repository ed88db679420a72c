import { isPlainObject } from './json.js';
import { subscribeDraftWrites, subscribeWatched, taskKeyOf, writeMirroredDraft } from './registry.js';
import type { InputRequestSession } from './session.js';
import type { PageForTabs } from './tabs.js';

/**
 * Where one copy of a round stands when the same round is shown in several places: exactly one
 * copy is live (the person answers there); the others say where it is being answered.
 */
export interface LiveCopyState {
  /** This copy is the one the person answers in. */
  live: boolean;
  /** Where the live copy is, when this one is not: elsewhere on this page, or in another tab. */
  elsewhere?: 'page' | 'tab';
  /** The name the live copy's place was given (`placeName`), when it is on this page. */
  placeName?: string;
}

/** One place showing a round. */
interface Copy {
  id: string;
  placeName: string | undefined;
}

/**
 * The copies of one session's round on this page, and what other tabs said about theirs. The
 * tab link (`tabs.ts`) reads and sets `remote` and `liveSince`.
 */
export interface CopyGroup {
  readonly topic: string;
  readonly session: InputRequestSession;
  /** Copies on this page, in the order they appeared; the first is live unless another was claimed. */
  readonly copies: Copy[];
  claimed: string | undefined;
  /** The tab that holds the live copy, when another tab does. */
  remote: string | undefined;
  /** Since when (epoch ms) this tab has held the live copy: the earlier holder wins a tie across tabs. */
  liveSince: number;
  /** Tells every copy to read its state again. */
  changed(): void;
}

/** What presence tells the tab link (loaded only where `BroadcastChannel` exists). */
export interface TabLink {
  /** The first copy of a round appeared on this page. */
  joined(group: CopyGroup): void;
  /** A copy on this page took the live copy over. */
  claimed(group: CopyGroup): void;
  /** The last copy of a round left this page. */
  left(group: CopyGroup): void;
}

/** The copies of one session's round: what a card joins, claims and leaves. */
export interface LiveCopies {
  /** A card shows the round (again, after StrictMode's unmount: it keeps its place). */
  join(id: string, placeName?: string): void;
  /** The card is gone (a microtask later: a remount in the same task keeps its place). */
  leave(id: string): void;
  /** "Answer here": this copy becomes the live one, on this page and over other tabs. */
  claim(id: string): void;
  /** This copy's state: equal states are the same object. */
  stateOf(id: string): LiveCopyState;
  subscribe(listener: () => void): () => void;
}

/** The live copy's state (also that of a card with no round, which is the only copy). */
export const LIVE: LiveCopyState = Object.freeze({ live: true });
const IN_ANOTHER_TAB: LiveCopyState = Object.freeze({ live: false, elsewhere: 'tab' });
const passiveStates = new Map<string | undefined, LiveCopyState>();
/** The state of a passive copy whose live copy is on this page: one object per place name. */
function passiveOnPage(placeName: string | undefined): LiveCopyState {
  let state = passiveStates.get(placeName);
  if (!state) {
    state = Object.freeze(
      placeName === undefined
        ? { live: false, elsewhere: 'page' }
        : { live: false, elsewhere: 'page', placeName },
    );
    passiveStates.set(placeName, state);
  }
  return state;
}
const copiesBySession = new WeakMap<InputRequestSession, LiveCopies>();
/** Groups with a copy on this page, by task: where the tab link finds the round a message is about. */
export const groupsByTopic = new Map<string, CopyGroup>();
let link: TabLink | undefined;
let linking = false;

/** Installs the tab link and tells it about every round already shown. */
export function setTabLink(next: TabLink): void {
  link = next;
  for (const group of groupsByTopic.values()) next.joined(group);
}

/**
 * The copies of `session`'s round: one is live, the others passive. Framework-free; the card
 * joins with a stable id per mounted copy.
 */
export function liveCopiesOf(session: InputRequestSession): LiveCopies {
  const known = copiesBySession.get(session);
  if (known) return known;
  const listeners = new Set<() => void>();
  const leaving = new Set<string>();
  const group: CopyGroup = {
    topic: taskKeyOf(session),
    session,
    copies: [],
    claimed: undefined,
    remote: undefined,
    liveSince: 0,
    changed() {
      for (const listener of [...listeners]) listener();
    },
  };
  const ownerOf = () => {
    // A copy on its way out (unmounted, its leave not settled yet) is no owner: a card shown again
    // in the same task under a new id is the live copy at once, not after a passive flash.
    const present = group.copies.filter((copy) => !leaving.has(copy.id));
    return present.find((copy) => copy.id === group.claimed) ?? present[0];
  };

  const copies: LiveCopies = {
    join(id, placeName) {
      const kept = leaving.delete(id) && group.copies.find((copy) => copy.id === id);
      if (kept) {
        kept.placeName = placeName;
        group.changed();
        return;
      }
      group.copies.push({ id, placeName });
      if (group.copies.length === 1) {
        group.liveSince = Date.now();
        groupsByTopic.set(group.topic, group);
        if (!link && !linking && typeof BroadcastChannel === 'function') {
          linking = true;
          // Other tabs only matter where they can be reached; the code for them loads on first need.
          void import('./tabs.js').then((module) => module.connectTabs(pageForTabs));
        }
        link?.joined(group);
      }
      group.changed();
    },
    leave(id) {
      leaving.add(id);
      queueMicrotask(() => {
        if (!leaving.delete(id)) return;
        const index = group.copies.findIndex((copy) => copy.id === id);
        if (index >= 0) group.copies.splice(index, 1);
        if (group.claimed === id) group.claimed = undefined;
        if (group.copies.length === 0) {
          group.remote = undefined;
          if (groupsByTopic.get(group.topic) === group) groupsByTopic.delete(group.topic);
          link?.left(group);
        }
        group.changed();
      });
    },
    claim(id) {
      if (!group.copies.some((copy) => copy.id === id)) return;
      group.claimed = id;
      group.remote = undefined;
      group.liveSince = Date.now();
      link?.claimed(group);
      group.changed();
    },
    stateOf(id) {
      if (group.remote !== undefined) return IN_ANOTHER_TAB;
      const owner = ownerOf();
      // A copy not joined yet is live only if it will be the first.
      return !owner || owner.id === id ? LIVE : passiveOnPage(owner.placeName);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  copiesBySession.set(session, copies);
  return copies;
}

/** What the tab link (tabs.ts) uses of this page's modules: it imports none of them itself. */
export const pageForTabs: PageForTabs = {
  groupsByTopic,
  setTabLink,
  subscribeDraftWrites,
  subscribeWatched,
  taskKeyOf,
  writeMirroredDraft,
  isPlainObject,
};
