/** Schemes a link request may open: web addresses only. */
const OPENABLE_PROTOCOLS = new Set(['https:', 'http:']);

/** What the card needs to know about a link before offering to open it. */
export type LinkCheck =
  | { openable: true; href: string; host: string; secure: boolean }
  | { openable: false; scheme: string };

/**
 * Decides whether a server-sent URL may be opened: only `http:` and `https:` are, so
 * `javascript:`, `data:`, `file:` and other schemes can never run from a click.
 *
 * @example
 * ```ts
 * checkLink('javascript:alert(1)'); // { openable: false, scheme: 'javascript' }
 * checkLink('https://example.com/a'); // { openable: true, host: 'example.com', secure: true, … }
 * ```
 */
export function checkLink(url: string): LinkCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { openable: false, scheme: url.split(':', 1)[0] ?? '' };
  }
  if (!OPENABLE_PROTOCOLS.has(parsed.protocol)) {
    return { openable: false, scheme: parsed.protocol.replace(/:$/, '') };
  }
  return { openable: true, href: parsed.href, host: parsed.host, secure: parsed.protocol === 'https:' };
}
