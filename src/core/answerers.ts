import type { RootsResult, SamplingResult, Suspension } from './model.js';

/** What a host answerer is told besides the request's params. */
export interface AnswererContext {
  /** The round the request belongs to. */
  suspension: Suspension;
  /** Aborts when the round is replaced or closed before the answer is ready. */
  signal: AbortSignal;
}

/**
 * Answers for requests a form cannot answer, supplied by the host app, keyed by MCP method: when
 * one is given, its request is answered without a form (the person still sees that it happened,
 * and why). The session runs each answerer once per request, however often the card renders.
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

/** The MCP methods a host may answer by itself. */
export type HostMethod = keyof RequestAnswerers;

/** True for a method a host answerer can take over. */
export function isHostMethod(method: string): method is HostMethod {
  return method === 'sampling/createMessage' || method === 'roots/list';
}
