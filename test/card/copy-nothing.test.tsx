import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// Copy answers says what it copied: a form whose server wrote an empty message, with nothing
// typed, has nothing to copy, and the status must not say a question was copied.

const MINUTE = 60_000;
const START = Date.parse('2026-12-01T09:00:00Z');

beforeEach(() => {
  useFakeTime(START);
});
afterEach(() => {
  useRealTime();
});

describe('Copy answers of an expired form with nothing to copy', () => {
  it('does not say "Question copied." when the clipboard got nothing', async () => {
    const user = fakeTimeUser();
    render(
      <InputRequestCard
        suspension={parseSuspension(
          {
            message: '',
            requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } },
          },
          { serverName: 'Travel' },
        )}
        resume={async () => undefined}
        deadline={START + MINUTE}
      />,
    );
    await advance(MINUTE);
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy answers' }));
    await advance();
    const copied = write.mock.calls[0]?.[0];
    const status = document.querySelector('[data-part="copy-status"]')?.textContent;
    expect({ copied, status }).toEqual({ copied: undefined, status: 'There is nothing to copy.' });
  });
});
