import { describe, expect, it } from 'vitest';
import {
  type CheckLinkOptions,
  checkLink,
  type LinkCheck,
  loadPublicSuffixList,
  mixedScripts,
  toUnicodeHostname,
} from '../../src/core/url.ts';

// The full Public Suffix List, as the card uses it.
const registrableDomain = await loadPublicSuffixList();

function openable(
  url: string,
  options: CheckLinkOptions = { registrableDomain },
): Extract<LinkCheck, { openable: true }> {
  const check = checkLink(url, options);
  if (!check.openable) throw new Error(`expected ${url} to be openable, got ${JSON.stringify(check)}`);
  return check;
}

const kinds = (url: string) => openable(url).warnings.map((warning) => warning.kind);

describe('checkLink: which URLs may open', () => {
  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(1)', 'javascript'],
    ['  javascript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['file:///etc/passwd', 'file'],
    ['blob:https://example.com/0b7f2b1e-4c3a-4a8e-9a43-1f0f5d1c2b3a', 'blob'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['ftp://example.com/file', 'ftp'],
    ['mailto:someone@example.com', 'mailto'],
    ['chrome://settings', 'chrome'],
    ['about:blank', 'about'],
    ['intent://scan/#Intent;scheme=zxing;end', 'intent'],
  ])('refuses %s for its scheme', (url, scheme) => {
    expect(checkLink(url)).toStrictEqual({ openable: false, reason: 'scheme', scheme });
  });

  it.each([
    ['not a url', ''],
    ['', ''],
    ['//example.com/path', ''],
    ['https://', 'https'],
    ['http://exa mple.com', 'http'],
  ])('refuses %j as no URL at all', (url, scheme) => {
    expect(checkLink(url)).toStrictEqual({ openable: false, reason: 'invalid', scheme });
  });

  it('refuses a host longer than any DNS name (253 characters) as no web address, and opens the longest one', () => {
    const tooLong = `https://${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}.example.com/`;
    expect(checkLink(tooLong)).toStrictEqual({ openable: false, reason: 'invalid', scheme: 'https' });
    const longest = `https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com./`;
    expect(new URL(longest).hostname.replace(/\.$/, '')).toHaveLength(253);
    expect(checkLink(longest).openable).toBe(true);
  });

  it('opens https and http, normalised to what the browser will load', () => {
    const https = openable('HTTPS://Accounts.EXAMPLE.com/connect?x=1#top');
    expect(https.href).toBe('https://accounts.example.com/connect?x=1#top');
    expect(https.secure).toBe(true);
    expect(https.host).toBe('accounts.example.com');
    expect(https.warnings).toStrictEqual([]);
    const http = openable('http://example.com:8080/');
    expect(http.secure).toBe(false);
    expect(http.host).toBe('example.com:8080');
    expect(http.hostname).toBe('example.com');
  });
});

describe('checkLink: the URL split around its host', () => {
  it.each([
    [
      'https://accounts.example.com/connect?x=1',
      { beforeHost: 'https://', subdomain: 'accounts.', domain: 'example.com', afterHost: '/connect?x=1' },
    ],
    ['https://example.com', { beforeHost: 'https://', subdomain: '', domain: 'example.com', afterHost: '/' }],
    [
      'https://a.b.example.co.uk/x',
      { beforeHost: 'https://', subdomain: 'a.b.', domain: 'example.co.uk', afterHost: '/x' },
    ],
    [
      'https://example.com.evil.io/login',
      { beforeHost: 'https://', subdomain: 'example.com.', domain: 'evil.io', afterHost: '/login' },
    ],
    [
      'https://paypal.someone.github.io/',
      { beforeHost: 'https://', subdomain: 'paypal.', domain: 'someone.github.io', afterHost: '/' },
    ],
    [
      'http://user:secret@login.example.com:8443/a?b#c',
      {
        beforeHost: 'http://user:secret@',
        subdomain: 'login.',
        domain: 'example.com',
        afterHost: ':8443/a?b#c',
      },
    ],
    [
      'http://localhost:3000/cb',
      { beforeHost: 'http://', subdomain: '', domain: 'localhost', afterHost: ':3000/cb' },
    ],
    ['http://[::1]:8080/x', { beforeHost: 'http://', subdomain: '', domain: '[::1]', afterHost: ':8080/x' }],
    ['https://10.0.0.1/', { beforeHost: 'https://', subdomain: '', domain: '10.0.0.1', afterHost: '/' }],
    [
      'https://www.example.com./',
      { beforeHost: 'https://', subdomain: 'www.', domain: 'example.com.', afterHost: '/' },
    ],
  ])('%s', (url, parts) => {
    const check = openable(url);
    expect(check.parts).toStrictEqual(parts);
    expect(parts.beforeHost + parts.subdomain + parts.domain + parts.afterHost).toBe(check.href);
  });

  it('splits where the browser will, whatever backslashes and @ signs suggest', () => {
    // Browsers read a backslash as a path separator in web URLs.
    const backslash = openable('https://trusted.example\\@evil.example/');
    expect(backslash.href).toBe('https://trusted.example/@evil.example/');
    expect(backslash.parts.domain).toBe('trusted.example');
    expect(backslash.warnings).toStrictEqual([]);
    const userInfo = openable('https://trusted.example@evil.example/');
    expect(userInfo.parts.domain).toBe('evil.example');
    expect(userInfo.warnings.map((warning) => warning.kind)).toStrictEqual(['credentials']);
    expect(openable('https://evil.example/@trusted.example').parts.domain).toBe('evil.example');
  });
});

