import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { InputRequestCard, type InputRequestSource } from '../../src/index.ts';
import { approveRound, createTestSource, followUpRound } from '../../src/testing/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// `answeredKey` names the answer that closed the task's LAST round (src/core/source.ts),
// not necessarily the round on this card. A card that was offline while the task went past more
// than one round must not read another's key as "your answer was not used".

function Harness({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
}

afterEach(() => useRealTime());

describe('a send in doubt, then the task asks again and someone else answers that later round', () => {
  it('does not say this answer was not used: it closed the first round', async () => {
    useFakeTime();
    const made = createTestSource({
      serverName: 'Mailer',
      rounds: [approveRound, followUpRound],
      // The task takes this person's answer; the connection drops before they hear it.
      lostResponses: 1,
    });
    let offline = false;
    const source: InputRequestSource = {
      ...made.source,
      fetchState: async (signal) => {
        if (offline) throw new TypeError('Failed to fetch');
        return made.source.fetchState(signal);
      },
      resume: async (responses, context) => {
        try {
          return await made.source.resume(responses, context);
        } catch (error) {
          // The connection that dropped stays down a while.
          offline = true;
          throw error;
        }
      },
    };
    render(
      <Harness>
        <InputRequestCard source={source} poll={{ baseMs: 1_000, maxMs: 1_000 }} />
      </Harness>,
    );
    await advance();
    const user = fakeTimeUser();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await advance();
    // The first round took this person's answer.
    expect(made.task.received[0]).toMatchObject({ outcome: 'accepted' });
    const ourKey = made.task.received[0]?.idempotencyKey;

    // Meanwhile the task asks its follow-up, and another tab answers that one under its own key.
    const followUp = made.task.snapshot();
    expect(followUp.status).toBe('input_required');
    made.task.resume(
      { schedule: { action: 'accept', content: { when: '2026-12-02' } } },
      followUp.suspendedAt as string,
      'key-of-another-tab',
    );
    expect(made.task.snapshot()).toMatchObject({ status: 'completed', answeredKey: 'key-of-another-tab' });
    expect(ourKey).not.toBe('key-of-another-tab');

    // Back online.
    offline = false;
    await advance(30_000);
    const card = screen.getByRole('article');
    expect(card.getAttribute('data-state')).not.toBe('input-required');
    // "Answered elsewhere first. Your answer was not used." would be false: it closed round one.
    expect(card).not.toHaveAttribute('data-outcome', 'answered-elsewhere-first');
    // What it does say: this answer may be the one that closed the round.
    expect(card).toHaveAttribute('data-outcome', 'closed-unconfirmed');
    expect(card).not.toHaveTextContent(/not used/);
  });
});
