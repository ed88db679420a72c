/**
 * The four string formats an MCP `requestedSchema` may ask for, checked without `eval` and
 * without a schema library: `email`, `uri`, `date` and `date-time`.
 *
 * They are exactly as strict as ajv-formats in its "full" mode, which many servers validate
 * with, so an answer this client sends is not refused there for its format (and the
 * differential property test keeps the two in step):
 * - `date` is an RFC 3339 full-date whose day exists (2024-02-29 yes, 2026-02-29 no);
 * - `date-time` is a date, `T` (either case) or one whitespace character, and a time with a
 *   mandatory zone (`Z` or an offset such as `+01:00`, `+0100` or `+01`); a leap second is
 *   accepted only where it falls on 23:59:60 UTC;
 * - `email` is a dot-atom local part, `@`, and a domain of at least two labels
 *   (letters, digits and inner hyphens), ASCII only;
 * - `uri` is an absolute RFC 3986 URI (a scheme, a non-empty hierarchical part, an optional
 *   query and fragment), ASCII only, with percent-encodings, IPv6 and IPvFuture literals.
 *
 * Every check is linear in the length of the value: no pattern here backtracks.
 */

/** The formats {@link matchesFormat} knows: the ones MCP allows. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/**
 * Whether `value` is written in `format`. Unknown formats pass, as in JSON Schema.
 *
 * @example
 * matchesFormat('date', '2024-02-29'); // true
 * matchesFormat('date', '2024-02-30'); // false
 * matchesFormat('date-time', '2026-01-31T09:30:00+01:00'); // true
 */
export function matchesFormat(format: string, value: string): boolean {
  switch (format) {
    case 'email':
      return isEmail(value);
    case 'uri':
      return isUri(value);
    case 'date':
      return isDate(value);
    case 'date-time':
      return isDateTime(value);
    default:
      return true;
  }
}

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A date, one separator (`T`, `t` or a whitespace character: ajv-formats splits there), and
 * hh:mm:ss[.fraction] with a zone that must be there: Z, or ±hh, ±hhmm, ±hh:mm.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[tT\s](\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:z|([+-])(\d{2})(?::?(\d{2}))?)$/i;

function isDate(value: string): boolean {
  const parts = FULL_DATE.exec(value);
  return parts !== null && dateExists(parts);
}

function isDateTime(value: string): boolean {
  const parts = DATE_TIME.exec(value);
  return parts !== null && dateExists(parts) && timeExists(parts);
}

/**
 * The moment an RFC 3339 date-time names, in epoch milliseconds, or `undefined` for text that is
 * none. Reads every form the format check accepts (a `±hh` or `±hhmm` offset, a leap second, taken
 * as the second before it, and years before 100), which `Date.parse` does not.
 */
export function dateTimeInstant(value: string): number | undefined {
  const parts = DATE_TIME.exec(value);
  const wallClock = parts ? wallClockOf(parts) : undefined;
  if (!parts || wallClock === undefined) return undefined;
  const seconds = Math.min(Number(parts[6]), 59.999);
  const offsetMinutes = parts[7]
    ? (parts[7] === '-' ? -1 : 1) * (Number(parts[8]) * 60 + Number(parts[9] ?? 0))
    : 0;
  return wallClock + Math.floor(seconds * 1000) - offsetMinutes * 60_000;
}

/**
 * The wall-clock time an RFC 3339 date-time is written in (its date, hours and minutes, whatever
 * its offset), as epoch milliseconds of that wall clock read as UTC; `undefined` for text that is
 * none. Formatted with `timeZone: 'UTC'` it reads the same on every machine.
 */
export function dateTimeAsWritten(value: string): number | undefined {
  const parts = DATE_TIME.exec(value);
  return parts ? wallClockOf(parts) : undefined;
}

