import { describeValue } from './json.js';
import type { InputResponses, Suspension } from './model.js';
import type { InputRequestSource, InputRequestState, SourceResumeContext } from './source.js';

/**
 * Sends the responses of a round to whatever backend asked. Whatever it resolves with is ignored;
 * reject (with an Error) when the answers did not arrive, and the card keeps every value for a retry.
 */
export type ResumeFunction = (responses: InputResponses, context: SourceResumeContext) => Promise<unknown>;

/**
 * A source for one round you already hold: it shows `suspension` at once and sends the answers
 * with `resume`, and follows nothing after (no polling, no `QueryClient`). The card uses it for
 * `suspension` + `resume`, so a static card and a live one run the same session.
 *
 * @example
 * ```ts
 * const source = staticSource(parseSuspension(result), (responses) => api.resume(taskId, responses));
 * const session = createInputRequestSession({ source });
 * ```
 *
 * @throws when `suspension` is not a parsed round (an object with a string `id` and a `requests`
 * list, as `parseSuspension` returns) or `resume` is not a function.
 */
export function staticSource(suspension: Suspension, resume: ResumeFunction): InputRequestSource {
  const round = suspension as Partial<Suspension> | undefined;
  if (typeof round?.id !== 'string' || !Array.isArray(round.requests)) {
    throw new TypeError(
      `input-request-cards: staticSource needs a round from parseSuspension, but it is ${describeValue(round)}.`,
    );
  }
  if (typeof resume !== 'function') {
    throw new TypeError(
      `input-request-cards: staticSource needs a resume function, but it is ${describeValue(resume)}.`,
    );
  }
  const initialState: InputRequestState = { status: 'input-required', suspension };
  return {
    queryKey: ['input-request-cards', 'round', suspension.id],
    initialState,
    follow: false,
    fetchState: async () => initialState,
    async resume(responses, context) {
      await resume(responses, context);
      return undefined;
    },
  };
}
