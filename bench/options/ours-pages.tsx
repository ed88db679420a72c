// The ours adapter, bundle-size pages: each is what a user's page would import and render (the
// live card's page is in ours-live.tsx, beside TanStack Query).
import {
  checkLink,
  parseSuspension as parseSuspensionFromCore,
  validateAnswer,
} from 'input-request-cards/core';
import { createRoot } from 'react-dom/client';
import { card } from './ours.tsx';

/** A static card, exactly the README usage. */
export function staticCardPage(element: HTMLElement, wire: unknown): void {
  createRoot(element).render(card(wire, async () => {}));
}

/** The framework-free core alone: read a round, check an answer. */
export function corePage(wire: unknown, content: unknown): unknown {
  const suspension = parseSuspensionFromCore(wire);
  const [request] = suspension.requests;
  return request?.kind === 'form'
    ? validateAnswer(request.requestedSchema, content as Record<string, unknown>)
    : suspension;
}

/** Only the link check, from the core entry. */
export function checkLinkPage(url: string): unknown {
  return checkLink(url);
}
