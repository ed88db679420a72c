'use client';
import { useCallback, useMemo } from 'react';
import { responsesRefusal } from '../core/checked.js';
import { setOwn } from '../core/json.js';
import type { ElicitContent, InputResponses } from '../core/model.js';
import type { InputRequestSession } from '../core/session.js';
import type { InputRequestSource } from '../core/source.js';
import { validateAnswer } from '../core/validate.js';
import { liveBinding } from '../live/binding.js';
import { registerLiveBinding } from './liveBinding.js';
import {
  type InputRequestController,
  type UseInputRequestOptions,
  useRoundSession,
} from './useRoundSession.js';

export type { InputRequestController, UseInputRequestOptions } from './useRoundSession.js';

/**
 * Follows a task and answers it. A thin binding over the framework-free session: the session of
 * the task (one per task and `QueryClient`, shared by every card that shows it) owns the
 * lifecycle, the single-flight send, timers, drafts and host answerers; this hook subscribes to it
 * with `useSyncExternalStore`. Followed sources read their state through TanStack Query (one
 * observer and one push subscription per task, however many cards show it).
 *
 * @example
 * ```tsx
 * function TaskQuestion({ taskId }: { taskId: string }) {
 *   const source = useMemo(() => createHttpSource({
 *     stateUrl: `/background-tasks/${taskId}`, resumeUrl: `/background-tasks/${taskId}/resume`,
 *   }), [taskId]);
 *   const { state, suspension, decline } = useInputRequest(source);
 *   if (state !== 'input-required' || !suspension) return <p>{state}</p>;
 *   return <MyForm suspension={suspension} onDecline={() => decline()} />;
 * }
 * ```
 */
export function useInputRequest(
  source: InputRequestSource,
  options: UseInputRequestOptions = {},
): InputRequestController {
  // The hook's users follow tasks: TanStack comes with it (the card loads it only when needed).
  registerLiveBinding(liveBinding);
  const controller = useRoundSession(source, options);
  const { session } = controller;
  // This host's answers are checked with its own checker before they leave, whoever made the
  // task's shared session (the card's forms check theirs as the person types).
  const checker = options.checker ?? validateAnswer;
  const respond = useCallback(
    (responses: InputResponses) => {
      const refused = responsesRefusal(session.getSnapshot().round, responses, checker);
      return refused ? Promise.reject(refused) : session.respond(responses);
    },
    [session, checker],
  );
  const submit = useCallback(
    (content: ElicitContent, key?: string) => {
      const responses = submitted(session, content, key);
      return responses instanceof Error ? Promise.reject(responses) : respond(responses);
    },
    [session, respond],
  );
  return useMemo(() => ({ ...controller, respond, submit }), [controller, respond, submit]);
}

/**
 * The answers `submit(content, key)` gives: `content` accepting the form request `key` (the first
 * form request of the open round when omitted), or the error when the round has none.
 */
function submitted(
  session: InputRequestSession,
  content: ElicitContent,
  key: string | undefined,
): InputResponses | Error {
  const round = session.getSnapshot().round;
  const target = key ?? round?.requests.find((request) => request.kind === 'form')?.key;
  if (target === undefined) {
    return new Error(
      'input-request-cards: submit() found no form request in the open round; pass the request key.',
    );
  }
  const responses: InputResponses = {};
  setOwn(responses, target, { action: 'accept', content });
  return responses;
}
