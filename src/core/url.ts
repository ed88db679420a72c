/**
 * Link safety for URL-mode requests: which URLs may open at all, how to show them so the
 * site a person is sent to is obvious, and what about them deserves a warning.
 *
 * Pure string analysis, no network and no DOM: nothing here fetches or resolves the URL.
 */

/** Schemes a link request may open: web addresses only. */
const OPENABLE_PROTOCOLS = new Set(['https:', 'http:']);

/**
 * Something about a link a person should know before opening it.
 *
 * - `insecure`: plain `http:`, so the page and what is typed into it travel unencrypted (not for
 *   this machine: `localhost`, `*.localhost`, `127.x.x.x` and `[::1]` never leave it).
 * - `credentials`: a user name or password before the host (`https://user:pass@host`), a
 *   classic way to make a link read as one site while it goes to another.
 * - `ip-address`: the host is a bare IPv4 or IPv6 address, so it names nobody.
 * - `punycode`: the host is an internationalised name (`xn--…` labels); `unicode` is how it
 *   reads, `ascii` is its real address.
 * - `mixed-script`: one label mixes letters of different scripts (e.g. Latin and Cyrillic), the
 *   usual trick behind look-alike names; `scripts` are ISO 15924 codes such as `Latn`, `Cyrl`.
 */
export type LinkWarning =
  | { kind: 'insecure' }
  | { kind: 'credentials' }
  | { kind: 'ip-address' }
  | { kind: 'punycode'; ascii: string; unicode: string }
  | { kind: 'mixed-script'; unicode: string; scripts: string[] };

/** The kinds of {@link LinkWarning}. */
export type LinkWarningKind = LinkWarning['kind'];

/**
 * The normalised URL cut into the pieces a card shows, so the host can be emphasised.
 * `beforeHost + subdomain + domain + afterHost` is exactly the `href` that opens.
 */
export interface LinkParts {
  /** Scheme, `//` and any user info: `https://` or `https://user:pass@`. */
  beforeHost: string;
  /** Labels in front of the registrable domain, with their trailing dot: `accounts.`; often empty. */
  subdomain: string;
  /**
   * The registrable domain (`example.com`, `example.co.uk`, `someone.github.io`) as the
   * `registrableDomain` option of {@link checkLink} finds it. The whole host when there is no
   * such option, for IP addresses and single-label hosts, and when the finder knows none.
   */
  domain: string;
  /** Port, path, query and fragment: `:8443/connect?x=1#top`. */
  afterHost: string;
}

/** What the card needs to know about a link before offering to open it. */
export type LinkCheck =
  | {
      openable: true;
      /** The normalised URL: what is shown and exactly what opens. */
      href: string;
      /** Host and port, as `URL.host`. */
      host: string;
      /** The host without port, in its ASCII (punycode) form, as `URL.hostname`. */
      hostname: string;
      /** The host as it reads, with `xn--` labels decoded; equals `hostname` for ASCII names. */
      unicodeHostname: string;
      /** Whether the scheme is `https:`. */
      secure: boolean;
      parts: LinkParts;
      /** In a stable order: `credentials`, `insecure`, `ip-address`, `punycode`, `mixed-script`. */
      warnings: LinkWarning[];
    }
  | {
      openable: false;
      /**
       * `scheme`: not a web address (`javascript:`, `data:`, `file:`, …); `invalid`: not a URL at
       * all, or a host no web address has: longer than any DNS name (253 characters), or with a
       * character that looks like a slash (`google.com⁄evil.com`, U+2044), which IDNA 2008 forbids.
       */
      reason: 'scheme' | 'invalid';
      /** The scheme without its colon, lower-cased (`javascript`); `''` when the text is no URL. */
      scheme: string;
    };

/**
 * Finds the registrable domain of a host (the part a person should read as "who this is"), or
 * `undefined` when it has none. {@link loadPublicSuffixList} gives one on the full Public Suffix List.
 */
export type RegistrableDomainFinder = (hostname: string) => string | null | undefined;

/** Options of {@link checkLink}. */
export interface CheckLinkOptions {
  /**
   * Where the registrable domain starts, for `parts.domain`. Without it the whole host is
   * `parts.domain`: nothing is emphasised that might be the wrong part. Pass the full Public
   * Suffix List (what {@link loadPublicSuffixList} resolves with; the card's default) or your own.
   */
  registrableDomain?: RegistrableDomainFinder | undefined;
}

