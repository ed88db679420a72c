'use client';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import type { InputRequestCardCommonProps } from '../card/InputRequestCard.js';
import { InputRequestCard } from '../card/InputRequestCard.js';
import { createStorageDraftStore, type DraftStore, draftKey } from '../core/draft.js';
import { describeValue, isPlainObject, quote } from '../core/json.js';
import { misuseError } from '../core/misuse.js';
import { isElicitResult, type Suspension } from '../core/model.js';
import { subscribeDraftWrites, watchedSessions } from '../core/registry.js';
import type { InputRequestSession } from '../core/session.js';
import { StaleRoundError } from '../core/source.js';
import type { ResumeFunction } from '../core/static-source.js';
import { type AnsweredRequestMessages, englishAnsweredMessages } from '../i18n/messages.js';
import { AnsweredInputRequest, type AnsweredInputRequestProps } from './AnsweredInputRequest.js';
import { type InputRequestDataPart, suspensionOfPart } from './part.js';
import { AnswerNotDeliveredError, type PostAnswerOptions, postInputRequestAnswer } from './post-answer.js';

/** Props of {@link InputRequestPart}. */
export interface InputRequestPartProps extends InputRequestCardCommonProps {
  /** A `data-input-request` part from `message.parts` (see `isInputRequestPart`). */
  part: InputRequestDataPart;
  /** The answer route (`bridge.handleAnswer`). @default '/api/input-requests' */
  api?: string;
  /** Headers to send with each answer besides `content-type` (e.g. a CSRF token). */
  headers?: Record<string, string>;
  /** The fetch to post answers with. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Words of the answered summary and of refusals, merged over English. */
  answeredMessages?: Partial<AnsweredRequestMessages>;
  /** Replaces the closed summary of a request that no longer waits. @default AnsweredInputRequest */
  Answered?: ComponentType<AnsweredInputRequestProps>;
  /**
   * Where half-typed answers survive a reload, for a chat whose stream resumes (the question shows
   * again): `sessionStorage` by default, `false` for none. Secret fields are never stored; a
   * request's drafts are removed once it closes, except when it timed out while the person typed:
   * then its card stays, expired, read-only and copyable, with what they typed (and so does the
   * card of one answered in another tab meanwhile, as answered elsewhere, until a reload).
   */
  drafts?: DraftStore | false;
}

/** The parts' draft store: the request id names each request's drafts, unique per question. */
const partDrafts = createStorageDraftStore();

/**
 * Renders one `data-input-request` part of a `useChat` message: while the request waits, an
 * `InputRequestCard` whose `resume` posts the answer to the answer route; once it ended
 * (answered, timed out or stopped with the chat), a closed summary of what was answered and how
 * it ended. The summary comes from the part itself, so it survives a reload.
 *
 * @example
 * ```tsx
 * {message.parts.map((part, index) =>
 *   isInputRequestPart(part) ? <InputRequestPart key={part.id ?? index} part={part} /> : …,
 * )}
 * ```
 */
