// The ours adapter: input-request-cards used exactly as its README tells users, imported by
// package name (resolved to the BUILT package, dist/, through package.json "exports").
// Everything specific to our library lives in the ours*.tsx files (this one: the option; ours-live:
// the transcript of live cards; ours-pages: the bundle-size pages); when the API changes, change
// only those. This file imports nothing of TanStack Query, so a page of the static card (its cold
// bundle) carries none of it, as the README's static card does not.
import { InputRequestCard, type InputResponses, parseSuspension } from 'input-request-cards';
import type { ReactElement } from 'react';
import type { JsonSchema } from '../page/schema.ts';
import type { BenchOption, OnValidSubmit } from './types.ts';

/** Options for the wire message around a schema. */
export interface WireOptions {
  message?: string;
  /** The round's `requestState`; each message a server sends carries its own. */
  requestState?: string;
  /** Put into the request's `params._meta` (MCP lets servers put anything there). */
  meta?: unknown;
}

/** What an MCP 2026-07-28 server sends when a tool needs answers: an InputRequiredResult. */
export function wireFor(schema: unknown, options: WireOptions = {}): unknown {
  return {
    resultType: 'input_required',
    inputRequests: {
      details: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: options.message ?? 'Please answer these questions.',
          requestedSchema: schema,
          ...(options.meta === undefined ? {} : { _meta: options.meta }),
        },
      },
    },
    requestState: options.requestState ?? 'bench-state',
  };
}

/** The README usage: parseSuspension(wire) + <InputRequestCard suspension resume />. */
export function card(wire: unknown, resume: (responses: InputResponses) => Promise<void>): ReactElement {
  const suspension = parseSuspension(wire, { serverName: 'Bench', toolName: 'fill_form' });
  return <InputRequestCard suspension={suspension} resume={resume} />;
}

/** How many wire messages this page has made (each gets its own requestState). */
let messages = 0;

interface Prepared {
  wire: unknown;
  resume: (responses: InputResponses) => Promise<void>;
}

export const ours: BenchOption = {
  id: 'ours',
  label: 'input-request-cards (ours)',
  prepare(schema: JsonSchema, onValidSubmit: OnValidSubmit): Prepared {
    // Every mount is a new message from the server, so a new round: the card remembers rounds it
    // sent (its ledger), and a round already answered would show its receipt instead of the form.
    messages += 1;
    return {
      // The count in base 36: a number written in base 10 goes through V8's number-to-string
      // cache, and its one-time growth to full size (64 KiB), caused by this adapter making a new
      // number into text every cycle, showed as heap growth of the card in the heap cycles.
      wire: wireFor(schema, { requestState: `bench-state-${messages.toString(36)}` }),
      // A send that is still on its way: the card shows "Sending…" and keeps its values.
      resume: (responses) => {
        onValidSubmit(responses);
        return new Promise<void>(() => {});
      },
    };
  },
  render(prepared) {
    const { wire, resume } = prepared as Prepared;
    return card(wire, resume);
  },
  submit(container) {
    // By role and name, as a person finds it: the "Accept" button.
    const accept = [...container.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Accept',
    );
    if (!accept) throw new Error('bench: no Accept button in our card');
    accept.click();
  },
};