/**
 * Decides whether a server-sent URL may be opened and how to present it. Only `http:` and
 * `https:` are openable, so `javascript:`, `data:`, `file:`, `blob:`, `vbscript:` and every other
 * scheme can never run from a click. For openable links it splits the normalised URL around the
 * host and lists what deserves a warning.
 *
 * @example
 * ```ts
 * checkLink('javascript:alert(1)'); // { openable: false, reason: 'scheme', scheme: 'javascript' }
 * checkLink('https://accounts.example.com/a', { registrableDomain });
 * // { openable: true, secure: true, warnings: [],
 * //   parts: { beforeHost: 'https://', subdomain: 'accounts.', domain: 'example.com', afterHost: '/a' }, … }
 * const link = checkLink('https://paypal-login.deno.dev/', { registrableDomain });
 * if (link.openable) link.parts.domain; // `parts` exists only on an openable link
 * // 'paypal-login.deno.dev': every deno.dev subdomain is someone else's
 * checkLink('http://user:pw@xn--pple-43d.com/');
 * // warnings: credentials, insecure, punycode (reads "аpple.com"), mixed-script (Cyrl + Latn)
 * ```
 */
export function checkLink(url: string, options: CheckLinkOptions = {}): LinkCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { openable: false, reason: 'invalid', scheme: schemeOf(url) };
  }
  if (!OPENABLE_PROTOCOLS.has(parsed.protocol)) {
    return { openable: false, reason: 'scheme', scheme: parsed.protocol.replace(/:$/, '') };
  }

  const { href, hostname } = parsed;
  // No DNS name is longer: such a host names nothing, and spelling it out (decoded, in a warning)
  // would hand a server megabytes of unbroken text to lay out.
  if (hostname.replace(/\.$/, '').length > MAX_HOST_LENGTH) {
    return { openable: false, reason: 'invalid', scheme: parsed.protocol.replace(/:$/, '') };
  }
  const userInfo =
    parsed.username || parsed.password
      ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@`
      : '';
  const beforeHost = `${parsed.protocol}//${userInfo}`;
  // For http(s) the serialisation is always scheme, "//", user info, host, then the rest.
  const afterHost = href.startsWith(beforeHost + hostname)
    ? href.slice(beforeHost.length + hostname.length)
    : `${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}${parsed.search}${parsed.hash}`;
  const ip = isIpAddress(hostname);
  const { subdomain, domain } = ip
    ? { subdomain: '', domain: hostname }
    : splitRegistrable(hostname, options.registrableDomain);
  const unicodeHostname = ip ? hostname : toUnicodeHostname(hostname);
  // "google.com⁄evil.com" reads as google.com and a path, but its host is a name under evil.com.
  // IDNA 2008 forbids these characters and browsers refuse to show such a host as it reads: it
  // is no web address to offer a person.
  if (SLASH_LOOK_ALIKES.test(unicodeHostname) || LATIN_BESIDE_SLASH_STROKE.test(unicodeHostname)) {
    return { openable: false, reason: 'invalid', scheme: parsed.protocol.replace(/:$/, '') };
  }

  const warnings: LinkWarning[] = [];
  if (userInfo) warnings.push({ kind: 'credentials' });
  if (parsed.protocol === 'http:' && !isLoopback(hostname)) warnings.push({ kind: 'insecure' });
  if (ip) warnings.push({ kind: 'ip-address' });
  if (!ip && hostname.split('.').some((label) => label.toLowerCase().startsWith('xn--'))) {
    warnings.push({ kind: 'punycode', ascii: hostname, unicode: unicodeHostname });
    const scripts = mixedScripts(unicodeHostname);
    if (scripts) warnings.push({ kind: 'mixed-script', unicode: unicodeHostname, scripts });
  }

  return {
    openable: true,
    href,
    host: parsed.host,
    hostname,
    unicodeHostname,
    secure: parsed.protocol === 'https:',
    parts: { beforeHost, subdomain, domain, afterHost },
    warnings,
  };
}

