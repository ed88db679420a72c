import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type InputRequestSource,
  type InputRequestState,
  MAX_REQUESTS,
  SHOWN_TEXT_LIMITS,
  shownText,
} from '../../src/core/index.ts';
import { germanMessages } from '../../src/i18n/de.ts';
import { createStorageDraftStore, InputRequestCard, parseSuspension } from '../../src/index.ts';
import { sentContent } from '../fixtures/resume.ts';

const MB = 1024 * 1024;

function round(params: Record<string, unknown>, meta: Parameters<typeof parseSuspension>[1] = {}) {
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: { q: { method: 'elicitation/create', params: { mode: 'form', ...params } } },
    },
    { serverName: 'Files', ...meta },
  );
}

describe('server text past what a card shows', () => {
  it('shows the first 5,000 characters of a 1 MB message, then how many are not shown', () => {
    const message = 'x'.repeat(MB);
    render(
      <InputRequestCard
        suspension={round({ message, requestedSchema: { type: 'object', properties: {} } })}
        resume={async () => {}}
      />,
    );
    const shown = document.querySelector('[data-part="message"]')?.textContent ?? '';
    const hidden = MB - SHOWN_TEXT_LIMITS.prose;
    expect(shown).toBe(
      `${'x'.repeat(SHOWN_TEXT_LIMITS.prose)}… (${hidden.toLocaleString('en')} more characters not shown)`,
    );
    expect(document.body.textContent?.length).toBeLessThan(SHOWN_TEXT_LIMITS.prose + 1000);
  });

  it('says it in the card language', () => {
    const message = 'Lies mich. '.repeat(1000);
    render(
      <InputRequestCard
        suspension={round({ message, requestedSchema: { type: 'object', properties: {} } })}
        resume={async () => {}}
        messages={germanMessages}
      />,
    );
    expect(screen.getByText(/\(6\.000 weitere Zeichen nicht angezeigt\)$/)).toBeInTheDocument();
  });

  it('cuts names at 300 characters and still sends every value whole', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async () => {});
    const longTitle = `T${'i'.repeat(9_999)}`;
    const longValue = `v${'a'.repeat(9_999)}`;
    render(
      <InputRequestCard
        suspension={round(
          {
            message: 'Pick one',
            requestedSchema: {
              type: 'object',
              properties: { choice: { type: 'string', title: longTitle, enum: [longValue, 'short'] } },
              required: ['choice'],
            },
          },
          { serverName: `S${'e'.repeat(9_999)}`, toolName: `t${'o'.repeat(9_999)}` },
        )}
        resume={resume}
      />,
    );
    const name = `${longTitle.slice(0, SHOWN_TEXT_LIMITS.name)}…`;
    const group = screen.getByRole('radiogroup', { name: new RegExp(`^${name}`) });
    const option = within(group).getByRole('radio', {
      name: `${longValue.slice(0, SHOWN_TEXT_LIMITS.name)}…`,
    });
    expect(screen.getByRole('heading').textContent).toBe(
      `S${'e'.repeat(SHOWN_TEXT_LIMITS.name - 1)}… is asking`,
    );
    expect(document.querySelector('[data-part="tool"]')?.textContent).toContain(
      `${'o'.repeat(SHOWN_TEXT_LIMITS.name - 1)}…`,
    );
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(sentContent(resume, 'q')).toEqual({ choice: longValue });
  });

  it('cuts a description, and shows short text whole', () => {
    render(
      <InputRequestCard
        suspension={round({
          message: 'Short and whole.',
          requestedSchema: {
            type: 'object',
            properties: { a: { type: 'string', title: 'A', description: 'd'.repeat(20_000) } },
          },
        })}
        resume={async () => {}}
      />,
    );
    expect(screen.getByText('Short and whole.')).toBeInTheDocument();
    expect(document.querySelector('[data-part="description"]')?.textContent).toBe(
      `${'d'.repeat(SHOWN_TEXT_LIMITS.prose)}… (15,000 more characters not shown)`,
    );
  });
});