/** The date, hours and minutes of a matched date-time, read as UTC; `undefined` when no such moment exists. */
function wallClockOf(parts: RegExpExecArray): number | undefined {
  if (!dateExists(parts) || !timeExists(parts)) return undefined;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  date.setUTCFullYear(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  date.setUTCHours(Number(parts[4]), Number(parts[5]), 0, 0);
  return date.getTime();
}

/** Whether the year, month and day in `parts[1..3]` name a real day. */
function dateExists(parts: RegExpExecArray): boolean {
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Whether the time in `parts[4..6]` with the zone in `parts[7..9]` is a real moment. */
function timeExists(parts: RegExpExecArray): boolean {
  const hour = Number(parts[4]);
  const minute = Number(parts[5]);
  const second = Number(parts[6]);
  const sign = parts[7] === '-' ? -1 : 1;
  const offsetHour = Number(parts[8] ?? 0);
  const offsetMinute = Number(parts[9] ?? 0);
  if (offsetHour > 23 || offsetMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // Only a leap second may pass 59: it must be 23:59:60 once moved to UTC (a minute or hour
  // of -1 is the last one before midnight, reached by borrowing).
  const utcMinute = minute - sign * offsetMinute;
  const utcHour = hour - sign * offsetHour - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/**
 * Dot-separated atoms, `@`, and two or more dot-separated labels of letters, digits and hyphens.
 * Dots separate, so neither part can match two ways: no backtracking.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9-]+\.)+[a-z0-9-]+$/i;
/** A domain label that starts or ends with a hyphen. */
const HYPHEN_AT_LABEL_EDGE = /@-|\.-|-\.|-$/;

function isEmail(value: string): boolean {
  // The pattern admits exactly one "@"; the hyphen rule is for the domain after it only.
  return EMAIL.test(value) && !HYPHEN_AT_LABEL_EDGE.test(value.slice(value.indexOf('@')));
}

// RFC 3986 character sets, ASCII only; `%XX` stands for any percent-encoded octet.
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const REG_NAME = /^(?:[a-z0-9._~!$&'()*+,;=-]|%[0-9a-f]{2})*$/i;
const USER_INFO = /^(?:[a-z0-9._~!$&'()*+,;=:-]|%[0-9a-f]{2})*$/i;
/** Segments of pchar (unreserved, sub-delims, `:`, `@`, `%XX`) joined by `/`. */
const PATH = /^(?:[a-z0-9._~!$&'()*+,;=:@/-]|%[0-9a-f]{2})*$/i;
/** A query or a fragment: pchar, `/` and `?`. */
const QUERY = /^(?:[a-z0-9._~!$&'()*+,;=:@/?-]|%[0-9a-f]{2})*$/i;
const PORT = /^\d*$/;
const IP_FUTURE = /^v[0-9a-f]+\.[a-z0-9._~!$&'()*+,;=:-]+$/i;
const H16 = /^[0-9a-f]{1,4}$/i;
const DEC_OCTET = /^\d{1,3}$/;

function isUri(value: string): boolean {
  const scheme = SCHEME.exec(value);
  if (!scheme) return false;
  let rest = value.slice(scheme[0].length);
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    if (!QUERY.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf('?');
  if (question >= 0) {
    if (!QUERY.test(rest.slice(question + 1))) return false;
    rest = rest.slice(0, question);
  }
  return isHierPart(rest);
}

/**
 * The part between the scheme and the query. It may not be empty. ajv-formats (and so this
 * check) also reads an authority after a single slash, so `a:/[::1]` passes as well.
 */
function isHierPart(hier: string): boolean {
  if (hier === '') return false;
  // path-rootless: a first segment that is not empty, then more segments.
  if (!hier.startsWith('/')) return PATH.test(hier);
  // path-absolute: "/" and segments, the first of them not empty.
  if (!hier.startsWith('//') && PATH.test(hier)) return true;
  return hasAuthority(hier.slice(1)) || (hier.startsWith('//') && hasAuthority(hier.slice(2)));
}

/** [userinfo "@"] host [":" port], then a path of "/"-led segments. */
function hasAuthority(text: string): boolean {
  const slash = text.indexOf('/');
  const authority = slash < 0 ? text : text.slice(0, slash);
  if (slash >= 0 && !PATH.test(text.slice(slash))) return false;
  const at = authority.indexOf('@');
  if (at >= 0 && !USER_INFO.test(authority.slice(0, at))) return false;
  const hostAndPort = authority.slice(at + 1);
  let port: string;
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']');
    if (close < 0 || !isIpLiteral(hostAndPort.slice(1, close))) return false;
    port = hostAndPort.slice(close + 1);
  } else {
    const colon = hostAndPort.indexOf(':');
    if (!REG_NAME.test(colon < 0 ? hostAndPort : hostAndPort.slice(0, colon))) return false;
    port = colon < 0 ? '' : hostAndPort.slice(colon);
  }
  return port === '' || (port.startsWith(':') && PORT.test(port.slice(1)));
}

function isIpLiteral(text: string): boolean {
  return IP_FUTURE.test(text) || isIpv6(text);
}

/**
 * RFC 3986 IPv6address: eight 16-bit groups, or fewer around one `::` (which stands for at
 * least one group); the last two groups may be written as a dotted IPv4 address.
 */
function isIpv6(text: string): boolean {
  const gap = text.indexOf('::');
  if (gap >= 0 && text.indexOf('::', gap + 1) >= 0) return false;
  const head = gap < 0 ? text : text.slice(0, gap);
  const tail = gap < 0 ? '' : text.slice(gap + 2);
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  // The address's last group is the only one that may be an IPv4 address.
  const lastList = gap < 0 ? headGroups : tailGroups;
  let groups = 0;
  for (const list of [headGroups, tailGroups]) {
    for (let position = 0; position < list.length; position++) {
      const group = list[position] as string;
      if (list === lastList && position === list.length - 1 && isIpv4(group)) groups += 2;
      else if (H16.test(group)) groups += 1;
      else return false;
    }
  }
  return gap < 0 ? groups === 8 : groups <= 7;
}

function isIpv4(text: string): boolean {
  const octets = text.split('.');
  return octets.length === 4 && octets.every((octet) => DEC_OCTET.test(octet) && Number(octet) <= 255);
}