/**
 * Characters that pass for a slash or a backslash (which browsers read as a slash in a web
 * address) and survive the URL parser inside a host: fraction slash U+2044, division slash
 * U+2215, big solidus U+29F8, box-drawing diagonals U+2571 and U+2572, mathematical diagonals
 * U+27CB and U+27CD, solidus overlays U+0337 and U+0338, Philippine single punctuation U+1735,
 * double and triple solidus U+2AFD and U+2AFB, set minus U+2216, reverse solidus operator U+29F5
 * and big reverse solidus U+29F9. (The full-width and small forms become a real slash or
 * backslash, so the URL parser refuses them itself.)
 */
const SLASH_LOOK_ALIKES =
  /[\u0337\u0338\u1735\u2044\u2215\u2216\u2571\u2572\u27cb\u27cd\u29f5\u29f8\u29f9\u2afb\u2afd]/;

/**
 * A letter or stroke that reads as a slash (katakana no ノ, the ideograph 丿 and the Kangxi
 * radical that becomes it, the CJK stroke ㇓, the vertical kana repeat 〳) right against a Latin
 * letter or a digit: "google.comノevil.com". Within Japanese or Chinese words, and at a label's
 * start or end (ヤマノ.jp, www.ノジマ.com), they are letters like any other, and such hosts open.
 */
const LATIN_BESIDE_SLASH_STROKE =
  /[a-z0-9][\u30ce\u4e3f\u2f03\u31d3\u3033]|[\u30ce\u4e3f\u2f03\u31d3\u3033][a-z0-9]/i;

function schemeOf(text: string): string {
  const match = /^\s*([a-z][a-z0-9+.-]*):/i.exec(text);
  return match?.[1] ? match[1].toLowerCase() : '';
}

/**
 * A host on this machine, as browsers count it for a secure context: nothing sent to it crosses
 * a network, so plain http there is no one else's to read.
 */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

