import type { Failure } from '../core/failure.js';
import { dateTimeAsWritten, dateTimeInstant } from '../core/formats.js';
import type { ReceiptValue } from '../core/receipt.js';

/**
 * Locale-aware formatting shared by the built-in message sets. Formatters are created on first
 * use and cached per locale, so importing the messages costs nothing.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the locale writes it (`10,000` in English, `10.000` in German); anything that is
 * not a finite number is returned as text, unchanged.
 */
export function formatNumber(locale: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * ISO 15924 script codes as a list in the locale's words: `['Cyrl', 'Latn']` becomes
 * "Cyrillic and Latin" in English and "Kyrillisch und Lateinisch" in German.
 */
export function scriptNames(locale: string, scripts: readonly string[]): string {
  const names = scripts.map((code) => {
    try {
      return new Intl.DisplayNames([locale], { type: 'script', fallback: 'code' }).of(code) ?? code;
    } catch {
      return code;
    }
  });
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/**
 * Server text set into a sentence of ours as a directional isolate (U+2068 … U+2069): a
 * right-to-left name, or a bidi override (U+202E) inside it, cannot reorder the words around it.
 * For plain strings; in markup the card uses `<bdi>`.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

const waitFormats = new Map<string, Intl.NumberFormat>();

/**
 * A wait in the locale's words, rounded up to what a person counts in: seconds under a minute,
 * minutes under an hour, else hours ("3 seconds", "1 Minute", "2 hours").
 */
export function formatWait(locale: string, ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [unit, value]: ['second' | 'minute' | 'hour', number] =
    seconds < 60
      ? ['second', seconds]
      : // Rounded up first: 3,550 s is an hour, not "60 minutes".
        Math.ceil(seconds / 60) < 60
        ? ['minute', Math.ceil(seconds / 60)]
        : ['hour', Math.ceil(seconds / 3600)];
  const key = `${locale} ${unit}`;
  let format = waitFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
    } catch {
      // An engine without unit formatting: the number and the unit's symbol.
      return `${formatNumber(locale, value)}\u00a0${unit === 'second' ? 's' : unit === 'minute' ? 'min' : 'h'}`;
    }
    waitFormats.set(key, format);
  }
  // The number stays with its unit when the line breaks.
  return format.format(value).replace(' ', '\u00a0');
}

/**
 * The time of day of an instant (epoch ms) as the locale writes it, in this machine's time zone
 * ("10:42 AM", "10:42"): for a wait that ends later today (or tomorrow, within a day). Not cached:
 * it is said once per failed send that must wait a minute or more.
 */
export function formatClockTime(locale: string, at: number): string {
  // The time stays in one piece when the line breaks ("10:42 AM").
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at).replace(/\s/g, '\u00a0');
}

/**
 * The wait in a failure as {@link formatWait} words, and when it ends as {@link formatClockTime}
 * words: only for a wait of a minute or more that is still on (`retryAt`), which a person cannot
 * count down in their head; `undefined` without a wait.
 */
export function failureWait(locale: string, failure: Failure): { wait: string; until?: string } | undefined {
  if (failure.retryAfterMs === undefined) return undefined;
  const wait = formatWait(locale, failure.retryAfterMs);
  return failure.retryAt !== undefined && failure.retryAfterMs >= 60_000
    ? { wait, until: formatClockTime(locale, failure.retryAt) }
    : { wait };
}

/** Seconds as m:ss (or h:mm:ss), the way a stopwatch shows them in any language. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * A date-time answer at the wall-clock time it is written in, as the locale writes it: the same
 * text on a server and in every browser (what a server render shows before hydration; after it,
 * {@link formatReceiptValue} shows it in the reader's time zone, as the field did).
 */
export function formatDateTimeAsWritten(locale: string, value: string): string {
  const wallClock = dateTimeAsWritten(value);
  if (wallClock === undefined) return value;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
      wallClock,
    );
  } catch {
    return value;
  }
}

/**
 * One answered value of a receipt in a locale's words: option titles joined as a list, numbers,
 * dates and date-times as the locale writes them (a date-time in this machine's time zone, as the
 * field showed it); a secret never shows.
 */
export function formatReceiptValue(
  locale: string,
  value: ReceiptValue,
  words: { yes: string; no: string; hidden: string },
): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'number':
      return formatNumber(locale, value.value);
    case 'boolean':
      return value.value ? words.yes : words.no;
    case 'options':
      try {
        return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(value.labels);
      } catch {
        return value.labels.join(', ');
      }
    case 'secret':
      return words.hidden;
    case 'date':
    case 'date-time': {
      // A date-time is read as the format check reads it (a ±hh offset, a leap second), which
      // Date.parse is not bound to.
      const date = new Date(
        value.kind === 'date' ? `${value.value}T00:00:00` : (dateTimeInstant(value.value) ?? Number.NaN),
      );
      if (Number.isNaN(date.getTime())) return value.value;
      try {
        return new Intl.DateTimeFormat(
          locale,
          value.kind === 'date' ? { dateStyle: 'long' } : { dateStyle: 'long', timeStyle: 'short' },
        ).format(date);
      } catch {
        return value.value;
      }
    }
  }
}

/** Scripts written right to left (ISO 15924), for engines whose `Intl.Locale` has no text info. */
const RIGHT_TO_LEFT_SCRIPTS: ReadonlySet<string> = new Set([
  'Adlm',
  'Arab',
  'Hebr',
  'Mand',
  'Mend',
  'Nkoo',
  'Rohg',
  'Samr',
  'Syrc',
  'Thaa',
  'Yezi',
]);

const directions = new Map<string, 'ltr' | 'rtl'>();

/**
 * The direction a locale's text is written in: `rtl` for Arabic, Hebrew, Persian, Urdu and the
 * other right-to-left scripts, `ltr` for the rest and for a tag that is not a valid locale. The
 * card lays its own words out in their direction, so English words inside a right-to-left page
 * still read left to right.
 * @example
 * textDirection('ar'); // 'rtl'
 * textDirection('de-CH'); // 'ltr'
 */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  let direction = directions.get(locale);
  if (direction === undefined) {
    direction = 'ltr';
    try {
      const parsed = new Intl.Locale(locale) as Intl.Locale & {
        getTextInfo?: () => { direction?: string };
        textInfo?: { direction?: string };
      };
      // Either source may know what the other does not (Chromium's text info calls Dhivehi ltr).
      const told = (parsed.getTextInfo?.() ?? parsed.textInfo)?.direction;
      const script = parsed.maximize().script;
      if (told === 'rtl' || (script !== undefined && RIGHT_TO_LEFT_SCRIPTS.has(script))) direction = 'rtl';
    } catch {
      // Not a locale (a typo, an empty string): the card's words stay left to right.
    }
    if (directions.size < 64) directions.set(locale, direction);
  }
  return direction;
}
