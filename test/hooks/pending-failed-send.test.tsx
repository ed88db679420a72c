import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  InputRequestCard,
  type PendingInputRequest,
  parseSuspension,
  usePendingInputRequests,
} from '../../src/index.ts';
import { advance, useFakeTime, useRealTime } from '../support/fake-time.ts';

// A round the app answered by itself whose send the server refused (HTTP 500) waits
// for the person's Try again: it is listed (a badge, onOpen) though it asks them nothing else,
// while the card (perhaps scrolled away) waits for them.

beforeEach(() => useFakeTime());
afterEach(() => useRealTime());

it('lists a sampling round whose send failed and waits for the person to try again', async () => {
  const opened = vi.fn<(request: PendingInputRequest) => void>();
  const { result } = renderHook(() => usePendingInputRequests({ onOpen: opened }));
  const round = parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        summary: {
          method: 'sampling/createMessage',
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }],
            maxTokens: 50,
          },
        },
      },
    },
    { id: 'sampling-send-fails', serverName: 'Deployer' },
  );
  render(
    <InputRequestCard
      suspension={round}
      resume={async () => {
        throw Object.assign(new Error('HTTP 500'), { status: 500 });
      }}
      answerers={{
        'sampling/createMessage': async () => ({
          role: 'assistant',
          content: { type: 'text', text: 'A summary.' },
          model: 'test',
        }),
      }}
    />,
  );
  await advance(3000);
  // The app's answer did not go through: only the person can send it again.
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(result.current.map((request) => request.roundId)).toStrictEqual(['sampling-send-fails']);
  expect(opened).toHaveBeenCalledOnce();
});