describe('a long typed answer', () => {
  it('is sent whole and shown cut in the receipt', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async () => {});
    const note = `${'n'.repeat(19_999)}!`;
    render(
      <InputRequestCard
        suspension={round({
          message: 'Anything else?',
          requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
        })}
        resume={resume}
      />,
    );
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.paste(note);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(sentContent(resume, 'q')).toEqual({ note });
    const answer = await screen.findByRole('definition');
    expect(answer.parentElement).toHaveAttribute('data-long');
    expect(answer.textContent).toBe(
      `${'n'.repeat(SHOWN_TEXT_LIMITS.answer)}… (19,500 more characters not shown)`,
    );
  });
});

describe('a megabyte request key', () => {
  it('keeps its draft and its sent record across a reload under short storage entries', async () => {
    const user = userEvent.setup();
    window.sessionStorage.clear();
    const key = 'k'.repeat(MB);
    const wire = {
      resultType: 'input_required',
      inputRequests: {
        [key]: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
          },
        },
      },
    };
    const card = () => (
      <InputRequestCard
        suspension={parseSuspension(wire)}
        resume={async () => {}}
        drafts={createStorageDraftStore(window.sessionStorage)}
      />
    );
    const { unmount } = render(card());
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('heading'));
    await waitFor(() => expect(Object.keys(window.sessionStorage)).toHaveLength(1));
    expect(Object.keys(window.sessionStorage)[0]?.length).toBeLessThan(100);
    unmount();
    const { unmount: unmountAgain } = render(card());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');

    // Sent, the round's record in the ledger is short too; remounted, the card says what was answered.
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByText('You answered.');
    for (const name of Object.keys(window.sessionStorage)) {
      expect(name.length + (window.sessionStorage.getItem(name)?.length ?? 0)).toBeLessThan(1000);
    }
    unmountAgain();
    render(card());
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('Ada');
  });
});

describe('a followed task of a megabyte task id', () => {
  it('sends its answer and names no storage entry or round by the megabyte', async () => {
    const user = userEvent.setup();
    window.sessionStorage.clear();
    const taskId = 't'.repeat(MB);
    const suspension = parseSuspension({
      taskId,
      status: 'input_required',
      createdAt: '2026-12-02T10:00:00Z',
      inputRequests: {
        q: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
          },
        },
      },
    });
    const resume = vi.fn(async () => undefined);
    const source: InputRequestSource = {
      queryKey: ['input-request-cards', 'mcp-task', taskId],
      fetchState: async () => ({ status: 'input-required', suspension }),
      resume,
    };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InputRequestCard source={source} />
      </QueryClientProvider>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    // The ledger's record of the send, and the task's last round, once the page is idle.
    await waitFor(() => expect(Object.keys(window.sessionStorage).length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const key of Object.keys(window.sessionStorage)) expect(key.length).toBeLessThan(300);
    expect(document.querySelector('[data-part="card"]')?.outerHTML.length).toBeLessThan(50_000);
  });
});

describe('shownText', () => {
  it('never cuts a character in two', () => {
    const text = `${'a'.repeat(SHOWN_TEXT_LIMITS.name - 1)}😀😀`;
    const shown = shownText(text, 'name');
    expect(shown).toEqual({ text: 'a'.repeat(SHOWN_TEXT_LIMITS.name - 1), cut: 4 });
    expect(shownText('short', 'prose')).toEqual({ text: 'short', cut: 0 });
    expect(shownText('a'.repeat(501), 'answer')).toEqual({ text: 'a'.repeat(500), cut: 1 });
  });
});