/**
 * Hosting platforms whose every subdomain belongs to someone else (each a private-section entry
 * of the Public Suffix List): the site a person must read is `paypal-login.<platform>`, never the
 * platform. A short built-in list used to get 14 of these wrong (`deno.dev` emphasised alone).
 */
const HOSTING_PLATFORMS = [
  'github.io',
  'gitlab.io',
  'deno.dev',
  'vercel.app',
  'netlify.app',
  'pages.dev',
  'workers.dev',
  'web.app',
  'firebaseapp.com',
  'herokuapp.com',
  'appspot.com',
  'blogspot.com',
  'azurewebsites.net',
  'cloudfront.net',
  's3.amazonaws.com',
  'onrender.com',
  'fly.dev',
  'ngrok-free.app',
  'trycloudflare.com',
  'repl.co',
  'surge.sh',
  'duckdns.org',
  'myshopify.com',
  'azurestaticapps.net',
  'ondigitalocean.app',
  'up.railway.app',
  'webflow.io',
  'wixsite.com',
  'readthedocs.io',
  'bitbucket.io',
  'codeberg.page',
  'hf.space',
  'streamlit.app',
  'supabase.co',
  'ngrok.io',
  'amplifyapp.com',
];

describe('checkLink: the registrable domain comes from the Public Suffix List', () => {
  it('knows 36 hosting platforms', () => {
    expect(HOSTING_PLATFORMS).toHaveLength(36);
  });

  it.each(HOSTING_PLATFORMS)('on %s the owner is the subdomain, never the platform', (platform) => {
    const check = openable(`https://secure.paypal-login.${platform}/signin`);
    expect(check.parts).toStrictEqual({
      beforeHost: 'https://',
      subdomain: 'secure.',
      domain: `paypal-login.${platform}`,
      afterHost: '/signin',
    });
    // The whole host is always shown, in order, whatever is emphasised.
    expect(`${check.parts.subdomain}${check.parts.domain}`).toBe(check.hostname);
  });

  it.each([
    ['https://example.co.uk/', '', 'example.co.uk'],
    ['https://a.b.example.co.uk/', 'a.b.', 'example.co.uk'],
    ['https://a.b.example.com/', 'a.b.', 'example.com'],
    ['https://shop.example.com.au/', 'shop.', 'example.com.au'],
    ['https://www.city.kawasaki.jp/', 'www.', 'city.kawasaki.jp'],
    ['https://login.wordpress.com/', 'login.', 'wordpress.com'], // not on the list: one owner
    ['https://Accounts.Example.CO.UK/', 'accounts.', 'example.co.uk'],
    ['https://www.bücher.de/', 'www.', 'xn--bcher-kva.de'],
  ])('%s', (url, subdomain, domain) => {
    const check = openable(url);
    expect([check.parts.subdomain, check.parts.domain]).toStrictEqual([subdomain, domain]);
  });

  it('emphasises the whole host when the host is a public suffix itself', () => {
    expect(openable('https://github.io/').parts).toMatchObject({ subdomain: '', domain: 'github.io' });
  });

  it('emphasises the whole host when no finder is given, so nothing wrong stands out', () => {
    const check = openable('https://secure.paypal-login.deno.dev/', {});
    expect(check.parts).toMatchObject({ subdomain: '', domain: 'secure.paypal-login.deno.dev' });
  });

  it('ignores a finder whose answer is not a whole-label end of the host', () => {
    for (const answer of ['evil.example', 'n.example.com', 'EXAMPLE.COM.']) {
      const parts = openable('https://login.example.com/', { registrableDomain: () => answer }).parts;
      const expected = answer === 'EXAMPLE.COM.' ? 'example.com' : 'login.example.com';
      expect(parts.domain).toBe(expected);
    }
  });
});

