import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';

// A chat mounts and unmounts cards all the time (virtualised lists, conversation switches). An
// unmounted card must leave nothing that keeps its round in memory: a pending timer's closure
// holds whatever it references until it fires.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function round(index: number) {
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        details: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: `Question ${index}`,
            requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } },
          },
        },
      },
      requestState: `state-${index}`,
    },
    { serverName: 'Example' },
  );
}

describe('an unmounted card', () => {
  it('leaves no timer behind, so nothing holds its round after it is gone', async () => {
    for (let index = 0; index < 3; index++) {
      const { unmount } = render(<InputRequestCard suspension={round(index)} resume={async () => {}} />);
      unmount();
    }
    await act(async () => {}); // the registry lets a session go a microtask after its last subscriber
    expect(vi.getTimerCount()).toBe(0);
  });
});