describe('a round of more questions than a card shows', () => {
  const manyRound = (count: number) =>
    parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: Object.fromEntries(
          Array.from({ length: count }, (_, index) => [
            `q${index}`,
            {
              method: 'elicitation/create',
              params: {
                mode: 'form',
                message: `Question ${index}`,
                requestedSchema: { type: 'object', properties: { a: { type: 'string' } } },
              },
            },
          ]),
        ),
      },
      { serverName: 'Files' },
    );

  it(`shows ${MAX_REQUESTS} questions as they are`, () => {
    render(<InputRequestCard suspension={manyRound(MAX_REQUESTS)} resume={async () => {}} />);
    expect(document.querySelectorAll('[data-part="request"]')).toHaveLength(MAX_REQUESTS);
  });

  it('shows one refusal for 10,000, whose Decline answers every one of them in one send', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async () => {});
    render(<InputRequestCard suspension={manyRound(10_000)} resume={resume} />);
    const sections = document.querySelectorAll('[data-part="request"]');
    expect(sections).toHaveLength(1);
    expect(sections[0]).toHaveTextContent(
      'The server asked 10,000 questions at once; this app shows at most 20 together. You can decline or cancel them all.',
    );
    // Headed as the questions they are, not as "This question".
    expect(screen.getByText('These questions cannot be answered here')).toBeVisible();
    expect(screen.queryByText('Question 0')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(resume).toHaveBeenCalledTimes(1);
    const [responses] = resume.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(Object.keys(responses)).toHaveLength(10_000);
    expect(new Set(Object.values(responses).map((response) => JSON.stringify(response)))).toEqual(
      new Set(['{"action":"decline"}']),
    );
    // The receipt says how it ended, without 10,000 entries behind it.
    expect(
      await screen.findByText('You declined.', { selector: '[data-part="outcome"]' }),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-part="receipt-details"]')).toBeNull();
  });

  it('says it in German', () => {
    render(<InputRequestCard suspension={manyRound(21)} resume={async () => {}} messages={germanMessages} />);
    expect(
      screen.getByText(
        'Der Server hat 21 Fragen auf einmal gestellt; diese App zeigt höchstens 20 zusammen. Sie können alle ablehnen oder abbrechen.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Diese Fragen lassen sich hier nicht beantworten')).toBeInTheDocument();
  });
});

/** A source that only ever reads `state` (not followed: no QueryClient). */
function sourceOf(state: InputRequestState): InputRequestSource {
  return {
    queryKey: ['long-text', Math.random()],
    initialState: state,
    follow: false,
    fetchState: async () => state,
    resume: async () => undefined,
  };
}

describe('every other kind of server text is cut too', () => {
  const limit = SHOWN_TEXT_LIMITS.prose + 1000;

  it("a failed task's reason, on the page and in the live region", () => {
    render(<InputRequestCard source={sourceOf({ status: 'failed', error: 'e'.repeat(MB) })} />);
    const line = document.querySelector('[data-part="task-failure"]')?.textContent ?? '';
    expect(line.startsWith('The task failed: eee')).toBe(true);
    expect(line.length).toBeLessThan(limit);
    expect(document.body.textContent?.length).toBeLessThan(3 * limit);
  });

  it("a working task's status message, also where only screen readers hear it", () => {
    render(<InputRequestCard source={sourceOf({ status: 'working', message: 'w'.repeat(MB) })} />);
    expect(document.body.textContent?.length).toBeLessThan(3 * limit);
  });

  it("a result's text blocks, however many, and its structure", () => {
    const result = {
      content: Array.from({ length: 100_000 }, () => ({ type: 'text', text: 'block ' })),
      structuredContent: { rows: 's'.repeat(MB) },
    };
    render(<InputRequestCard source={sourceOf({ status: 'completed', result })} />);
    const blocks = document.querySelectorAll('[data-part="result-text"]');
    expect(blocks.length).toBeLessThan(1000);
    expect(blocks[blocks.length - 1]?.textContent).toMatch(/^\(\d{3},\d{3} more characters not shown\)$/);
    const structure = document.querySelector('[data-part="result-details"] pre')?.textContent ?? '';
    expect(structure.length).toBeLessThan(limit);
    expect(structure).toMatch(/more characters not shown\)$/);
  });

  it('a result of thousands of empty text blocks: a hundred at most', () => {
    const result = { content: Array.from({ length: 50_000 }, () => ({ type: 'text', text: '' })) };
    render(<InputRequestCard source={sourceOf({ status: 'completed', result })} />);
    expect(document.querySelectorAll('[data-part="result-text"]').length).toBeLessThanOrEqual(101);
  });

  it("a send failure's raw detail behind Details", async () => {
    const user = userEvent.setup();
    render(
      <InputRequestCard
        suspension={round({ message: 'Ship?', requestedSchema: { type: 'object', properties: {} } })}
        resume={async () => {
          throw new Error('d'.repeat(MB));
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const details = await waitFor(() => {
      const found = document.querySelector('[data-part="failure-details"] p');
      if (!found) throw new Error('no details yet');
      return found;
    });
    expect(details.textContent?.length).toBeLessThan(limit);
  });

  it('a method or mode nobody answers, and a long schema path: cut, and unable to reorder the sentence', () => {
    const method = `tools/call\u202E${'m'.repeat(200_000)}`;
    const suspension = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          odd: { method, params: {} },
          mode: { method: 'elicitation/create', params: { mode: '\u202Eweird', message: 'Hm?' } },
          deep: {
            method: 'elicitation/create',
            params: {
              message: 'Deep?',
              requestedSchema: { type: 'object', properties: { ['p'.repeat(100_000)]: { type: 'object' } } },
            },
          },
        },
      },
      { serverName: 'Odd' },
    );
    render(<InputRequestCard suspension={suspension} resume={async () => {}} />);
    const reason = screen.getByText(/^The server sent a “.*” request, which this app/);
    expect(reason.textContent?.length).toBeLessThan(1000);
    expect(reason.textContent).toContain('“\u2068tools/call\u202E');
    expect(reason.textContent).toMatch(/\u2069” request, which this app does not know how to answer/);
    expect(screen.getByText(/^The server asked in “.*” mode/).textContent).toContain(
      '“\u2068\u202Eweird\u2069”',
    );
    for (const path of document.querySelectorAll('[data-part="problems"] code')) {
      expect(path.textContent?.length).toBeLessThan(1000);
    }
    expect(document.body.textContent?.length).toBeLessThan(10_000);
  });
});

