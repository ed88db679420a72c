import {
  type ElicitContent,
  type FormRequest,
  type InputResponses,
  isElicitResult,
  type Suspension,
} from './model.js';
import type { AnswerChecker } from './validate.js';

/**
 * Contents a form checked as it built them (with the card's checker, which may be the host's):
 * the session sends them without checking again. Others (a headless `respond`, `submit` or
 * `answer`) are checked before they leave. A module of its own, so that a card whose forms check
 * their content does not load the checker up front for the session's sake.
 */
const checkedContents = new WeakSet<object>();

/** Marks `content` as checked against its request's schema by the form that built it. */
export function markChecked(content: object): void {
  checkedContents.add(content);
}

/** True when a form checked `content` as it built it. */
export function wasChecked(content: object): boolean {
  return checkedContents.has(content);
}

/**
 * Why accepted `content` for `request` cannot leave, or `undefined`: it does not fit the form's
 * `requestedSchema` by `checker`, which no form already checked it with. The session and the
 * headless hooks check what a host gives them with it; a checker that throws refuses too.
 */
export function contentRefusal(
  key: string,
  request: FormRequest,
  content: ElicitContent,
  checker: AnswerChecker,
): Error | undefined {
  if (wasChecked(content)) return undefined;
  const answer = `input-request-cards: the answer to ${JSON.stringify(key)}`;
  let check: ReturnType<AnswerChecker>;
  try {
    check = checker(request.requestedSchema, content);
  } catch (error) {
    return new Error(`${answer} could not be checked: the checker threw.`, { cause: error });
  }
  if (check.valid) return undefined;
  const listed = check.errors.map(({ field, keyword }) => `${field || '(all)'}: ${keyword}`).join(', ');
  return new Error(
    `${answer} does not fit its requestedSchema (${listed}); fix the content, or build the form with useRequestForm, which checks as the person types.`,
  );
}

/**
 * Why accepted content among `responses` to `round` cannot leave by `checker`, or `undefined`:
 * {@link contentRefusal} for each form request accepted with object content. Answers of any
 * other shape are the session's to refuse.
 */
export function responsesRefusal(
  round: Suspension | undefined,
  responses: InputResponses,
  checker: AnswerChecker,
): Error | undefined {
  for (const request of round?.requests ?? []) {
    const response = Object.hasOwn(responses, request.key) ? responses[request.key] : undefined;
    if (request.kind !== 'form' || !isElicitResult(response) || response.action !== 'accept') continue;
    if (response.content !== undefined && typeof response.content !== 'object') continue;
    const refused = contentRefusal(request.key, request, response.content ?? {}, checker);
    if (refused) return refused;
  }
  return undefined;
}