export function InputRequestPart({
  part,
  api,
  headers,
  fetch,
  answeredMessages,
  Answered = AnsweredInputRequest,
  drafts,
  ...cardProps
}: InputRequestPartProps) {
  // Typed as a part, but an app may pass any part of a message (JavaScript, or a cast).
  const given: unknown = part;
  // Only what this component reads: a part's request is data and may be anything (the card
  // shows what it cannot answer as such), so isInputRequestPart's stricter check is not needed.
  const givenData: unknown = isPlainObject(given) ? given.data : undefined;
  if (
    !isPlainObject(givenData) ||
    typeof givenData.requestId !== 'string' ||
    typeof givenData.chatId !== 'string' ||
    typeof givenData.status !== 'string'
  ) {
    throw misuseError(
      '<InputRequestPart part>',
      'a "data-input-request" part (render it only where isInputRequestPart(part) is true)',
      `it is ${isPlainObject(given) && typeof given.type === 'string' ? `a part of type ${quote(given.type, 40)}, or one whose data is not an input request's` : describeValue(given)}`,
    );
  }
  const { data } = part;
  const pending = data.status === 'pending';
  const messages = useMemo(() => ({ ...englishAnsweredMessages, ...answeredMessages }), [answeredMessages]);
  // One round per request id: a status update of the part (a new `data` object) must not make a
  // new round, which would reset the card.
  const parsed = useRef<{ requestId: string; suspension: Suspension } | null>(null);
  if (parsed.current?.requestId !== data.requestId) {
    parsed.current = { requestId: data.requestId, suspension: suspensionOfPart(data) };
  }
  const suspension = parsed.current.suspension;

  // This person's answer came after the request closed (the route refused it): their card, closed
  // with what they typed and "Your answer was not used", stays in place of the summary, which only
  // knows that no answer came in time. The summary is back after a reload. By request id: a part
  // of another request in this component starts afresh.
  const [refusedRequestId, setRefusedRequestId] = useState<string>();
  const answerRefused = refusedRequestId === data.requestId;
  // A try of this request failed without the route's word (the connection dropped, the card's
  // timeout): it may have arrived, so a later "closed" may be about that very answer.
  const uncertainRequestId = useRef<string | undefined>(undefined);
  // This person's tries of this request were all refused outright (the route's word): an
  // "answered" part, even one that came while the last was on its way, is someone else's answer.
  const [failedRequestId, setFailedRequestId] = useState<string>();

  const latest = useRef({ api, headers, fetch, messages });
  latest.current = { api, headers, fetch, messages };
  const resume = useMemo<ResumeFunction>(
    () =>
      async (responses, { signal }) => {
        const key = suspension.requests[0]?.key;
        const response = key === undefined ? undefined : responses[key];
        if (!isElicitResult(response)) {
          throw new Error(`input-request-cards: no answer for request "${key ?? '?'}" to post.`);
        }
        const options: PostAnswerOptions & { signal: AbortSignal } = {
          signal,
          messages: latest.current.messages,
          ...(latest.current.api === undefined ? {} : { api: latest.current.api }),
          ...(latest.current.headers === undefined ? {} : { headers: latest.current.headers }),
          ...(latest.current.fetch === undefined ? {} : { fetch: latest.current.fetch }),
        };
        try {
          await postInputRequestAnswer({ chatId: data.chatId, requestId: data.requestId, response }, options);
          setFailedRequestId(undefined);
        } catch (error) {
          if (!(error instanceof AnswerNotDeliveredError) || signal.aborted) {
            uncertainRequestId.current = data.requestId;
            setFailedRequestId(undefined);
            throw error;
          }
          // Unless an earlier try may have arrived: then an "answered" part may be about it.
          if (uncertainRequestId.current !== data.requestId) setFailedRequestId(data.requestId);
          // After a try that may have arrived, "closed" may mean closed by that answer: a plain
          // failure, and the stream's next word (answered, or how it ended) is the one to show.
          const closed = uncertainRequestId.current === data.requestId ? undefined : closedRefusal(error);
          if (closed) setRefusedRequestId(data.requestId);
          throw closed ?? error;
        }
      },
    [suspension, data.chatId, data.requestId],
  );

  // When the summary replaces a card the person was using, focus would fall to <body>: keep it here.
  const summaryRef = useRef<HTMLElement>(null);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (pending) {
      wasPending.current = true;
      return;
    }
    if (!wasPending.current) return;
    wasPending.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) summaryRef.current?.focus();
  }, [pending]);

  // Typed into here, known at the first keystroke from the card's session: its draft reaches the
  // storage only after a pause in typing (a close can come within it), or never (drafts={false}).
  // Not what another tab's live copy typed, which this tab only mirrors.
  // Kept for the page too: a part mounted again (a message given its server id) still knows.
  const [typedRequestId, setTypedRequestId] = useState<string>();
  const requestId = data.requestId;
  useEffect(() => {
    if (!pending) return;
    return subscribeDraftWrites((session, _requestKey, mirrored) => {
      if (mirrored || session.getSnapshot().round?.id !== suspension.id) return;
      typedRequests.add(requestId);
      setTypedRequestId(requestId);
    });
  }, [pending, suspension, requestId]);
  const typedHere = typedRequestId === requestId || typedRequests.has(requestId);

  const draftStore = drafts === false ? undefined : (drafts ?? partDrafts);
  // A request that closed while this person typed into it keeps its card, read-only and copyable
  // with what they typed, as a card does: one that ran out of time stays expired (with its draft,
  // for a reload to show it again), one answered elsewhere (another tab) says so. Whose answer it
  // was is the card's session's to say: one it is sending, sent, or may have sent is this
  // person's own, and the summary shows it.
  const timedOutWithTyping = useMemo(
    () =>
      data.status === 'timed-out' &&
      (typedHere || (draftStore !== undefined && holdsDraft(draftStore, suspension))),
    [data.status, typedHere, draftStore, suspension],
  );
  const roundState = !pending && typedHere ? sessionOfRound(suspension.id)?.getSnapshot() : undefined;
  const answeredElsewhereWhileTyping =
    data.status === 'answered' &&
    (failedRequestId === requestId ||
      (roundState !== undefined &&
        (roundState.state === 'answered-elsewhere' ||
          (roundState.state === 'input-required' && roundState.sendUncertain !== true))));
  // The part's word reaches the card's session (the status arrives as a prop, so handing it on is
  // an effect): the session closes the round, as answered elsewhere, or expired at once, whatever
  // this page's clock says of `expiresAt`.
  const closedAs = answeredElsewhereWhileTyping ? 'answered' : timedOutWithTyping ? 'timed-out' : undefined;
  useEffect(() => {
    const session = closedAs ? sessionOfRound(suspension.id) : undefined;
    if (session?.getSnapshot().state !== 'input-required') return;
    session.receive(
      closedAs === 'answered'
        ? { status: 'working' }
        : { status: 'input-required', suspension, deadline: Date.now() },
    );
  }, [closedAs, suspension]);

  // A request that closed (answered, here or in another tab, timed out, stopped with the chat)
  // leaves nothing typed in the tab's storage: the session that would drop its drafts never saw
  // it close (the part did). The storage is outside React, so this is an effect.
  useEffect(() => {
    if (pending || timedOutWithTyping) return;
    draftStore?.removeRound(requestId);
    // Nothing more can be typed into it: a part mounted again later shows how it ended.
    if (!answeredElsewhereWhileTyping) typedRequests.delete(requestId);
  }, [pending, timedOutWithTyping, answeredElsewhereWhileTyping, draftStore, requestId]);

  if (pending || answerRefused || timedOutWithTyping || answeredElsewhereWhileTyping) {
    // The bridge answers the server itself at `expiresAt` (timed-out): the card counts down to it.
    const deadline = cardProps.deadline ?? data.expiresAt;
    return (
      <InputRequestCard
        {...cardProps}
        {...(draftStore ? { drafts: draftStore } : {})}
        deadline={deadline}
        suspension={suspension}
        resume={resume}
      />
    );
  }
  return (
    <Answered
      data={data}
      messages={messages}
      rootRef={summaryRef}
      {...(cardProps.headingLevel === undefined ? {} : { headingLevel: cardProps.headingLevel })}
      {...(cardProps.className === undefined ? {} : { className: cardProps.className })}
    />
  );
}

