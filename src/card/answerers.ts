import type { RootsResult, SamplingResult, Suspension } from '../core/model.js';

/** What a host answerer is told besides the request's params. */
export interface AnswererContext {
  suspension: Suspension;
  /** Aborts when the card goes away before the answer is ready. */
  signal: AbortSignal;
}

/**
 * Answers for requests a form cannot answer, supplied by the host app: when one is given, its
 * request is answered without a form (the person still sees that it happened, and why).
 *
 * @example
 * ```tsx
 * const answerers: RequestAnswerers = {
 *   'roots/list': async () => ({ roots: [{ uri: 'file:///home/ada/project', name: 'project' }] }),
 *   'sampling/createMessage': async (params, { signal }) => myModel.complete(params, { signal }),
 * };
 * <InputRequestCard answerers={answerers} … />
 * ```
 */
export interface RequestAnswerers {
  'sampling/createMessage'?: (
    params: Record<string, unknown>,
    context: AnswererContext,
  ) => Promise<SamplingResult>;
  'roots/list'?: (params: Record<string, unknown>, context: AnswererContext) => Promise<RootsResult>;
}
