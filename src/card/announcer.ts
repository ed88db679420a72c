/**
 * A page's one polite live region for questions that appear (`aria-live="polite"`). A card's
 * own status region cannot say it: a region inserted with its text already in it is not read,
 * and a card usually appears with its question already open. This region is made the first time
 * it speaks, outside every card, in the card's own document (an iframe or a second window has its
 * own), and each announcement reaches it a moment later, so screen readers have met the region
 * before its text changes.
 */

/** How long a new region, or a cleared one, stays empty before the words go in. */
export const ANNOUNCE_DELAY_MS = 150;

/** Rounds announced in one document, so a remount or a second copy does not say it again. */
const MAX_REMEMBERED_ROUNDS = 256;

/** One round that opened, as its card words it. */
export interface OpenedRound {
  roundId: string;
  /** How many questions (requests) it asks. */
  questions: number;
  /** Who asks, ready to put in a sentence (cut and isolated), when named. */
  asker: string | undefined;
  /** The words: `count` questions opened together, all from `asker` when one asks them all. */
  say: (count: number, asker: string | undefined) => string;
  /**
   * The server asks again what this person answered (a re-ask): said as such when every round
   * said together is one, so the reason above the form is what the person looks for next.
   */
  askedAgain?: { say: (asker: string | undefined) => string };
  /**
   * Words said after the opening sentence when the last round said asks them: the time left of a
   * round that opens in its last minute (the card's own assertive notice, inserted with its words
   * already in it, is not read).
   */
  afterwards?: string;
  /** The language and direction of the words (the card's), so they are read in the right voice. */
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** What one document's region knows. */
interface Announcer {
  region: HTMLElement;
  announced: Set<string>;
  /** The rounds waiting for the delay: rounds that open together are said together. */
  waiting: OpenedRound[];
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The rounds the region's words are about now: their words go when one of them closes. */
  said: Set<string>;
}

const announcers = new WeakMap<Document, Announcer>();

/**
 * Says that a round opened, once per round in `page`. Rounds that open within
 * {@link ANNOUNCE_DELAY_MS} are said together, worded by the last one's `say`. Returns what to
 * call when the round closes or its card goes: before it was said, it is then not said (and may
 * be said when it opens again); after, the region stops saying a question that is no longer open.
 */
export function announceOpenedRound(page: Document, round: OpenedRound): () => void {
  const announcer = announcerOf(page);
  const { region, announced, waiting } = announcer;
  if (announced.has(round.roundId)) return () => {};
  announced.add(round.roundId);
  if (announced.size > MAX_REMEMBERED_ROUNDS) {
    const oldest = announced.values().next().value;
    if (oldest !== undefined) announced.delete(oldest);
  }
  waiting.push(round);
  // Emptied first: the same words twice in a row are still a change the reader hears.
  region.textContent = '';
  announcer.said.clear();
  clearTimeout(announcer.timer);
  announcer.timer = setTimeout(() => {
    const last = waiting.at(-1);
    if (last === undefined) return;
    const count = waiting.reduce((sum, opened) => sum + opened.questions, 0);
    const asker = waiting.every((opened) => opened.asker === last.asker) ? last.asker : undefined;
    region.lang = last.lang;
    region.dir = last.dir;
    const again = waiting.every((opened) => opened.askedAgain) ? last.askedAgain : undefined;
    const opening = again ? again.say(asker) : last.say(count, asker);
    region.textContent = last.afterwards === undefined ? opening : `${opening} ${last.afterwards}`;
    announcer.said = new Set(waiting.map((opened) => opened.roundId));
    waiting.length = 0;
  }, ANNOUNCE_DELAY_MS);
  return () => {
    const at = waiting.indexOf(round);
    if (at >= 0) {
      waiting.splice(at, 1);
      announced.delete(round.roundId);
      if (waiting.length === 0) clearTimeout(announcer.timer);
    } else if (announcer.said.has(round.roundId)) {
      region.textContent = '';
      announcer.said.clear();
    }
  };
}

/**
 * The document's region, made on first use, and again if the host's page replaced the body's
 * content: a new region has said nothing yet, so it remembers no rounds.
 */
function announcerOf(page: Document): Announcer {
  const known = announcers.get(page);
  if (known?.region.isConnected) return known;
  if (known) clearTimeout(known.timer);
  const region = page.createElement('div');
  // A live region without a role: a host's (and its tests') `role="status"` stays the only one.
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.setAttribute('data-input-request-announcer', '');
  // Hidden to the eye, not to assistive technology. Set through the style object (CSSOM), which a
  // strict Content-Security-Policy (no inline style attributes) allows.
  region.style.cssText =
    'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
  page.body.append(region);
  const made: Announcer = { region, announced: new Set(), waiting: [], timer: undefined, said: new Set() };
  announcers.set(page, made);
  return made;
}
