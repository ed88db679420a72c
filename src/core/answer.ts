import { dateTimeInstant } from './formats.js';
import { setOwn } from './json.js';
import type { ContentValue, ElicitContent, FieldSpec } from './model.js';
import type { FieldError } from './validate.js';

/**
 * What a form control holds before it is turned into typed content:
 * text, number, date and select inputs hold strings, a checkbox a boolean,
 * a multi-select the list of checked option values.
 */
export type RawFieldValue = string | boolean | string[];

/**
 * Raw values of one form, keyed by {@link fieldKey}. Keys are generated, never property
 * names, because form libraries read names like `user.email` or `a[0]` as paths.
 */
export type RawFormValues = Record<string, RawFieldValue>;

/**
 * The key a field's raw value is stored under: its position, so that property names stay
 * data and never become paths.
 */
export function fieldKey(field: Pick<FieldSpec, 'index'>): string {
  // Made once per position: the form reads every key on each keystroke's draft.
  let key = FIELD_KEYS[field.index];
  if (key === undefined) {
    key = `field${field.index}`;
    if (field.index < CACHED_FIELD_KEYS) FIELD_KEYS[field.index] = key;
  }
  return key;
}

const FIELD_KEYS: string[] = [];
/** Forms have at most MAX_FIELDS (100) fields; the cache stays small whatever it is asked. */
const CACHED_FIELD_KEYS = 1000;

/**
 * The raw value each control starts with: the schema `default` when there is one
 * (converted to what the control shows), otherwise empty.
 */
export function initialRawValues(fields: readonly FieldSpec[]): RawFormValues {
  const values: RawFormValues = {};
  for (const field of fields) values[fieldKey(field)] = initialRawValue(field);
  return values;
}

/** The raw value one control starts with (see {@link initialRawValues}). */
export function initialRawValue(field: FieldSpec): RawFieldValue {
  switch (field.kind) {
    case 'boolean':
      return field.default ?? false;
    case 'multi-select':
      return field.default ? [...field.default] : [];
    case 'number':
    case 'integer':
      return field.default === undefined ? '' : String(field.default);
    case 'date-time':
      return field.default === undefined ? '' : toLocalDateTimeInput(field.default);
    default:
      return field.default ?? '';
  }
}

/**
 * Builds the `content` of an accepted answer from raw control values.
 *
 * - Values get the JSON type the schema asks for: numbers as numbers, multi-selects as
 *   `string[]`, date-times as RFC 3339 with the person's UTC offset.
 * - A control left as it started keeps the schema `default` verbatim, so defaults are sent
 *   exactly as the server wrote them.
 * - Empty text, number and select controls are left out (text of only spaces is empty); an untouched optional checkbox without
 *   a default is left out too, so the server can tell "not answered" from `false`. An optional
 *   multi-select emptied below its `minItems` is left out; otherwise an emptied one is `[]`.
 * - Property names are set as own data properties, so `__proto__` or `constructor` are plain keys.
 *
 * Values that cannot be converted (e.g. `"abc"` in a number field) are passed through as typed,
 * so validation reports them instead of silently dropping them. A number field converts only
 * decimal writing (HTML's valid floating-point number: `-12`, `0.5`, `.5`, `1e3`, surrounding
 * spaces aside): `"0x10"`, `"0b11"`, `"0o17"`, `"+5"` and `"Infinity"` stay text and are refused.
 */
export function buildAcceptContent(fields: readonly FieldSpec[], values: RawFormValues): ElicitContent {
  const content: ElicitContent = {};
  for (const field of fields) {
    const value = toContentValue(field, values[fieldKey(field)]);
    if (value !== undefined) {
      setOwn(content, field.name, value);
    }
  }
  return content;
}

function toContentValue(field: FieldSpec, raw: RawFieldValue | undefined): ContentValue | undefined {
  const initial = initialRawValue(field);
  const untouched = raw === undefined || sameRaw(raw, initial);
  if (untouched && field.default !== undefined) return field.default;

  switch (field.kind) {
    case 'boolean': {
      const checked = raw === true;
      // An optional checkbox nobody touched is "not answered"; a required one is a plain no.
      if (untouched && !field.required) return undefined;
      return checked;
    }
    case 'multi-select': {
      const selected = Array.isArray(raw) ? raw : [];
      if (untouched && !field.required) return undefined;
      // Keep schema option order, whatever order the boxes were ticked in.
      const chosen = field.options.map((option) => option.value).filter((value) => selected.includes(value));
      // Emptied, an optional list that needs at least one entry can only say "none" by being
      // left out: [] would be refused, and leaving a property out is always valid.
      if (chosen.length === 0 && !field.required && (field.minItems ?? 0) > 0) return undefined;
      return chosen;
    }
    case 'number':
    case 'integer': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (text === '') return undefined;
      // Only decimal writing is a number here: `Number()` alone would also read "0x10" as 16,
      // "0b11" as 3 and "0o17" as 15, silently, and in a masked field the person cannot see it.
      if (!DECIMAL_NUMBER.test(text)) return text;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case 'date-time': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (text === '') return undefined;
      return fromLocalDateTimeInput(text) ?? text;
    }
    default: {
      // Only spaces is no answer: a required field says so instead of sending blanks. Text with
      // anything else in it goes as typed, spaces and all.
      const text = typeof raw === 'string' ? raw : '';
      return text.trim() === '' ? undefined : text;
    }
  }
}

