import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  type InputResponses,
  parseSuspension,
  staticSource,
  type UrlRequest,
  useInputRequest,
  useLinkRequest,
} from '../../src/index.ts';

// useLinkRequest with a session and no onAnswer answers through the session, as the card does.

const linkRound = () =>
  parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        login: {
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: 'Connect your calendar.',
            url: 'https://accounts.example.com/connect',
          },
        },
      },
    },
    { serverName: 'Calendar', id: 'link-hook-round' },
  );

let open: MockInstance<typeof window.open>;
beforeEach(() => {
  open = vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => {
  open.mockRestore();
});

describe('useLinkRequest: answering', () => {
  it('answers through the session when no onAnswer is given', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const source = staticSource(linkRound(), resume);
    const { result } = renderHook(() => {
      const { session, suspension, state } = useInputRequest(source);
      const request = suspension?.requests[0] as UrlRequest;
      return { state, link: useLinkRequest({ request, session }) };
    });
    act(() => result.current.link.open());
    expect(open).toHaveBeenCalledTimes(1);
    expect(result.current.link.waiting).toBe(true);
    act(() => result.current.link.done());
    await waitFor(() => expect(result.current.state).toBe('answered'));
    expect(resume).toHaveBeenCalledTimes(1);
    expect(resume.mock.calls[0]?.[0]).toEqual({ login: { action: 'accept' } });
  });

  it('gives the answer to onAnswer when it is given, and nothing to the session', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const onAnswer = vi.fn();
    const source = staticSource(linkRound(), resume);
    const { result } = renderHook(() => {
      const { session, suspension } = useInputRequest(source);
      return useLinkRequest({ request: suspension?.requests[0] as UrlRequest, session, onAnswer });
    });
    act(() => result.current.decline());
    expect(onAnswer).toHaveBeenCalledWith({ action: 'decline' });
    await Promise.resolve();
    expect(resume).not.toHaveBeenCalled();
  });

  it('answers nothing while held (Retry-After), and again once the wait is over', () => {
    const onAnswer = vi.fn();
    const request = linkRound().requests[0] as UrlRequest;
    const { result, rerender } = renderHook(({ held }) => useLinkRequest({ request, onAnswer, held }), {
      initialProps: { held: true },
    });
    act(() => result.current.open());
    expect(open).toHaveBeenCalledTimes(1);
    act(() => {
      result.current.done();
      result.current.decline();
      result.current.cancel();
    });
    expect(onAnswer).not.toHaveBeenCalled();
    rerender({ held: false });
    act(() => result.current.done());
    expect(onAnswer).toHaveBeenCalledWith({ action: 'accept' });
  });

  it('refuses to run with nowhere to send the answer', () => {
    const request = linkRound().requests[0] as UrlRequest;
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => renderHook(() => useLinkRequest({ request }))).toThrow(
        /^input-request-cards: useLinkRequest needs `session` \(from useInputRequest\) or `onAnswer` to answer\.$/,
      );
    } finally {
      console.error = original;
    }
  });
});
