import { describeValue } from './json.js';
import { misuseError, roundProblem } from './misuse.js';
import type { InputResponses, Suspension } from './model.js';
import type { InputRequestSource, InputRequestState, SourceResumeContext } from './source.js';

/**
 * Sends the responses of a round to whatever backend asked: an async function, or one that sends
 * and returns. Whatever it returns or resolves with is ignored; reject (or throw), with an Error,
 * when the answers did not arrive, and the card keeps every value for a retry.
 *
 * @example
 * ```ts
 * const resume: ResumeFunction = async (responses, { idempotencyKey, signal }) => {
 *   const response = await fetch('/api/resume', {
 *     method: 'POST',
 *     headers: {
 *       'Content-Type': 'application/json',
 *       ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
 *     },
 *     body: JSON.stringify(responses),
 *     signal,
 *   });
 *   if (!response.ok) throw new Error(`HTTP ${response.status}`);
 * };
 * ```
 */
export type ResumeFunction = (responses: InputResponses, context: SourceResumeContext) => unknown;

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
  const roundWrong = roundProblem(suspension);
  if (roundWrong) throw misuseError('staticSource', 'a round from parseSuspension(wire)', roundWrong);
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
