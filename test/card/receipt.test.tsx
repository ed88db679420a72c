import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { receiptValueOf } from '../../src/core/receipt.ts';
import {
  createStorageLedger,
  type FieldSpec,
  germanMessages,
  InputRequestCard,
  type InputRequestSource,
  type InputRequestState,
  type InputResponses,
  parseSuspension,
} from '../../src/index.ts';
import { createTestSource } from '../../src/testing/index.ts';
import { deferred } from '../fixtures/deferred.ts';
import { mixedRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';
import { storedTexts } from '../support/storage.ts';

// The closed card: what a person reads, scrolling a chat later, about what they answered and how
// it ended — for every outcome.

const order = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      order: {
        method: 'elicitation/create',
        params: {
          message: 'Confirm the order',
          requestedSchema: {
            type: 'object',
            properties: {
              size: {
                type: 'string',
                title: 'Size',
                oneOf: [
                  { const: 'sm', title: 'Small' },
                  { const: 'lg', title: 'Large' },
                ],
              },
              extras: {
                type: 'array',
                title: 'Extras',
                items: {
                  anyOf: [
                    { const: 'ice', title: 'Ice' },
                    { const: 'lemon', title: 'Lemon' },
                  ],
                },
              },
              gift: { type: 'boolean', title: 'Gift wrap' },
              note: { type: 'string', title: 'Note' },
              pin: { type: 'string', title: 'Card PIN' },
            },
            required: ['size'],
          },
        },
      },
    },
  },
  { serverName: 'Shop', toolName: 'place_order', id: 'order-round' },
);

const card = () => screen.getByRole('article');
/** The receipt's first line, which says how the round ended. */
const OUTCOME = '[data-part="outcome"]';

