/**
 * The registrable domain of a host by the full Public Suffix List (ICANN and private sections),
 * through `tldts`. Kept in a module of its own because the list is large (about 48 KiB gzipped):
 * {@link checkLink} only reaches it when asked to, and the card loads it lazily (see
 * `loadPublicSuffixList`), so apps that never show a link never download it.
 */
import { getDomain } from 'tldts';

/**
 * The registrable domain of `hostname` by the full Public Suffix List: `example.co.uk` for
 * `a.b.example.co.uk`, `paypal-login.deno.dev` for itself (every `deno.dev` subdomain has its own
 * owner). `undefined` for hosts that have none: IP addresses, single labels such as `localhost`,
 * and public suffixes themselves (`github.io`). Reached through `loadPublicSuffixList()`, which
 * resolves with this function, to pass to `checkLink` as `registrableDomain`.
 *
 * @example
 * ```ts
 * import { checkLink, loadPublicSuffixList } from 'input-request-cards/core';
 * const registrableDomain = await loadPublicSuffixList();
 * registrableDomain('paypal-login.deno.dev'); // 'paypal-login.deno.dev'
 * const link = checkLink('https://login.example.co.uk/', { registrableDomain });
 * if (link.openable) link.parts;
 * // { beforeHost: 'https://', subdomain: 'login.', domain: 'example.co.uk', afterHost: '/' }
 * ```
 */
export function registrableDomain(hostname: string): string | undefined {
  return getDomain(hostname, { allowPrivateDomains: true, extractHostname: false }) ?? undefined;
}
