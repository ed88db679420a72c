// The ours adapter, live cards: a chat transcript of many answered cards and a few pending ones,
// each following its task over HTTP (TanStack Query), and the live card's bundle-size page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createHttpSource,
  InputRequestCard,
  type InputRequestState,
  inputRequestQueryOptions,
  parseSuspension,
} from 'input-request-cards';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { JsonSchema } from '../page/schema.ts';
import { wireFor } from './ours.tsx';

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

/** A live card following a task over HTTP, inside a QueryClientProvider. */
export function liveCardPage(element: HTMLElement, stateUrl: string, resumeUrl: string): void {
  const queryClient = new QueryClient();
  createRoot(element).render(
    <QueryClientProvider client={queryClient}>
      <InputRequestCard source={createHttpSource({ stateUrl, resumeUrl })} />
    </QueryClientProvider>,
  );
}
