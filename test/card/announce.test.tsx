import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInputRequestSession, createStorageLedger, staticSource } from '../../src/core/index.ts';
import { germanMessages } from '../../src/i18n/de.ts';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
import { createTestSource } from '../../src/testing/index.ts';
import { deferred } from '../fixtures/deferred.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// A question that opens on a card is said in the page's one polite live region: focus stays
// where the person is (the chat composer), and a card's own status region, inserted with its
// words already in it, is not read.

let rounds = 0;
/** A one-question round with an id of its own (the page remembers which rounds it announced). */
function question(serverName?: string, keys: string[] = ['name']) {
  rounds += 1;
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: Object.fromEntries(
        keys.map((key) => [
          key,
          {
            method: 'elicitation/create',
            params: {
              message: `Your ${key}?`,
              requestedSchema: { type: 'object', properties: { [key]: { type: 'string' } } },
            },
          },
        ]),
      ),
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

  it('counts questions, not rounds, and names the server that asks them all', async () => {
    render(
      <>
        <InputRequestCard suspension={question('Calendar', ['date', 'time'])} resume={resume} />
        <InputRequestCard suspension={question('Calendar')} resume={resume} />
      </>,
    );
    await advance(150);
    expect(region()).toHaveTextContent('3 new questions from \u2068Calendar\u2069.');
  });

  it('counts only the questions for the person, not the requests the app answers by itself', async () => {
    (region() as HTMLElement | null)?.replaceChildren();
    rounds += 1;
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          name: {
            method: 'elicitation/create',
            params: { message: 'Your name?', requestedSchema: { type: 'object', properties: {} } },
          },
          summary: {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 },
          },
          roots: { method: 'roots/list' },
        },
      },
      { id: `announce-${rounds}`, serverName: 'Calendar' },
    );
    render(
      <InputRequestCard
        suspension={round}
        resume={resume}
        answerers={{
          'sampling/createMessage': () => new Promise<never>(() => {}),
          'roots/list': async () => ({ roots: [] }),
        }}
      />,
    );
    await advance(150);
    // Three requests, one for the person.
    expect(region()).toHaveTextContent(/^New question from \u2068Calendar\u2069\.$/);
  });

  it('says a round the app answers by itself only once its answerer fails and the person must say no', async () => {
    (region() as HTMLElement | null)?.replaceChildren();
    rounds += 1;
    const model = deferred<never>();
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          summary: {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 },
          },
        },
      },
      { id: `announce-${rounds}`, serverName: 'Calendar' },
    );
    render(
      <InputRequestCard
        suspension={round}
        resume={resume}
        answerers={{ 'sampling/createMessage': () => model.promise }}
      />,
    );
    await advance(3000);
    expect(screen.getByText('Answering in this app…')).toBeInTheDocument();
    expect(region()?.textContent ?? '').toBe('');
    model.reject(new Error('model offline'));
    await advance(150);
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(region()).toHaveTextContent('New question from \u2068Calendar\u2069.');
  });

  it('is read in the language of the card that words it', async () => {
    render(<InputRequestCard suspension={question('Kalender')} resume={resume} messages={germanMessages} />);
    await advance(150);
    expect(region()).toHaveTextContent('Neue Frage von \u2068Kalender\u2069.');
    expect(region()).toHaveAttribute('lang', 'de');
    expect(region()).toHaveAttribute('dir', 'ltr');
  });

  it('stops saying a question once it is answered, or its card is gone', async () => {
    const user = fakeTimeUser();
    render(<InputRequestCard suspension={question('Calendar')} resume={resume} />);
    await advance(150);
    expect(region()).toHaveTextContent('New question from');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(0);
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(region()?.textContent).toBe('');

    const { unmount } = render(<InputRequestCard suspension={question('Mail')} resume={resume} />);
    await advance(150);
    expect(region()).toHaveTextContent('New question from');
    unmount();
    expect(region()?.textContent).toBe('');
  });

  it('speaks in the document the card is in (an iframe has its own region)', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentDocument as Document;
    const container = inner.body.appendChild(inner.createElement('div'));
    render(<InputRequestCard suspension={question('Calendar')} resume={resume} />, { container });
    await advance(150);
    expect(inner.querySelector('[data-input-request-announcer]')).toHaveTextContent('New question from');
    expect(region()).toBeNull();
    frame.remove();
  });

  /** One text question of the guest list, as the MCP server asks it. */
  const guestQuestion = (message: string, name: string, title: string) => ({
    method: 'elicitation/create',
    params: {
      message,
      requestedSchema: { type: 'object', properties: { [name]: { type: 'string', title } } },
    },
  });

  /** Follows a task that asks `first`, then `second`; answers "Ada" to the first; the next round shows. */
  async function answerAndGetNext(second: Record<string, ReturnType<typeof guestQuestion>>) {
    const user = fakeTimeUser();
    const { source } = createTestSource({
      serverName: 'Guests',
      rounds: [
        { inputRequests: { guest: guestQuestion('Who is coming?', 'name', 'Name') } },
        { inputRequests: second },
      ],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      render(
        <QueryClientProvider client={client}>
          <InputRequestCard source={source} poll={{ baseMs: 1_000, maxMs: 1_000 }} drafts={false} />
        </QueryClientProvider>,
      );
    });
    await advance(150);
    expect(region()).toHaveTextContent('New question from \u2068Guests\u2069.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(1_000);
    await advance(150);
  }

  it('says a re-ask as one, pointing to its reason above the form', async () => {
    await answerAndGetNext({ guest: guestQuestion('That name is taken. Use another.', 'name', 'Name') });
    expect(screen.getByRole('form', { name: /That name is taken/ })).toBeInTheDocument();
    expect(region()).toHaveTextContent('\u2068Guests\u2069 asks again. Its reason is above the form.');
  });

  it('says a re-ask that also asks something new as new questions, counted', async () => {
    await answerAndGetNext({
      guest: guestQuestion('That name is taken. Use another.', 'name', 'Name'),
      diet: guestQuestion('Any dietary needs?', 'diet', 'Diet'),
    });
    expect(screen.getByRole('textbox', { name: 'Diet' })).toBeInTheDocument();
    // The person has never seen the diet question: it is said as new, not as "asks again".
    expect(region()).toHaveTextContent('2 new questions from \u2068Guests\u2069.');
  });

  it('says that a round opens in its last minute, whose own notice appears with its words already in it', async () => {
    (region() as HTMLElement | null)?.replaceChildren();
    render(
      <InputRequestCard suspension={question('Calendar')} resume={resume} deadline={Date.now() + 40_000} />,
    );
    await advance(150);
    expect(region()).toHaveTextContent(
      'New question from \u2068Calendar\u2069. Less than a minute left to answer.',
    );
  });

  it('says nothing of the time left of a round that has more than a minute', async () => {
    (region() as HTMLElement | null)?.replaceChildren();
    render(
      <InputRequestCard
        suspension={question('Calendar')}
        resume={resume}
        deadline={Date.now() + 5 * 60_000}
      />,
    );
    await advance(150);
    expect(region()?.textContent).toBe('New question from \u2068Calendar\u2069.');
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
