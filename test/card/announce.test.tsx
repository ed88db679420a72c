import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInputRequestSession, createStorageLedger, staticSource } from '../../src/core/index.ts';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
import { advance, useFakeTime, useRealTime } from '../support/fake-time.ts';

// A question that opens on a card is said in the page's one polite live region: focus stays
// where the person is (the chat composer), and a card's own status region, inserted with its
// words already in it, is not read.

let rounds = 0;
/** A one-question round with an id of its own (the page remembers which rounds it announced). */
function question(serverName?: string) {
  rounds += 1;
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        name: {
          method: 'elicitation/create',
          params: {
            message: 'Your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
      },
    },
    { id: `announce-${rounds}`, ...(serverName === undefined ? {} : { serverName }) },
  );
}

const region = () => document.querySelector('[data-input-request-announcer]');
const resume = async () => undefined;

beforeEach(() => useFakeTime());
afterEach(() => useRealTime());

describe('announcing a question that opens', () => {
  it('says who asks, a moment after the card appears, outside the card and without a role', async () => {
    render(<InputRequestCard suspension={question('Calendar')} resume={resume} />);
    await advance(150);
    const live = region();
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).not.toHaveAttribute('role');
    expect(live?.closest('article')).toBeNull();
    // The name is isolated inside the sentence.
    expect(live).toHaveTextContent('New question from \u2068Calendar\u2069.');
    // The card's own status region does not say it again.
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says it once per round: not again when the card mounts again, nor for a second copy', async () => {
    const round = question('Calendar');
    const first = render(<InputRequestCard suspension={round} resume={resume} />);
    await advance(150);
    expect(region()).toHaveTextContent('New question from');
    first.unmount();
    (region() as HTMLElement).textContent = '';
    render(
      <>
        <InputRequestCard suspension={round} resume={resume} />
        <InputRequestCard suspension={round} resume={resume} />
      </>,
    );
    await advance(150);
    expect(region()).toHaveTextContent('');
  });

  it('says rounds that open together at once, counted', async () => {
    render(
      <>
        <InputRequestCard suspension={question('Calendar')} resume={resume} />
        <InputRequestCard suspension={question()} resume={resume} />
      </>,
    );
    await advance(150);
    expect(region()).toHaveTextContent('2 new questions need your answer.');
  });

  it('says the same words again for the next round, emptied in between', async () => {
    render(<InputRequestCard suspension={question()} resume={resume} />);
    await advance(150);
    expect(region()).toHaveTextContent('A new question needs your answer.');
    render(<InputRequestCard suspension={question()} resume={resume} />);
    await advance(0);
    expect(region()).toHaveTextContent('');
    await advance(150);
    expect(region()).toHaveTextContent('A new question needs your answer.');
  });

  it('says nothing for a card that goes before its question was said', async () => {
    const { unmount } = render(<InputRequestCard suspension={question('Calendar')} resume={resume} />);
    await advance(100);
    unmount();
    await advance(150);
    expect(region()?.textContent ?? '').toBe('');
  });

  it('says nothing with announce={false}', async () => {
    (region() as HTMLElement | null)?.replaceChildren();
    render(<InputRequestCard suspension={question('Calendar')} resume={resume} announce={false} />);
    await advance(150);
    expect(region()?.textContent ?? '').toBe('');
  });

  it('says nothing for a round this page already answered (a reload shows its receipt)', async () => {
    (region() as HTMLElement | null)?.replaceChildren();
    window.sessionStorage.clear();
    const round = question('Calendar');
    // The page before the reload answered it.
    const before = createInputRequestSession({
      source: staticSource(round, resume),
      ledger: createStorageLedger(window.sessionStorage),
    });
    const stop = before.subscribe(() => {});
    await before.answer('name', { action: 'accept', content: { name: 'Ada' } });
    stop();
    render(
      <InputRequestCard
        suspension={round}
        resume={resume}
        ledger={createStorageLedger(window.sessionStorage)}
      />,
    );
    await advance(150);
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(region()?.textContent ?? '').toBe('');
    window.sessionStorage.clear();
  });
});
