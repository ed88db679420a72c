/**
 * How much of a server's text (and of a typed answer, in a receipt) a card shows. Server text has
 * no length limit on the wire, and a megabyte of it, laid out, freezes a page for seconds (one
 * unbroken word of it for far longer) and makes a card tens of thousands of pixels tall. What is
 * cut is only ever shown text: names and values that are sent back are never cut.
 */

/**
 * The most characters shown of each kind of text: `prose` (a message, a description, a task's
 * status line or result), about two pages; `name` (who asks, a tool, a field's title, an
 * option's title), far more than any real label; `answer` (a typed answer read back in a receipt
 * or a chat summary), a recap of a few lines on a phone; the answer itself is sent whole.
 */
export const SHOWN_TEXT_LIMITS: Readonly<{ prose: number; name: number; answer: number }> = Object.freeze({
  prose: 5000,
  name: 300,
  answer: 500,
});

/** Which limit of {@link SHOWN_TEXT_LIMITS} a text falls under. */
export type ShownTextKind = keyof typeof SHOWN_TEXT_LIMITS;

/**
 * `text` as a card shows it: whole, or its first characters up to the limit of its kind, and how
 * many characters were left out (`cut`, 0 when none). Never cuts a character in two (a surrogate
 * pair stays whole).
 *
 * @example
 * ```ts
 * shownText('Pick a plan', 'name'); // { text: 'Pick a plan', cut: 0 }
 * shownText('x'.repeat(1_000_000), 'prose'); // { text: 'xxx…' (5,000 of them), cut: 995_000 }
 * ```
 */
export function shownText(text: string, kind: ShownTextKind): { text: string; cut: number } {
  const limit = SHOWN_TEXT_LIMITS[kind];
  if (text.length <= limit) return { text, cut: 0 };
  const last = text.charCodeAt(limit - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
  return { text: text.slice(0, end), cut: text.length - end };
}

/**
 * A name the server wrote (who asks, a tool, a field's or an option's title) as a card shows it:
 * whole, or cut at `SHOWN_TEXT_LIMITS.name` characters and ended with "…".
 *
 * @example
 * ```ts
 * shownName('Pick a plan'); // 'Pick a plan'
 * shownName('x'.repeat(10_000)).length; // 301
 * ```
 */
export function shownName(name: string): string {
  return shownWithEllipsis(name, 'name');
}

/**
 * `name` when it shows anything, else `undefined`: a name of only spaces, zero-width or other
 * invisible characters (U+200B, U+3164 HANGUL FILLER, U+2800 BRAILLE BLANK, direction marks)
 * names nobody, so the card says who asks as it does without a name.
 *
 * @example
 * ```ts
 * visibleName('GitHub'); // 'GitHub'
 * visibleName('\u3164'); // undefined
 * ```
 */
export function visibleName(name: unknown): string | undefined {
  // What shows is the name's first characters: invisible ones there and visible ones past the cut
  // still name nobody. A name that is no text at all (JSON junk from a host) names nobody too.
  return typeof name === 'string' && VISIBLE.test(shownText(name, 'name').text) ? name : undefined;
}

/** A character that shows something: not a space, a control, a default-ignorable or a blank. */
const VISIBLE = /[^\s\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** `text` whole, or cut at the limit of its kind and ended with "…" (a name, a link's path). */
export function shownWithEllipsis(text: string, kind: ShownTextKind): string {
  const shown = shownText(text, kind);
  return shown.cut === 0 ? text : `${shown.text}…`;
}