describe('server names inside our sentences', () => {
  it('isolates each flat-list label, so an override in one cannot turn the sentence around', () => {
    const suspension = parseSuspension(
      {
        inputRequests: [
          { name: 'account', label: 'Account\u202E' },
          { name: 'code', label: 'Code' },
        ],
      },
      { serverName: 'Bank' },
    );
    render(<InputRequestCard suspension={suspension} resume={async () => {}} />);
    expect(document.querySelector('[data-part="message"]')?.textContent).toBe(
      'Additional input required: \u2068Account\u202E\u2069, \u2068Code\u2069.',
    );
  });

  it('escapes direction controls in the names a problem quotes, and isolates the path it points at', () => {
    const suspension = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          q: {
            method: 'elicitation/create',
            params: {
              message: 'Deep?',
              requestedSchema: { type: 'object', properties: { 'a\u202Eb': 7 } },
            },
          },
        },
      },
      { serverName: 'Odd' },
    );
    render(<InputRequestCard suspension={suspension} resume={async () => {}} />);
    const problem = document.querySelector('[data-part="problems"] li');
    expect(problem?.textContent).toContain('Field "a\\u202eb" must be a schema object');
    expect(problem?.querySelector('code > bdi')?.textContent).toBe(
      '/params/requestedSchema/properties/a\u202Eb',
    );
  });
});

describe('names that show nothing', () => {
  it('names nobody when only what is cut away would show', () => {
    render(
      <InputRequestCard
        suspension={round(
          { message: 'Ship?', requestedSchema: { type: 'object', properties: {} } },
          { serverName: `${'\u200B'.repeat(300)}Bank` },
        )}
        resume={async () => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'A tool is asking' })).toBeInTheDocument();
  });

  it.each(['\u3164', '\u200B', '\u2800', ' \u200E\u200F '])(
    '%j heads the card as no name does, and names no tool',
    (blank) => {
      render(
        <InputRequestCard
          suspension={round(
            { message: 'Ship?', requestedSchema: { type: 'object', properties: {} } },
            {
              serverName: blank,
              toolName: blank,
            },
          )}
          resume={async () => {}}
        />,
      );
      expect(screen.getByRole('heading', { name: 'A tool is asking' })).toBeInTheDocument();
      expect(document.querySelector('[data-part="tool"]')).toBeNull();
    },
  );
});
