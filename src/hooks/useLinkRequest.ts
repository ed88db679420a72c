'use client';
import { useCallback, useMemo, useState } from 'react';
import { misuseError, requestOfKindProblem } from '../core/misuse.js';
import type { ElicitResult, UrlRequest } from '../core/model.js';
import type { InputRequestSession } from '../core/session.js';
import { checkLink, type LinkCheck, type RegistrableDomainFinder } from '../core/url.js';
import { usePublicSuffixList } from './usePublicSuffixList.js';

/** Options of {@link useLinkRequest}. */
export interface UseLinkRequestOptions {
  request: UrlRequest;
  /**
   * Gives this request its answer: `accept` once the person is done on the other page, or, for a
   * request that accepts on open ({@link UrlRequest.acceptOnOpen}), as the link opens. Without
   * it, the answer goes to `session` (`session.answer(request.key, result)`; a send that fails
   * shows in the session's snapshot); one of the two is needed.
   */
  onAnswer?: (result: ElicitResult) => void;
  /**
   * True while nothing may answer this request: `open`, `done`, `decline` and `cancel` do nothing.
   * The card sets it while the round does not accept answers (sending, sent, closed), while a
   * send that may have arrived keeps its answers (`answersLocked`), while the round shows
   * read-only, and once this request has its answer (unless the send failed: then it may be
   * answered again):
   *
   * ```ts
   * const failed = (snapshot.sendError ?? snapshot.retryHeldBy) !== undefined && snapshot.state === 'input-required';
   * const locked =
   *   !STATE_TRAITS[snapshot.state].acceptsAnswers ||
   *   answersLocked(snapshot) ||
   *   roundView(snapshot) !== 'open' ||
   *   (Object.hasOwn(snapshot.answers, request.key) && (!failed || answersLocked(snapshot)));
   * ```
   */
  locked?: boolean;
  /**
   * True while a server's wait (HTTP `Retry-After`) holds the round: `snapshot.retryAt !==
   * undefined`, as the card sets it. Open still opens the page, but answers nothing, also for a
   * request that accepts on open ({@link UrlRequest.acceptOnOpen}); `done`, `decline` and
   * `cancel` do nothing until the wait is over. Show them unavailable meanwhile (the card
   * disables them) and say why: the send's failure carries the wait
   * (`describeFailure(snapshot.sendError).retryAfterMs`).
   */
  held?: boolean;
  /**
   * The session of the round: it remembers that the link was opened, so Done is offered again in
   * another copy of the card and after a reload; and it takes the answer when `onAnswer` is not given.
   */
  session?: InputRequestSession;
  /**
   * Where the emphasised registrable domain starts. Defaults to the full Public Suffix List,
   * loaded lazily on the first link (the whole host is emphasised until it arrives).
   */
  registrableDomain?: RegistrableDomainFinder;
}

/** What {@link useLinkRequest} returns. */
export interface LinkRequestControl {
  /** What the URL is and whether it may be opened; its warnings. */
  link: LinkCheck;
  /**
   * True after Open: the person works in the other tab. Stays true once the request is answered
   * (an MCP 2025 one is answered by Open itself), so check the answer before offering Done.
   */
  waiting: boolean;
  /**
   * Opens the URL in a new top-level browsing context with `noopener,noreferrer`, only for
   * `http:`/`https:` URLs, only on a person's click. Nothing is fetched or prefetched before.
   * A request that accepts on open (MCP 2025, {@link UrlRequest.acceptOnOpen}) is answered
   * `{ action: 'accept' }` with it: the click is the consent.
   */
  open: () => void;
  /**
   * The person finished on the other page: answers `{ action: 'accept' }` (not needed after an
   * Open that answered). Like `decline` and `cancel`, it does nothing while `locked` or `held`.
   */
  done: () => void;
  /** Answers `{ action: 'decline' }`; nothing while `locked` or `held`. */
  decline: () => void;
  /** Answers `{ action: 'cancel' }`; nothing while `locked` or `held`. */
  cancel: () => void;
}

/**
 * Opens a link `checkLink` found openable, the one way the library opens a server's link: in a new
 * top-level browsing context, with no opener and no referrer. A link it refused opens nothing.
 */
export function openCheckedLink(link: LinkCheck): void {
  if (link.openable) window.open(link.href, '_blank', 'noopener,noreferrer');
}

/**
 * Drives one URL-mode request: checks the link (scheme allow-list, host display, warnings),
 * opens it on request, waits, and answers (through `onAnswer`, else through `session`).
 *
 * @example
 * ```tsx
 * const { link, waiting, open, done } = useLinkRequest({ request, session, locked, held });
 * if (!link.openable || locked) return null;
 * // An MCP 2025 request (request.acceptOnOpen) is answered by open(): it needs no Done.
 * return <button onClick={waiting ? done : open}>{waiting ? 'Done' : 'Open'}</button>;
 * ```
 */
export function useLinkRequest({
  request,
  onAnswer: ownAnswer,
  locked = false,
  held = false,
  registrableDomain: ownFinder,
  session,
}: UseLinkRequestOptions): LinkRequestControl {
  if (!session && !ownAnswer) {
    throw new Error(
      'input-request-cards: useLinkRequest needs `session` (from useInputRequest) or `onAnswer` to answer.',
    );
  }
  const requestWrong = requestOfKindProblem(request, 'url');
  if (requestWrong) {
    throw misuseError('useLinkRequest', 'a URL request', requestWrong);
  }
  const onAnswer = useCallback(
    (result: ElicitResult) =>
      ownAnswer ? ownAnswer(result) : void session?.answer(request.key, result)?.catch(() => {}),
    [ownAnswer, session, request.key],
  );
  const registrableDomain = usePublicSuffixList(ownFinder);
  const link = useMemo(
    () => checkLink(request.url, registrableDomain ? { registrableDomain } : {}),
    [request.url, registrableDomain],
  );
  const [opened, setOpened] = useState(() => session?.linkOpened(request.key) ?? false);
  const open = useCallback(() => {
    if (!link.openable || locked) return;
    openCheckedLink(link);
    session?.noteLinkOpened(request.key);
    setOpened(true);
    // Not while held: the session would keep an answer it cannot send, and nothing would send it
    // when the wait ends.
    if (request.acceptOnOpen === true && !held) onAnswer({ action: 'accept' });
  }, [link, locked, held, session, request.key, request.acceptOnOpen, onAnswer]);
  // Nothing answers while locked, nor while held (the session refuses to send until the wait is over).
  const answer = (action: ElicitResult['action']) => () => {
    if (!locked && !held) onAnswer({ action });
  };
  return {
    link,
    waiting: link.openable && opened,
    open,
    done: answer('accept'),
    decline: answer('decline'),
    cancel: answer('cancel'),
  };
}