describe('a closed card says what was answered and how it ended', () => {
  it('accepted: option titles, not values; a secret hidden; a field left out stays out', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={order} resume={async () => undefined} />);
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('checkbox', { name: 'Lemon' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gift wrap' }));
    await user.type(screen.getByLabelText('Card PIN', { selector: 'input' }), '4321');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const outcome = await screen.findByText('You answered.');
    expect(card()).toHaveAttribute('data-outcome', 'accepted');
    // The person's question, then each answer, behind a disclosure they can open again.
    const receipt = outcome.closest('[data-part="receipt"]') as HTMLElement;
    await user.click(within(receipt).getByText('What you answered'));
    const answers = within(receipt)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(answers).toEqual([
      ['Size', 'Large'],
      ['Extras', 'Lemon'],
      ['Gift wrap', 'Yes'],
      ['Card PIN', 'Hidden'],
    ]);
    expect(receipt).toHaveTextContent('Confirm the order');
    expect(receipt).not.toHaveTextContent('4321');
    expect(receipt).not.toHaveTextContent('lg');
    // The form itself is gone: nothing left to press twice.
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it("says a later round's closing where focus is then, not as the round before it was said", async () => {
    const user = userEvent.setup();
    const sent = deferred<undefined>();
    const view = render(
      <>
        <InputRequestCard suspension={order} resume={() => sent.promise} ledger={false} />
        <button type="button">Composer</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    // The person went on in the composer: the card's status region says how the round closed.
    screen.getByRole('button', { name: 'Composer' }).focus();
    await act(async () => sent.resolve(undefined));
    await waitFor(() =>
      expect(card().querySelector('[data-part="status"]')).toHaveTextContent('You declined.'),
    );
    // The same card, the task's next round: answered with focus in the card, its receipt line says
    // it, and the region adds nothing.
    view.rerender(
      <>
        <InputRequestCard
          suspension={{ ...order, id: 'order-round-next' }}
          resume={async () => undefined}
          ledger={false}
        />
        <button type="button">Composer</button>
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.getByText('You declined.', { selector: OUTCOME })).toHaveFocus());
    expect(card().querySelector('[data-part="status"]')).toBeEmptyDOMElement();
  });

  it('declined and cancelled each say so', async () => {
    const user = userEvent.setup();
    const first = render(
      <InputRequestCard suspension={order} resume={async () => undefined} ledger={false} />,
    );
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined.', { selector: OUTCOME })).toBeInTheDocument();
    // Said as focus lands on the receipt's first line (a decline is no "Answer sent."), and not
    // again by the card's status region.
    await waitFor(() => expect(screen.getByText('You declined.', { selector: OUTCOME })).toHaveFocus());
    expect(card().querySelector('[data-part="status"]')).toBeEmptyDOMElement();
    expect(card()).toHaveAttribute('data-outcome', 'declined');
    first.unmount();
    await Promise.resolve();

    render(
      <InputRequestCard
        suspension={{ ...order, id: 'order-round-2' }}
        resume={async () => undefined}
        ledger={false}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('You cancelled.', { selector: OUTCOME })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('You cancelled.', { selector: OUTCOME })).toHaveFocus());
    expect(card().querySelector('[data-part="status"]')).toBeEmptyDOMElement();
    expect(card()).toHaveAttribute('data-outcome', 'cancelled');
  });

  it('a mixed round lists each request by what was done', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={mixedRound()} resume={async () => undefined} />);
    const forms = screen.getAllByRole('button', { name: 'Accept' });
    await user.click(forms[0] as HTMLElement);
    for (const decline of screen.getAllByRole('button', { name: 'Decline' })) await user.click(decline);
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-outcome', 'answered');
    const entries = card().querySelectorAll('[data-part="receipt-entry"]');
    expect([...entries].map((entry) => entry.getAttribute('data-action'))).toEqual([
      'accept',
      'decline',
      'decline',
    ]);
    expect(entries[1]).toHaveTextContent('Declined');
  });

  it('the receipt survives a reload: a new card for the sent round shows it, never the form', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const first = render(<InputRequestCard suspension={order} resume={resume} />);
    await user.click(screen.getByRole('radio', { name: 'Small' }));
    await user.type(screen.getByLabelText('Card PIN', { selector: 'input' }), '9999');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByText('You answered.');
    first.unmount();
    await Promise.resolve();
    // The ledger keeps no secret.
    expect(storedTexts(sessionStorage).join('\n')).not.toContain('9999');
    // A round you hold is always on screen: no task entry is kept for it, even once the page is idle.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(Object.keys(sessionStorage).filter((key) => key.includes(':sent-by-task:'))).toEqual([]);

    render(<InputRequestCard suspension={order} resume={resume} />);
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await user.click(screen.getByText('What you answered'));
    expect(screen.getByText('Small')).toBeInTheDocument();
    expect(resume).toHaveBeenCalledOnce();
  });
});

