// A React Server Component (no 'use client'): the framework-free model from the ROOT entry (whose
// barrel also re-exports the client card) and from ./core, run at build time (the page is static).
import { parseSuspension } from 'input-request-cards';
import { checkLink, loadPublicSuffixList, parseSuspension as parseFromCore } from 'input-request-cards/core';
import { wire } from './wire';

export const dynamic = 'force-static';

export default async function Page() {
  const round = parseSuspension(wire, { serverName: 'Consumer' });
  const again = parseFromCore(wire, { serverName: 'Consumer' });
  const [request] = round.requests;
  // The Public Suffix List is a lazy chunk; an async Server Component can wait for it.
  const registrableDomain = await loadPublicSuffixList();
  const link = checkLink('https://accounts.example.co.uk/connect', { registrableDomain });
  return (
    <main>
      <h1 data-testid="server">{request?.kind === 'form' ? request.message : 'no form'}</h1>
      <p data-testid="same-round">{String(again.requests.length === round.requests.length)}</p>
      <p data-testid="domain">{link.openable ? link.parts.domain : 'refused'}</p>
    </main>
  );
}