function isIpAddress(hostname: string): boolean {
  // The URL parser already turned every IPv4 spelling (0x7f.1, 2130706433, …) into dotted decimal.
  return hostname.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Splits the host at the registrable domain the finder names. The finder's answer is only
 * trusted when it is a whole-label suffix of the host, so `beforeHost + subdomain + domain +
 * afterHost` stays exactly the `href`; otherwise the whole host is the domain.
 */
function splitRegistrable(
  hostname: string,
  finder: RegistrableDomainFinder | undefined,
): { subdomain: string; domain: string } {
  const whole = { subdomain: '', domain: hostname };
  if (!finder) return whole;
  const trailingDot = hostname.endsWith('.') ? '.' : '';
  const bare = trailingDot ? hostname.slice(0, -1) : hostname;
  const found = finder(bare)?.toLowerCase().replace(/\.$/, '');
  if (!found || found === bare.toLowerCase()) return whole;
  if (!bare.toLowerCase().endsWith(`.${found}`)) return whole;
  const cut = bare.length - found.length;
  return { subdomain: bare.slice(0, cut), domain: `${bare.slice(cut)}${trailingDot}` };
}

let publicSuffixList: RegistrableDomainFinder | undefined;
let loadingPublicSuffixList: Promise<RegistrableDomainFinder> | undefined;

/**
 * Loads the registrable-domain finder of the full Public Suffix List (`tldts`, about 48 KiB
 * gzipped) as a separate chunk and keeps it; resolves at once after the first time. The card calls it when it
 * first shows a link and emphasises the whole host until it arrives. Call it yourself to have the
 * list ready before the first link (e.g. in a test setup, so no update arrives after a test).
 *
 * @example
 * ```ts
 * const registrableDomain = await loadPublicSuffixList();
 * const link = checkLink('https://a.b.example.co.uk/', { registrableDomain });
 * if (link.openable) link.parts.domain; // 'example.co.uk'
 * ```
 */
export function loadPublicSuffixList(): Promise<RegistrableDomainFinder> {
  loadingPublicSuffixList ??= import('./public-suffix.js').then(
    (module) => {
      publicSuffixList = module.registrableDomain;
      return module.registrableDomain;
    },
    (error: unknown) => {
      // A chunk that failed to load (offline, a deploy replaced it) may load on a later try.
      loadingPublicSuffixList = undefined;
      throw error;
    },
  );
  return loadingPublicSuffixList;
}

/** The Public Suffix List finder if {@link loadPublicSuffixList} has loaded it, else `undefined`. */
export function loadedPublicSuffixList(): RegistrableDomainFinder | undefined {
  return publicSuffixList;
}

/** The longest DNS label (RFC 1035); a longer one names no host, and decoding it would cost quadratic time. */
const MAX_LABEL_LENGTH = 63;

/** The longest DNS name, written with dots and without the root's trailing one (RFC 1035). */
const MAX_HOST_LENGTH = 253;

/**
 * The host as it reads: each `xn--` label decoded (RFC 3492); labels that fail to decode, and
 * labels longer than DNS allows (63 characters), stay as they are.
 */
export function toUnicodeHostname(hostname: string): string {
  return hostname
    .split('.')
    .map((label) => {
      if (!label.toLowerCase().startsWith('xn--') || label.length > MAX_LABEL_LENGTH) return label;
      return decodePunycode(label.slice(4)) ?? label;
    })
    .join('.');
}

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitValue(codePoint: number): number {
  if (codePoint >= 0x30 && codePoint <= 0x39) return codePoint - 22; // 0-9 → 26-35
  if (codePoint >= 0x41 && codePoint <= 0x5a) return codePoint - 0x41; // A-Z → 0-25
  if (codePoint >= 0x61 && codePoint <= 0x7a) return codePoint - 0x61; // a-z → 0-25
  return BASE;
}

/** RFC 3492 decoding of one label without its `xn--` prefix; `undefined` when it is not valid Punycode. */
function decodePunycode(input: string): string | undefined {
  const output: number[] = [];
  const basicEnd = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(basicEnd, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basicEnd > 0 ? basicEnd + 1 : 0; index < input.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(index++));
      if (digit >= BASE || digit > Math.floor((0x7fffffff - i) / w)) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(0x7fffffff / (BASE - t))) return undefined;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    if (Math.floor(i / length) > 0x10ffff - n) return undefined;
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/** Scripts told apart, by ISO 15924 code; a letter of any other script counts as `Zzzz`. */
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  'Latn',
  'Cyrl',
  'Grek',
  'Armn',
  'Geor',
  'Hebr',
  'Arab',
  'Syrc',
  'Thaa',
  'Deva',
  'Beng',
  'Guru',
  'Gujr',
  'Orya',
  'Taml',
  'Telu',
  'Knda',
  'Mlym',
  'Sinh',
  'Thai',
  'Laoo',
  'Tibt',
  'Mymr',
  'Khmr',
  'Mong',
  'Ethi',
  'Cher',
  'Hani',
  'Hira',
  'Kana',
  'Bopo',
  'Hang',
].map((code) => [code, new RegExp(`\\p{Script=${code}}`, 'u')] as const);

/**
 * Script sets that may share one label (UTS #39 "highly restrictive"): Japanese, Chinese
 * and Korean writing mix Han with their own scripts and Latin.
 */
const ALLOWED_SCRIPT_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latn', 'Hani', 'Hira', 'Kana']),
  new Set(['Latn', 'Hani', 'Bopo']),
  new Set(['Latn', 'Hani', 'Hang']),
];

function scriptOf(character: string): string | undefined {
  if (!/\p{L}/u.test(character)) return undefined; // digits, hyphens and marks belong to any script
  for (const [code, pattern] of SCRIPTS) if (pattern.test(character)) return code;
  return 'Zzzz';
}

/**
 * The scripts of the first host label that mixes scripts in a way no single writing system does
 * (e.g. `['Cyrl', 'Latn']` for a Cyrillic "а" inside "аpple"), or `undefined` when no label does.
 */
export function mixedScripts(hostname: string): string[] | undefined {
  for (const label of hostname.split('.')) {
    // ASCII letters are all Latin: only a label with other characters can mix scripts.
    if (!/[^ -~]/.test(label)) continue;
    const scripts = new Set<string>();
    for (const character of label) {
      const script = scriptOf(character);
      if (script) scripts.add(script);
    }
    if (scripts.size < 2) continue;
    const allowed = ALLOWED_SCRIPT_MIXES.some((mix) => [...scripts].every((script) => mix.has(script)));
    if (!allowed) return [...scripts];
  }
  return undefined;
}