function Harness({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
}

/** A followed card whose round, once it shows, someone else answers. */
async function answeredElsewhere(options: Parameters<typeof createTestSource>[0]) {
  const made = createTestSource(options);
  const view = render(
    <Harness>
      <InputRequestCard source={made.source} poll={{ baseMs: 20, maxMs: 20 }} />
    </Harness>,
  );
  await screen.findByRole('button', { name: 'Accept' });
  made.task.answerElsewhere();
  return { ...made, view };
}

describe('a followed task: outcomes the server decides, and the result', () => {
  it('answered elsewhere and expired each say that nothing was sent', async () => {
    const { view } = await answeredElsewhere({ serverName: 'Mailer' });
    expect(await screen.findByText('Answered elsewhere. Nothing was sent from here.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-outcome', 'answered-elsewhere');
    view.unmount();

    const expiring = createTestSource({ serverName: 'Mailer', taskId: 'task-2' });
    expiring.task.expire();
    render(
      <Harness>
        <InputRequestCard source={expiring.source} />
      </Harness>,
    );
    expect(await screen.findByText('Expired — nothing was sent.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-outcome', 'expired');
  });

  it('still says "answered elsewhere" after the task goes on to complete', async () => {
    const { task } = await answeredElsewhere({ serverName: 'Mailer', completeAfterLastRound: false });
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'answered-elsewhere'));
    task.complete('Sent by someone else.');
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(card()).toHaveAttribute('data-outcome', 'answered-elsewhere');
    expect(screen.getByText('Answered elsewhere. Nothing was sent from here.')).toBeInTheDocument();
    expect(screen.getByText('Sent by someone else.')).toBeInTheDocument();
  });

  it('shows the result of a task that completed while the round was still open here', async () => {
    // Someone else answered and the task finished before this card read it again: no later
    // reading will come (a completed task is not polled), so this one must show the result.
    await answeredElsewhere({ serverName: 'Mailer', result: 'Sent by someone else.' });
    expect(await screen.findByText('Answered elsewhere. Nothing was sent from here.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(screen.getByText('Sent by someone else.')).toBeInTheDocument();
  });

  /**
   * A card on a task whose server takes the answer but whose response never comes back; the next
   * reading names its key, with the task `after` as it went on.
   */
  function lostResponse(queryKey: string, after: InputRequestState) {
    let arrivedKey: string | undefined;
    const source: InputRequestSource = {
      queryKey: ['receipt', queryKey],
      fetchState: async () =>
        arrivedKey === undefined
          ? { status: 'input-required', suspension: order }
          : { ...after, answeredKey: arrivedKey },
      resume: async (_responses, { idempotencyKey }) => {
        // The server took the answer; the response never came back.
        arrivedKey = idempotencyKey;
        throw new TypeError('Failed to fetch');
      },
    };
    render(
      <Harness>
        <InputRequestCard source={source} poll={{ baseMs: 20, maxMs: 20 }} />
      </Harness>,
    );
  }

  it('a decline whose response was lost, and that did arrive, says both to screen readers: declined, and arrived', async () => {
    const user = userEvent.setup();
    lostResponse('lost-decline', { status: 'working' });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'answered'));
    expect(card()).toHaveAttribute('data-outcome', 'declined');
    // The receipt's first line says the decline as focus lands on it; the region adds the news it
    // does not say.
    await waitFor(() => expect(screen.getByText('You declined.', { selector: OUTCOME })).toHaveFocus());
    expect(card().querySelector('[data-part="status"]')).toHaveTextContent(
      /^Your answer reached the server\.$/,
    );
  });

  it('a lost response whose answer did arrive says so, even when the task completed meanwhile', async () => {
    const user = userEvent.setup();
    lostResponse('lost-response', { status: 'completed', result: 'Ordered.' });
    await user.click(await screen.findByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(card()).toHaveAttribute('data-outcome', 'accepted');
    expect(screen.getByText(/Your answer reached the server\./)).toBeInTheDocument();
    expect(screen.queryByText(/Answered elsewhere/)).toBeNull();
  });

  it('after a reload, a task that finished past the answered round still says what was answered', async () => {
    const user = userEvent.setup();
    let answered = false;
    const source: InputRequestSource = {
      queryKey: ['receipt', 'finished-while-away'],
      fetchState: async () =>
        answered
          ? { status: 'completed', result: 'Ordered.' }
          : { status: 'input-required', suspension: order },
      resume: async () => {
        answered = true;
      },
    };
    const first = render(
      <Harness>
        <InputRequestCard source={source} poll={{ baseMs: 20, maxMs: 20 }} />
      </Harness>,
    );
    await user.click(await screen.findByRole('radio', { name: 'Large' }));
    await user.type(screen.getByLabelText('Card PIN', { selector: 'input' }), '9999');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    first.unmount();
    // The page's session of the task winds down once no card shows it; a reload starts anew.
    await new Promise((resolve) => setTimeout(resolve, 50));

    // The page comes back: a new QueryClient, and the server's state no longer has the round.
    render(
      <Harness>
        <InputRequestCard source={source} />
      </Harness>,
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(card()).toHaveAttribute('data-outcome', 'accepted');
    expect(screen.getByRole('heading', { name: 'Shop asked' })).toBeInTheDocument();
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(screen.getByText('Ordered.')).toBeInTheDocument();
    await user.click(screen.getByText('What you answered'));
    expect(screen.getByText('Large')).toBeInTheDocument();
    // The PIN's value was never kept, not even to mask it.
    expect(storedTexts(sessionStorage).join('\n')).not.toContain('9999');
  });

  it('after a reload, an answer whose response was already the task’s result still says what was answered', async () => {
    // An MCP retry, the HTTP adapter's POST: the answer's own response is the finished task, so
    // the card goes from sending straight to completed, with no "answered" reading between.
    const user = userEvent.setup();
    let answered = false;
    const source: InputRequestSource = {
      queryKey: ['receipt', 'finished-by-the-answer'],
      fetchState: async () =>
        answered
          ? { status: 'completed', result: 'Ordered.' }
          : { status: 'input-required', suspension: order },
      resume: async () => {
        answered = true;
        return { status: 'completed', result: 'Ordered.' };
      },
    };
    const first = render(
      <Harness>
        <InputRequestCard source={source} />
      </Harness>,
    );
    await user.click(await screen.findByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    first.unmount();
    // The record of the task's last round is written once the page is idle.
    await new Promise((resolve) => setTimeout(resolve, 50));

    render(
      <Harness>
        <InputRequestCard source={source} />
      </Harness>,
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(screen.getByRole('heading', { name: 'Shop asked' })).toBeInTheDocument();
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    await user.click(screen.getByText('What you answered'));
    expect(screen.getByText('Large')).toBeInTheDocument();
  });

  it('after a reload, a finished task shows only its own answers, never another task’s', async () => {
    const finished = (name: string): InputRequestSource => ({
      queryKey: ['receipt', name],
      fetchState: async () => ({ status: 'completed', result: `${name} is done.` }),
      resume: async () => undefined,
    });
    // This tab answered `order` for one task; another task finished without it.
    createStorageLedger().set({
      roundId: order.id,
      idempotencyKey: 'key-1',
      status: 'sent',
      answers: { order: { action: 'accept', content: { size: 'lg' } } },
      at: Date.now(),
      task: JSON.stringify(['receipt', 'answered-here']),
      round: order,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));

    const other = render(
      <Harness>
        <InputRequestCard source={finished('never-answered-here')} />
      </Harness>,
    );
    expect(await screen.findByText('never-answered-here is done.')).toBeInTheDocument();
    expect(card()).not.toHaveAttribute('data-outcome');
    expect(screen.queryByText('You answered.')).toBeNull();
    other.unmount();

    // The task it belongs to shows it: the record is there to be found.
    render(
      <Harness>
        <InputRequestCard source={finished('answered-here')} />
      </Harness>,
    );
    expect(await screen.findByText('answered-here is done.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-outcome', 'accepted');
  });

  it('after a reload, a kept round of a shape its receipt cannot read is left out, and the card still renders', async () => {
    // Records as another version of this library, or a hand, left them in sessionStorage: the
    // round's select fields have no options (the receipt looks labels up in them), or a field
    // has a kind this version does not know.
    const size = { kind: 'single-select', name: 'size', index: 0, title: 'Size', required: true };
    const fieldsOf: Array<[string, Array<Record<string, unknown>>]> = [
      // The control: the same records with a readable round show its receipt.
      ['readable', [{ ...size, options: [{ value: 'lg', label: 'Large' }] }]],
      ['single', [size]],
      ['multi', [{ kind: 'multi-select', name: 'extras', index: 0, title: 'Extras', required: false }]],
      ['null-options', [{ kind: 'single-select', name: 'size', index: 0, options: null, required: true }]],
      ['unknown-kind', [{ kind: 'slider', name: 'size', index: 0, title: 'Size', required: true }]],
    ];
    for (const [name, fields] of fieldsOf) {
      const queryKey = ['receipt', 'kept-by-another-version', name];
      const task = JSON.stringify(queryKey);
      sessionStorage.setItem(
        `input-request-cards:sent:round-${name}`,
        JSON.stringify({
          roundId: `round-${name}`,
          idempotencyKey: 'key-1',
          status: 'sent',
          answers: { ask: { action: 'accept', content: { size: 'lg', extras: ['ice'] } } },
          at: Date.now(),
          task,
        }),
      );
      sessionStorage.setItem(
        `input-request-cards:sent-by-task:${task}`,
        JSON.stringify({
          roundId: `round-${name}`,
          round: {
            id: `round-${name}`,
            requests: [
              {
                kind: 'form',
                key: 'ask',
                message: 'Confirm the order',
                requestedSchema: { type: 'object', properties: {} },
                fields,
              },
            ],
          },
        }),
      );
      const source: InputRequestSource = {
        queryKey,
        fetchState: async () => ({ status: 'completed', result: `${name} is done.` }),
        resume: async () => undefined,
      };
      const view = render(
        <Harness>
          <InputRequestCard source={source} />
        </Harness>,
      );
      expect(await screen.findByText(`${name} is done.`)).toBeInTheDocument();
      if (name === 'readable') {
        expect(card()).toHaveAttribute('data-outcome', 'accepted');
        await userEvent.setup().click(screen.getByText('What you answered'));
        expect(screen.getByText('Large')).toBeInTheDocument();
      } else {
        // The round is not used at all: the card shows the task's result, as for a round never kept.
        expect(card()).not.toHaveAttribute('data-outcome');
        expect(screen.queryByText('Confirm the order')).toBeNull();
      }
      view.unmount();
    }
  });

  it('shows the result as text, its structure behind a disclosure, and a tool error as a failure', async () => {
    const resultSource = (result: unknown, key: string): InputRequestSource => ({
      queryKey: [key],
      fetchState: async () => ({ status: 'completed', result }),
      resume: async () => undefined,
    });
    const view = render(
      <Harness>
        <InputRequestCard
          source={resultSource(
            {
              content: [{ type: 'text', text: 'Sent to <b>team</b>.' }],
              structuredContent: { recipients: 3 },
            },
            'ok',
          )}
        />
      </Harness>,
    );
    expect(await screen.findByText('Sent to <b>team</b>.')).toBeInTheDocument();
    expect(screen.getByText('Result')).toBeInTheDocument();
    expect(screen.getByText('Result data').closest('details')).toHaveTextContent('"recipients": 3');
    expect(card().querySelector('b')).toBeNull();
    view.unmount();

    render(
      <Harness>
        <InputRequestCard
          source={resultSource(
            { content: [{ type: 'text', text: 'Not sent: the box was not ticked.' }], isError: true },
            'err',
          )}
        />
      </Harness>,
    );
    expect(await screen.findByText('The tool reported an error.')).toBeInTheDocument();
    expect(
      screen.getByText('Not sent: the box was not ticked.').closest('[data-part="result"]'),
    ).toHaveAttribute('data-error');
  });

  it('a task cancelled with no round open says so in a line people see, not only to screen readers', async () => {
    const source: InputRequestSource = {
      queryKey: ['cancelled'],
      fetchState: async () => ({ status: 'cancelled' }),
      resume: async () => undefined,
    };
    render(
      <Harness>
        <InputRequestCard source={source} />
      </Harness>,
    );
    const line = await screen.findByText('The task was stopped.', { selector: 'p' });
    expect(line).toHaveAttribute('data-part', 'task-cancelled');
  });

  it('shows progress while the task works: determinate with a total, the status line as text', async () => {
    const source: InputRequestSource = {
      queryKey: ['progress'],
      fetchState: async () => ({
        status: 'working',
        message: 'Exporting rows',
        progress: { progress: 30, total: 120 },
      }),
      resume: async () => undefined,
    };
    render(
      <Harness>
        <InputRequestCard source={source} />
      </Harness>,
    );
    const bar = await screen.findByRole('progressbar', { name: 'Working… 30 of 120' });
    expect(bar).toHaveAttribute('value', '30');
    expect(bar).toHaveAttribute('max', '120');
    expect(
      screen.getByText('Exporting rows', { selector: '[data-part="task-message"]' }),
    ).toBeInTheDocument();
  });
});

describe('a receipt of a select field without its options', () => {
  // A round built by hand, or kept by another version, may lack the options list the receipt
  // looks labels up in: its values are worded as they are, never a throw while the card renders.
  it('words the values themselves', () => {
    const base = { name: 'size', index: 0, required: false };
    const single = { ...base, kind: 'single-select' } as unknown as FieldSpec;
    const multi = { ...base, kind: 'multi-select', options: null } as unknown as FieldSpec;
    expect(receiptValueOf(single, 'lg')).toEqual({ kind: 'options', labels: ['lg'] });
    expect(receiptValueOf(multi, ['ice', 'lemon'])).toEqual({ kind: 'options', labels: ['ice', 'lemon'] });
  });
});

describe('focus and booleans', () => {
  it('a closed card leaves focus on its receipt, never on <body>', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={{ ...order, id: 'focus-round' }} resume={async () => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.getByText('You declined.', { selector: OUTCOME })).toHaveFocus());
  });

  it('autoFocus gives a new card focus for a keyboard user', () => {
    render(
      <InputRequestCard
        suspension={{ ...order, id: 'auto-round' }}
        resume={async () => undefined}
        autoFocus
      />,
    );
    expect(screen.getByRole('heading', { name: 'Shop is asking' })).toHaveFocus();
  });

  it('marks no checkbox as required: leaving it unticked is a valid "no"', () => {
    const consent = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          ok: {
            method: 'elicitation/create',
            params: {
              message: 'Anything else?',
              requestedSchema: {
                type: 'object',
                properties: {
                  subscribe: { type: 'boolean', title: 'Subscribe' },
                  name: { type: 'string', title: 'Name' },
                },
                required: ['subscribe', 'name'],
              },
            },
          },
        },
      },
      { serverName: 'Shop' },
    );
    render(<InputRequestCard suspension={consent} resume={async () => undefined} />);
    expect(screen.getByRole('checkbox', { name: 'Subscribe' })).not.toBeRequired();
    expect(
      screen.getByRole('checkbox', { name: 'Subscribe' }).closest('[data-part="field"]'),
    ).not.toHaveAttribute('data-required');
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeRequired();
  });
});

describe('in German', () => {
  it('words the outcome and the receipt', async () => {
    const user = userEvent.setup();
    render(
      <InputRequestCard
        suspension={{ ...order, id: 'german-round' }}
        resume={async () => undefined}
        messages={germanMessages}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByText('Sie haben geantwortet.')).toBeInTheDocument();
    await user.click(screen.getByText('Ihre Antworten'));
    expect(screen.getByText('Large')).toBeInTheDocument();
    // Untouched optional fields are not in the receipt, in any language.
    expect(screen.queryByText('Card PIN')).not.toBeInTheDocument();
  });
});

describe('a round of several that closes while its send could not be confirmed', () => {
  it('says of each answer that its arrival is not known, never that the question closed first', async () => {
    useFakeTime();
    try {
      const ask = (message: string, name: string) => ({
        method: 'elicitation/create',
        params: {
          message,
          requestedSchema: { type: 'object', properties: { [name]: { type: 'string', title: name } } },
        },
      });
      const round = parseSuspension({
        resultType: 'input_required',
        inputRequests: { who: ask('Who?', 'Name'), when: ask('When?', 'Day') },
        requestState: 'state-1',
      });
      // No answer in time: the send may have arrived.
      const resume = vi.fn(async () => {
        throw Object.assign(new Error('no answer in time'), { name: 'TimeoutError' });
      });
      render(<InputRequestCard suspension={round} resume={resume} deadline={Date.now() + 60_000} />);
      const user = fakeTimeUser();
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
      await user.click(
        within(screen.getByRole('form', { name: /Who\?/ })).getByRole('button', { name: 'Accept' }),
      );
      await user.type(screen.getByRole('textbox', { name: 'Day' }), 'Monday');
      await user.click(
        within(screen.getByRole('form', { name: /When\?/ })).getByRole('button', { name: 'Accept' }),
      );
      await advance();
      expect(resume).toHaveBeenCalledOnce();
      await advance(61_000);
      expect(card()).toHaveAttribute('data-outcome', 'expired-unconfirmed');
      expect(within(card()).getAllByText('Accepted — it is not known whether it arrived.')).toHaveLength(2);
      expect(card()).not.toHaveTextContent(/closed first/);
    } finally {
      useRealTime();
    }
  });
});