/**
 * HTML's "valid floating-point number", what `<input type="number">` itself accepts: an optional
 * minus, digits with an optional fraction (or a fraction alone, `.5`), an optional exponent
 * (`1e3`). No `+`, no hexadecimal, binary or octal prefixes, no `Infinity`, no digit separators,
 * so a masked number field (a text input) reads exactly what an unmasked one would.
 */
const DECIMAL_NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * True when some control holds what the person entered: a value other than the one it started
 * with (the schema `default`, else empty), a draft brought back included. Text of only spaces
 * counts as empty, as it does in the answer. A Decline or Cancel sends none of it: the card asks
 * before it lets such a form go.
 */
export function hasEnteredValues(fields: readonly FieldSpec[], values: RawFormValues): boolean {
  return fields.some((field) => {
    const value = values[fieldKey(field)];
    if (value === undefined) return false;
    const start = initialRawValue(field);
    return typeof value === 'string' && typeof start === 'string'
      ? value.trim() !== start.trim()
      : !sameRaw(value, start);
  });
}

/** True when two raw control values hold the same (options in any order). */
export function sameRaw(a: RawFieldValue, b: RawFieldValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value) => b.includes(value));
  }
  return a === b;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^\d{4,}-\d{2}-\d{2}$/;

/**
 * True when the field's control keeps `text` as its value: a number, date or local date-time
 * input blanks text it cannot read (HTML's value sanitization), so "thirty" put into a number
 * field would be on screen nowhere. Text inputs keep anything.
 */
export function controlKeeps(field: FieldSpec, text: string): boolean {
  if (text === '' || field.secret) return true;
  switch (field.kind) {
    case 'number':
    case 'integer':
      return DECIMAL_NUMBER.test(text);
    case 'date':
      return DATE.test(text);
    case 'date-time':
      return LOCAL_DATE_TIME.test(text);
    default:
      return true;
  }
}
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * What a wall-clock time typed in `<input type="datetime-local">` means in the person's time
 * zone, which changes its UTC offset twice a year in many places:
 *
 * - `exists`: one instant, `value` is RFC 3339 with its offset;
 * - `repeated`: the clocks went back and the time happened twice (a fold, e.g. 02:30 on
 *   25 October 2026 in Berlin, or 01:30 on 1 November 2026 in New York). `value` is the FIRST
 *   of the two, with the offset in force before the change, as calendars read it; `later` is
 *   the second;
 * - `skipped`: the clocks went forward over it (a gap, e.g. 02:30 on 29 March 2026 in Berlin,
 *   or 02:30 on 8 March 2026 in New York): no such instant exists, so nothing is sent.
 *   `offsetBefore` and `offsetAfter` (`+01:00`, `+02:00`) say which change skipped it;
 * - `invalid`: not a local date-time at all (or a day that does not exist, like 31 April).
 */
export type LocalDateTime =
  | { kind: 'exists'; value: string }
  | { kind: 'repeated'; value: string; later: string }
  | { kind: 'skipped'; offsetBefore: string; offsetAfter: string }
  | { kind: 'invalid' };

/**
 * Reads a local date-time (`2026-11-30T09:30`, no zone) in the person's time zone, telling a
 * time the clocks skipped or repeated apart from an ordinary one (see {@link LocalDateTime}).
 *
 * @example
 * ```ts
 * // In Europe/Berlin:
 * readLocalDateTime('2026-03-29T02:30'); // { kind: 'skipped', offsetBefore: '+01:00', offsetAfter: '+02:00' }
 * readLocalDateTime('2026-10-25T02:30'); // { kind: 'repeated', value: '2026-10-25T02:30:00+02:00', later: '…+01:00' }
 * readLocalDateTime('2026-12-01T09:30'); // { kind: 'exists', value: '2026-12-01T09:30:00+01:00' }
 * ```
 */
