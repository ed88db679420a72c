import { render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InputRequestCard, type InputResponses, staticSource, useInputRequest } from '../../src/index.ts';
import { cityRound } from '../fixtures/suspensions.ts';

// Headless answers are checked before they leave, by the hook that gives them: a task's session
// is shared by every card and hook that shows it, and none of them decides for the others.

/** A round asking for a city of at least 3 characters; `required` as in the test. */
const round = (index: number, required = true) =>
  cityRound(100 + index, { city: { minLength: 3 }, required });

const lenient = () => ({ valid: true, errors: [] });

describe('useInputRequest checks what it is given', () => {
  it('with validateAnswer, also when a card of the same round mounted first', async () => {
    const shown = round(1);
    const sent: unknown[] = [];
    const resume = async (responses: InputResponses) => void sent.push(responses);
    render(<InputRequestCard suspension={shown} resume={resume} />);
    const { result } = renderHook(() => useInputRequest(staticSource(shown, resume)));
    await expect(result.current.submit({ city: 5 } as never)).rejects.toThrow(
      /does not fit its requestedSchema/,
    );
    expect(sent).toEqual([]);
  });

  it('with its own checker, also when another hook of the task mounted first with the default', async () => {
    const shown = round(2);
    const sent: unknown[] = [];
    const resume = async (responses: InputResponses) => void sent.push(responses);
    renderHook(() => useInputRequest(staticSource(shown, resume)));
    const { result } = renderHook(() => useInputRequest(staticSource(shown, resume), { checker: lenient }));
    await result.current.submit({ city: 'NY' });
    expect(sent).toEqual([{ details: { action: 'accept', content: { city: 'NY' } } }]);
  });

  it('takes an accept that leaves its content out as an empty form (MCP makes content optional)', async () => {
    const sent: unknown[] = [];
    const { result } = renderHook(() =>
      useInputRequest(staticSource(round(3, false), async (responses) => void sent.push(responses))),
    );
    await result.current.respond({ details: { action: 'accept' } });
    expect(sent).toEqual([{ details: { action: 'accept' } }]);
  });

  it('rejects, never throws, when its checker throws', async () => {
    const { result } = renderHook(() =>
      useInputRequest(
        staticSource(round(4), async () => undefined),
        {
          checker: () => {
            throw new Error('schema compiler broke');
          },
        },
      ),
    );
    let sent: Promise<void> | undefined;
    expect(() => {
      sent = result.current.submit({ city: 'Lisbon' });
    }).not.toThrow();
    await expect(sent).rejects.toThrow('input-request-cards: the answer to "details" could not be checked');
  });
});
