// The ours adapter: input-request-cards used exactly as its README tells users, imported by
// package name (resolved to the BUILT package, dist/, through package.json "exports").
// Everything specific to our library lives in this file; when the API changes, change only this.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createHttpSource,
  InputRequestCard,
  type InputRequestState,
  type InputResponses,
  inputRequestQueryOptions,
  parseSuspension,
} from 'input-request-cards';
import {
  checkLink,
  parseSuspension as parseSuspensionFromCore,
  validateAnswer,
} from 'input-request-cards/core';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
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
      wire: wireFor(schema, { requestState: `bench-state-${messages}` }),
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

// ---- chat transcript: many answered cards and a few pending ones, each a live source ----

const SUSPENDED_AT = '2026-01-01T00:00:00.000Z';

function taskPaths(base: string, kind: 'done' | 'open', i: number) {
  return { stateUrl: `${base}/${kind}-${i}`, resumeUrl: `${base}/${kind}-${i}/resume` };
}

function answeredBody(i: number) {
  return { id: `done-${i}`, status: 'completed', result: `Done: answer ${i} was sent.`, serverName: 'Bench' };
}

/**
 * The state a chat history holds for a task, as the HTTP source reads it from the bodies above:
 * the same round id (`<task id>@<suspendedAt>`), so the card's later reading is the same round.
 */
function historyState(kind: 'done' | 'open', i: number, schema: JsonSchema): InputRequestState {
  if (kind === 'done') return { status: 'completed', result: answeredBody(i).result };
  const taskId = `open-${i}`;
  return {
    status: 'input-required',
    suspension: parseSuspension(
      { inputRequests: (wireFor(schema) as { inputRequests: unknown }).inputRequests },
      {
        id: `${taskId}@${SUSPENDED_AT}`,
        taskId,
        createdAt: SUSPENDED_AT,
        serverName: 'Bench',
        toolName: 'fill_form',
      },
    ),
  };
}

function pendingBody(i: number, schema: JsonSchema) {
  return {
    id: `open-${i}`,
    status: 'input_required',
    suspendedAt: SUSPENDED_AT,
    serverName: 'Bench',
    toolName: 'fill_form',
    inputRequests: (wireFor(schema) as { inputRequests: unknown }).inputRequests,
  };
}

/** What the backend answers on each task's state URL (the bench server serves these bodies). */
export function transcriptBackend(
  answered: number,
  pending: number,
  schema: JsonSchema,
  base: string,
): Record<string, unknown> {
  const bodies: Record<string, unknown> = {};
  for (let i = 0; i < answered; i++) bodies[taskPaths(base, 'done', i).stateUrl] = answeredBody(i);
  for (let i = 0; i < pending; i++) bodies[taskPaths(base, 'open', i).stateUrl] = pendingBody(i, schema);
  return bodies;
}

/**
 * A transcript: `answered` cards whose task is completed, then `pending` cards that ask.
 * Each card is `<InputRequestCard source={createHttpSource(…)} />` in one QueryClientProvider.
 * The chat history already holds each task's last state, so it is put into the query cache
 * (`inputRequestQueryOptions(source).queryKey`) before the first render, as a chat app that
 * restores a conversation would; the cards then only fetch what is still open.
 */
export function transcript(
  answered: number,
  pending: number,
  schema: JsonSchema,
  base: string,
): ReactElement {
  const queryClient = new QueryClient();
  const cards: ReactElement[] = [];
  const add = (kind: 'done' | 'open', i: number) => {
    const source = createHttpSource(taskPaths(base, kind, i));
    queryClient.setQueryData(inputRequestQueryOptions(source).queryKey, historyState(kind, i, schema));
    cards.push(<InputRequestCard key={`${kind}-${i}`} source={source} />);
  };
  for (let i = 0; i < answered; i++) add('done', i);
  for (let i = 0; i < pending; i++) add('open', i);
  return <QueryClientProvider client={queryClient}>{cards}</QueryClientProvider>;
}

// ---- pages for the bundle-size table: each is what a user's page would import and render ----

/** A static card, exactly the README usage. */
export function staticCardPage(element: HTMLElement, wire: unknown): void {
  createRoot(element).render(card(wire, async () => {}));
}

/** A live card following a task over HTTP, inside a QueryClientProvider. */
export function liveCardPage(element: HTMLElement, stateUrl: string, resumeUrl: string): void {
  const queryClient = new QueryClient();
  createRoot(element).render(
    <QueryClientProvider client={queryClient}>
      <InputRequestCard source={createHttpSource({ stateUrl, resumeUrl })} />
    </QueryClientProvider>,
  );
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