export function readLocalDateTime(text: string): LocalDateTime {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return { kind: 'invalid' };
  const [, year, month, day, hour, minute, second = '00'] = match;
  // The wall-clock time read as if it were UTC; each real instant is this minus an offset.
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const asUtc = new Date(wall);
  if (
    Number.isNaN(wall) ||
    asUtc.getUTCFullYear() !== Number(year) ||
    asUtc.getUTCMonth() !== Number(month) - 1 ||
    asUtc.getUTCDate() !== Number(day) ||
    asUtc.getUTCHours() !== Number(hour) ||
    asUtc.getUTCMinutes() !== Number(minute) ||
    asUtc.getUTCSeconds() !== Number(second)
  ) {
    return { kind: 'invalid' };
  }
  // No zone changes its offset twice within two days, so the offsets in force a day before
  // and a day after are the only candidates; an instant is real when its own offset matches.
  const offsetBefore = offsetAt(wall - DAY);
  const offsetAfter = offsetAt(wall + DAY);
  const instants = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => ({ offset, instant: wall - offset * MINUTE }))
    .filter(({ offset, instant }) => offsetAt(instant) === offset)
    .sort((a, b) => a.instant - b.instant);
  const stamp = (offset: number) =>
    `${year}-${month}-${day}T${hour}:${minute}:${second}${formatOffset(offset)}`;
  const [earlier, later] = instants;
  if (!earlier) {
    return {
      kind: 'skipped',
      offsetBefore: formatOffset(offsetBefore),
      offsetAfter: formatOffset(offsetAfter),
    };
  }
  if (later) return { kind: 'repeated', value: stamp(earlier.offset), later: stamp(later.offset) };
  return { kind: 'exists', value: stamp(earlier.offset) };
}

/** The person's UTC offset at an instant, in minutes east of UTC. */
function offsetAt(instant: number): number {
  // `|| 0` turns JavaScript's -0 (UTC) into 0.
  return -new Date(instant).getTimezoneOffset() || 0;
}

function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const absolute = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/**
 * Turns what `<input type="datetime-local">` holds (`2026-11-30T09:30`, no zone) into RFC 3339
 * with the person's own UTC offset (`2026-11-30T09:30:00+01:00`), which is what the `date-time`
 * format requires. Returns `undefined` when the text is not a local date-time, and when the
 * clocks skipped that time (see {@link readLocalDateTime}: nothing is invented; the card says
 * the time does not exist). A time the clocks repeated is its first occurrence.
 */
export function fromLocalDateTimeInput(text: string): string | undefined {
  const local = readLocalDateTime(text);
  return local.kind === 'exists' || local.kind === 'repeated' ? local.value : undefined;
}

/**
 * Problems of what was typed that no schema check can see, because they happen when the text
 * becomes the answer (merge these before the checker's errors; the card words each keyword):
 * - `skippedLocalTime` (params `offsetBefore`, `offsetAfter`): a date-time the clocks skipped in
 *   the person's time zone, so the card can say why instead of calling a well-formed time invalid;
 * - `unsafeInteger` (params `limit`: `Number.MAX_SAFE_INTEGER`): a whole number too large for
 *   JSON as JavaScript writes it, which would be sent as another number (9007199254740993 goes
 *   out as …992). Not where the schema's own bounds already refuse it: that reason is clearer.
 */
export function conversionErrors(fields: readonly FieldSpec[], values: RawFormValues): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of fields) {
    const raw = values[fieldKey(field)];
    if (typeof raw !== 'string') continue;
    if (field.kind === 'date-time') {
      const local = readLocalDateTime(raw.trim());
      if (local.kind !== 'skipped') continue;
      errors.push({
        field: field.name,
        keyword: 'skippedLocalTime',
        params: { offsetBefore: local.offsetBefore, offsetAfter: local.offsetAfter },
      });
    } else if (field.kind === 'integer') {
      const number = toContentValue(field, raw);
      if (typeof number !== 'number' || !Number.isInteger(number) || Number.isSafeInteger(number)) continue;
      if (
        (field.maximum !== undefined && number > field.maximum) ||
        (field.minimum !== undefined && number < field.minimum)
      )
        continue;
      errors.push({
        field: field.name,
        keyword: 'unsafeInteger',
        params: { limit: Number.MAX_SAFE_INTEGER },
      });
    }
  }
  return errors;
}

/**
 * Shows an RFC 3339 date-time in the person's local time for `<input type="datetime-local">`.
 * Text that is not a date-time is returned unchanged, so the person sees what the server sent.
 */
export function toLocalDateTimeInput(value: string): string {
  const instant = dateTimeInstant(value);
  if (instant === undefined) return value;
  const date = new Date(instant);
  // Years before 1000 still take four digits, as the input's value requires.
  const year = String(date.getFullYear()).padStart(4, '0');
  return `${year}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Raw values keyed by {@link fieldKey}, re-keyed by property name (for drafts and re-asks). */
export function rawValuesByName(
  fields: readonly FieldSpec[],
  values: Readonly<Record<string, RawFieldValue | undefined>>,
): Record<string, RawFieldValue> {
  const named: Record<string, RawFieldValue> = {};
  for (const field of fields) {
    const value = values[fieldKey(field)];
    if (value !== undefined) setOwn(named, field.name, value);
  }
  return named;
}

/** Values by property name, re-keyed by {@link fieldKey} for the form engine. */
export function rawValuesByKey(
  fields: readonly FieldSpec[],
  named: Record<string, RawFieldValue>,
): RawFormValues {
  const values: RawFormValues = {};
  for (const field of fields) {
    if (Object.hasOwn(named, field.name)) {
      const value = named[field.name];
      if (value !== undefined) values[fieldKey(field)] = value;
    }
  }
  return values;
}
