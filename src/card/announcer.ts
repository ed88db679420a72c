/**
 * The page's one polite live region for questions that appear (`aria-live="polite"`). A
 * card's own status region cannot say it: a region inserted with its text already in it is not
 * read, and a card usually appears with its question already open. This region is made once,
 * the first time it speaks, outside every card, and each announcement reaches it a moment later,
 * so screen readers have met the region before its text changes.
 */

/** How long a new region, or a cleared one, stays empty before the words go in. */
export const ANNOUNCE_DELAY_MS = 150;

/** Rounds announced on this page, so a remount or a second copy does not say it again. */
const MAX_REMEMBERED_ROUNDS = 256;
const announcedRounds = new Set<string>();

/** The rounds waiting for the delay: rounds that open together are said together. */
const waiting: Array<{ roundId: string; say: (count: number) => string }> = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let region: HTMLElement | undefined;

/**
 * Says that a round opened, once per round on the page. `say(count)` words it; when several
 * rounds open within {@link ANNOUNCE_DELAY_MS}, the last one's `say` words them all at once.
 * Returns a withdrawal for a round that closes (or whose card goes) before it was said: it is
 * then not said, and may be said when it opens again. Without a DOM (a server render) it does
 * nothing.
 */
export function announceOpenedRound(roundId: string, say: (count: number) => string): () => void {
  if (typeof document === 'undefined') return () => {};
  const live = liveRegion(document);
  if (announcedRounds.has(roundId)) return () => {};
  announcedRounds.add(roundId);
  if (announcedRounds.size > MAX_REMEMBERED_ROUNDS) {
    const oldest = announcedRounds.values().next().value;
    if (oldest !== undefined) announcedRounds.delete(oldest);
  }
  const entry = { roundId, say };
  waiting.push(entry);
  // Emptied first: the same words twice in a row are still a change the reader hears.
  live.textContent = '';
  clearTimeout(timer);
  timer = setTimeout(() => {
    const last = waiting.at(-1);
    if (last) live.textContent = last.say(waiting.length);
    waiting.length = 0;
  }, ANNOUNCE_DELAY_MS);
  return () => {
    const at = waiting.indexOf(entry);
    if (at < 0) return;
    waiting.splice(at, 1);
    announcedRounds.delete(roundId);
    if (waiting.length === 0) clearTimeout(timer);
  };
}

/**
 * The region, made on first use, and again if the host's page replaced the body's content: a new
 * region has said nothing yet, so it remembers no rounds.
 */
function liveRegion(page: Document): HTMLElement {
  if (region?.isConnected && region.ownerDocument === page) return region;
  announcedRounds.clear();
  waiting.length = 0;
  clearTimeout(timer);
  const made = page.createElement('div');
  // A live region without a role: a host's (and its tests') `role="status"` stays the only one.
  made.setAttribute('aria-live', 'polite');
  made.setAttribute('aria-atomic', 'true');
  made.setAttribute('data-input-request-announcer', '');
  // Hidden to the eye, not to assistive technology. Set through the style object (CSSOM), which a
  // strict Content-Security-Policy (no inline style attributes) allows.
  made.style.cssText =
    'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
  page.body.append(made);
  region = made;
  return made;
}