/** Requests typed into on this page (not only mirrored from another tab's copy), by request id. */
const typedRequests = new Set<string>();

/** The session of a round a card shows in this page, if one does. */
function sessionOfRound(roundId: string): InputRequestSession | undefined {
  for (const session of watchedSessions()) if (session.getSnapshot().round?.id === roundId) return session;
  return undefined;
}

/** True when the store holds something typed into one of the round's forms. */
function holdsDraft(store: DraftStore, suspension: Suspension): boolean {
  return suspension.requests.some((request) => {
    const draft = request.kind === 'form' ? store.load(draftKey(suspension.id, request.key)) : undefined;
    return draft !== undefined && Object.keys(draft).length > 0;
  });
}

/**
 * The route's refusals that say the question closed for good, as the card's stale round: someone
 * else's answer came first (`already-answered`, 409), the server stopped waiting (`not-waiting`,
 * 410), or no such question waits any more (`unknown-request`, 404: answered, timed out, or lost
 * with the instance that asked, as a dev server's reload loses it). The card then closes the
 * round, keeping what was typed, instead of offering a Try again that cannot succeed. Other
 * refusals stay send failures.
 */
function closedRefusal(error: unknown): StaleRoundError | undefined {
  if (!(error instanceof AnswerNotDeliveredError)) return undefined;
  if (error.code === 'already-answered') {
    return new StaleRoundError(error.message, error.status, { closedAs: 'answered-elsewhere' });
  }
  if (error.code === 'not-waiting' || error.code === 'unknown-request') {
    return new StaleRoundError(error.message, error.status);
  }
  return undefined;
}