describe('checkLink: warnings', () => {
  it('warns about plain http, except to this machine', () => {
    expect(kinds('http://example.com/')).toStrictEqual(['insecure']);
    expect(kinds('https://example.com/')).toStrictEqual([]);
    // Loopback never crosses a network (browsers count it as a secure context).
    expect(kinds('http://localhost:5173/sign-in')).toStrictEqual([]);
    expect(kinds('http://app.LOCALHOST/')).toStrictEqual([]);
    expect(kinds('http://127.0.0.1:8080/')).toStrictEqual(['ip-address']);
    expect(kinds('http://[::1]/')).toStrictEqual(['ip-address']);
    // Only the name itself: a host that merely contains it is somebody's.
    expect(kinds('http://localhost.example.com/')).toStrictEqual(['insecure']);
    expect(kinds('http://127.0.0.1.example.com/')).toStrictEqual(['insecure']);
  });

  it('warns about user names and passwords before the host', () => {
    expect(kinds('https://user:pass@example.com/')).toStrictEqual(['credentials']);
    expect(kinds('https://google.com@evil.example/')).toStrictEqual(['credentials']);
    expect(kinds('https://:pass@example.com/')).toStrictEqual(['credentials']);
  });

  it('warns about bare IP addresses, however they are spelled', () => {
    expect(kinds('https://192.168.1.10/')).toStrictEqual(['ip-address']);
    expect(kinds('https://[2001:db8::1]/')).toStrictEqual(['ip-address']);
    expect(openable('http://0x7f.1/').hostname).toBe('127.0.0.1');
    expect(kinds('http://2130706433/')).toStrictEqual(['ip-address']);
    expect(kinds('http://2130706433.example/')).toStrictEqual(['insecure']);
    expect(kinds('http://10.0.0.1/')).toStrictEqual(['insecure', 'ip-address']);
  });

  it('warns about internationalised hosts and shows how they read', () => {
    const check = openable('https://bücher.example/');
    expect(check.hostname).toBe('xn--bcher-kva.example');
    expect(check.unicodeHostname).toBe('bücher.example');
    expect(check.warnings).toStrictEqual([
      { kind: 'punycode', ascii: 'xn--bcher-kva.example', unicode: 'bücher.example' },
    ]);
    expect(kinds('https://XN--BCHER-KVA.example/')).toStrictEqual(['punycode']);
  });

  it('warns about Latin and Cyrillic look-alikes in one label', () => {
    // The first letter is CYRILLIC SMALL LETTER A.
    const check = openable('https://\u0430pple.com/login');
    expect(check.href).toBe('https://xn--pple-43d.com/login');
    expect(check.warnings).toStrictEqual([
      { kind: 'punycode', ascii: 'xn--pple-43d.com', unicode: '\u0430pple.com' },
      { kind: 'mixed-script', unicode: '\u0430pple.com', scripts: ['Cyrl', 'Latn'] },
    ]);
    expect(kinds('https://xn--pple-43d.com/')).toStrictEqual(['punycode', 'mixed-script']);
  });

  it('does not call a single-script name or a Japanese name mixed', () => {
    expect(kinds('https://пример.рф/')).toStrictEqual(['punycode']);
    expect(kinds('https://日本語ドメインabc.jp/')).toStrictEqual(['punycode']);
    expect(kinds('https://münchen-2026.de/')).toStrictEqual(['punycode']);
    expect(kinds('https://παράδειγμα.com/')).toStrictEqual(['punycode']);
  });

  it('lists every warning that applies, in a stable order', () => {
    expect(kinds('http://admin:pw@xn--pple-43d.com/')).toStrictEqual([
      'credentials',
      'insecure',
      'punycode',
      'mixed-script',
    ]);
  });
});

describe('toUnicodeHostname and mixedScripts', () => {
  it.each([
    ['xn--bcher-kva.example', 'bücher.example'],
    ['xn--e1afmkfd.xn--p1ai', 'пример.рф'],
    ['xn--wgv71a119e.jp', '日本語.jp'],
    ['xn--mnchen-3ya.de', 'münchen.de'],
    ['xn--ls8h.la', '💩.la'],
    ['example.com', 'example.com'],
  ])('decodes %s as %s', (ascii, unicode) => {
    expect(toUnicodeHostname(ascii)).toBe(unicode);
  });

  it('leaves a label that is no valid Punycode as it is', () => {
    expect(toUnicodeHostname('xn--zz!.example')).toBe('xn--zz!.example');
    expect(toUnicodeHostname('xn--ü-kva.example')).toBe('xn--ü-kva.example');
  });

  it('leaves a label longer than DNS allows (63 characters) undecoded, however valid its Punycode', () => {
    const long = new URL(`https://${'äb'.repeat(40)}.example/`).hostname;
    expect(long.split('.')[0]?.length).toBeGreaterThan(63);
    expect(toUnicodeHostname(long)).toBe(long);
    const short = new URL(`https://${'äb'.repeat(10)}.example/`).hostname;
    expect(toUnicodeHostname(short)).toBe(`${'äb'.repeat(10)}.example`);
    const check = checkLink(`https://${'äb'.repeat(20)}.example/`);
    expect(check.openable && check.warnings.map((warning) => warning.kind)).toStrictEqual(['punycode']);
    // A host of 100,000 characters is no DNS name at all.
    expect(checkLink(`https://${'äb'.repeat(50_000)}.example/`)).toMatchObject({ reason: 'invalid' });
  });

  it('names the scripts of the first mixed label', () => {
    expect(mixedScripts('paypal.com')).toBeUndefined();
    expect(mixedScripts('p\u0430yp\u0430l.com')).toStrictEqual(['Latn', 'Cyrl']);
    expect(mixedScripts('\u03bfpenai.com')).toStrictEqual(['Grek', 'Latn']);
    expect(mixedScripts('ok.g\u043e\u043egle')).toStrictEqual(['Latn', 'Cyrl']);
  });
});
