import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InputRequestDataPart } from '../../src/ai-sdk/index.ts';
import * as firstTabChat from '../../src/ai-sdk/index.ts';
import { createInputRequestBridge, type InputRequestChunk } from '../../src/ai-sdk/server.ts';
import { pageForTabs } from '../../src/core/presence.ts';
import { connectTabs } from '../../src/core/tabs.ts';
import * as firstTab from '../../src/index.ts';
import { approveSchema, formRound, meetingParams } from '../fixtures/suspensions.ts';

// A second tab of the same origin: the library loaded again (its own registry, sessions and tab
// link), talking to the first over the BroadcastChannel that Node provides. The second tab loads
// its link itself, as a page does; the first is linked here, because once the modules are reset
// its own lazy import would load the second tab's copy.
connectTabs(pageForTabs);
let secondTab: typeof firstTab;
let secondTabChat: typeof firstTabChat;
beforeAll(async () => {
  vi.resetModules();
  secondTab = await import('../../src/index.ts');
  secondTabChat = await import('../../src/ai-sdk/index.ts');
});

/** Everything both tabs say to each other. */
const heard: unknown[] = [];
const listener = new BroadcastChannel('input-request-cards:copies');
listener.onmessage = (event) => heard.push(event.data);
afterEach(() => {
  heard.length = 0;
});

const secretSchema = {
  ...approveSchema,
  properties: { ...approveSchema.properties, token: { type: 'string', title: 'API token' } },
} as typeof approveSchema;

/** A message the tabs said to each other, as far as these tests read it. */
interface Said {
  kind: string;
  from: string;
  topic: string;
  values?: Record<string, unknown>;
}

/**
 * A draft store that only records what it is given to keep: what reached a tab's session as a
 * draft (its card keeps a draft after a short pause in typing).
 */
function recordingDrafts() {
  const saved: Array<Record<string, unknown>> = [];
  const store: firstTab.DraftStore = {
    load: () => undefined,
    save: (_key, values) => {
      saved.push(values);
    },
    removeRound: () => undefined,
  };
  return { saved, store };
}

/** Each tab in its own region of the page. */
function tabRegions() {
  const first = document.body.appendChild(document.createElement('section'));
  const second = document.body.appendChild(document.createElement('section'));
  return { first, second };
}

/** The same round, shown in both tabs; each tab in its own region of the page. */
function openInBothTabs(message: string, schema = approveSchema, secondDrafts?: firstTab.DraftStore) {
  const round = formRound(schema, message);
  const { first, second } = tabRegions();
  const firstResume = vi.fn(async () => undefined);
  const secondResume = vi.fn(async () => undefined);
  const firstView = render(<firstTab.InputRequestCard suspension={round} resume={firstResume} />, {
    container: first,
  });
  const secondView = render(
    <secondTab.InputRequestCard
      suspension={round}
      resume={secondResume}
      ledger={false}
      {...(secondDrafts ? { drafts: secondDrafts } : {})}
    />,
    { container: second },
  );
  return { first: within(first), second: within(second), firstResume, secondResume, firstView, secondView };
}

describe('one live copy across tabs (BroadcastChannel)', () => {
  it('a card that never shows a round (a finished task from the chat history) tells other tabs nothing', async () => {
    const finished = (index: number): firstTab.InputRequestSource => ({
      queryKey: ['history', index],
      follow: false,
      initialState: { status: 'completed', result: `Done ${index}.` },
      fetchState: async () => ({ status: 'completed', result: `Done ${index}.` }),
      resume: async () => ({ status: 'completed' }),
    });
    const view = render(
      <div>
        {[0, 1, 2].map((index) => (
          <firstTab.InputRequestCard key={index} source={finished(index)} />
        ))}
      </div>,
    );
    expect(view.getAllByRole('article')).toHaveLength(3);
    // A round shown afterwards is announced: the channel works, and is heard here.
    const { first } = openInBothTabs('Send it, tab test 0?');
    await first.findByRole('button', { name: 'Accept' });
    await waitFor(() => expect(heard.length).toBeGreaterThan(0));
    const topics = new Set(heard.map((message) => (message as { topic: string }).topic));
    expect([...topics].some((topic) => topic.includes('history'))).toBe(false);
  });

  it('names a task of a megabyte queryKey to other tabs by its fingerprint, not by the megabyte', async () => {
    const round = formRound(approveSchema, 'Send it, tab test big key?');
    const state = { status: 'input-required', suspension: round } as const;
    const source: firstTab.InputRequestSource = {
      queryKey: ['big', 'k'.repeat(1024 * 1024)],
      initialState: state,
      fetchState: async () => state,
      resume: async () => undefined,
    };
    const view = render(<firstTab.InputRequestCard source={source} queryClient={new QueryClient()} />);
    await view.findByRole('button', { name: 'Accept' });
    const topicOf = (message: unknown) => String((message as { topic?: unknown }).topic ?? '');
    await waitFor(() => expect(heard.some((message) => topicOf(message).startsWith('#'))).toBe(true));
    for (const message of heard) expect(JSON.stringify(message).length).toBeLessThan(10_000);
  });

  it('posts nothing while a card mounts: its announcement leaves in a task of its own', async () => {
    const posted = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    try {
      const round = formRound(approveSchema, 'Send it, tab test mount?');
      // What is said about this round (an earlier test's cards may still be saying goodbye).
      const about = () =>
        posted.mock.calls
          .map(([message]) => message as { kind: string; topic: string })
          .filter((message) => message.topic.includes(round.id))
          .map((message) => message.kind);
      const view = render(<firstTab.InputRequestCard suspension={round} resume={async () => undefined} />);
      expect(view.getByRole('button', { name: 'Accept' })).toBeVisible();
      expect(about()).toEqual([]);
      await waitFor(() => expect(about()).toEqual(['ask', 'here']));
    } finally {
      posted.mockRestore();
    }
  });

  it('the copy opened later says the round is being answered in another tab', async () => {
    const { first, second } = openInBothTabs('Send it, tab test 1?');
    expect(await second.findByText('Being answered in another tab.')).toBeVisible();
    expect(second.getByRole('button', { name: 'Answer here' })).toBeVisible();
    expect(first.getByRole('button', { name: 'Accept' })).toBeVisible();
  });

  it('drafts travel to the other tab, secrets never; "Answer here" takes the live copy over', async () => {
    const user = userEvent.setup();
    const { first, second } = openInBothTabs('Send it, tab test 2?', secretSchema);
    await second.findByText('Being answered in another tab.');
    await user.type(first.getByRole('textbox', { name: /Note/ }), 'Ship it');
    await user.type(first.getByLabelText('API token', { selector: 'input' }), 'sk-live-123');
    await waitFor(() =>
      expect(heard).toContainEqual(
        expect.objectContaining({ kind: 'draft', values: expect.objectContaining({ note: 'Ship it' }) }),
      ),
    );

    await user.click(second.getByRole('button', { name: 'Answer here' }));
    expect(second.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it');
    expect(second.getByLabelText('API token', { selector: 'input' })).toHaveValue('');
    expect(await first.findByText('Being answered in another tab.')).toBeVisible();
    expect(JSON.stringify(heard)).not.toContain('sk-live-123');
  });

  it('a draft mirrored from the live copy is not sent back: the other tab keeps it and says nothing of it', async () => {
    const user = userEvent.setup();
    const secondDrafts = recordingDrafts();
    const { first, second } = openInBothTabs('Send it, tab test 7?', approveSchema, secondDrafts.store);
    await second.findByText('Being answered in another tab.');
    await user.type(first.getByRole('textbox', { name: /Note/ }), 'Ship it');
    // The draft reached the second tab's session: its card keeps it, as it keeps what is typed.
    await waitFor(() =>
      expect(secondDrafts.saved).toContainEqual(expect.objectContaining({ note: 'Ship it' })),
    );
    // Whatever the second tab still waits to send leaves now (as when the person leaves it),
    // then it claims the live copy: the channel delivers one tab's messages in order, so all it
    // said of the draft has been heard once its claim is.
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    await user.click(second.getByRole('button', { name: 'Answer here' }));
    const said = heard as Said[];
    const typed = said.find((message) => message.kind === 'draft' && message.values?.note === 'Ship it');
    if (!typed) throw new Error('the first tab sent no draft');
    const claimed = () =>
      said.findIndex((message) => message.kind === 'claim' && message.topic === typed.topic);
    await waitFor(() => expect(claimed()).toBeGreaterThanOrEqual(0));
    const secondTabId = said[claimed()]?.from;
    expect(secondTabId).not.toBe(typed.from);
    const sentBack = said
      .slice(0, claimed())
      .filter((message) => message.topic === typed.topic && message.from === secondTabId);
    expect(sentBack.map((message) => message.kind)).not.toContain('draft');
    // What the first tab typed is in the second tab's card.
    expect(second.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it');
  });

  it('a request part whose drafts only came from the other tab shows the summary once that tab answered, not a card kept as typed here', async () => {
    const user = userEvent.setup();
    const bridge = createInputRequestBridge();
    const parts: InputRequestDataPart[] = [];
    const asks = bridge.forChat({
      chatId: 'chat-tabs',
      serverName: 'Calendar',
      writer: { write: (chunk: InputRequestChunk) => parts.push(structuredClone(chunk)) },
    });
    const answer = asks.onElicitationRequest({ method: 'elicitation/create', params: meetingParams });
    await waitFor(() => expect(parts).toHaveLength(1));
    const pending = parts[0] as InputRequestDataPart;
    // The first tab's answers go to the bridge's route (jsdom's AbortSignal stays on this side).
    const routeFetch: typeof fetch = async (url, init) => {
      const { signal: _signal, ...rest } = init ?? {};
      return bridge.handleAnswer(new Request(new URL(String(url), 'http://app.test'), rest));
    };
    const regions = tabRegions();
    const first = within(regions.first);
    const second = within(regions.second);
    const secondDrafts = recordingDrafts();
    const firstView = render(<firstTabChat.InputRequestPart part={pending} fetch={routeFetch} />, {
      container: regions.first,
    });
    const secondView = render(<secondTabChat.InputRequestPart part={pending} drafts={secondDrafts.store} />, {
      container: regions.second,
    });
    await second.findByText('Being answered in another tab.');

    await user.type(first.getByRole('textbox', { name: /Title/ }), 'Planning');
    await waitFor(() =>
      expect(secondDrafts.saved).toContainEqual(expect.objectContaining({ title: 'Planning' })),
    );
    await user.click(first.getByRole('button', { name: 'Accept' }));
    expect(await answer).toEqual(expect.objectContaining({ action: 'accept' }));

    // Both tabs' streams say how it ended.
    const answered = parts.at(-1) as InputRequestDataPart;
    expect(answered.data.status).toBe('answered');
    firstView.rerender(<firstTabChat.InputRequestPart part={answered} fetch={routeFetch} />);
    secondView.rerender(<secondTabChat.InputRequestPart part={answered} drafts={secondDrafts.store} />);
    const summary = second.getByRole('article', { name: 'Calendar asked' });
    expect(summary).toHaveTextContent('You answered.');
    expect(second.queryByRole('textbox')).toBeNull();
    expect(regions.second).not.toHaveTextContent(/Answered elsewhere/);
    expect(first.getByRole('article', { name: 'Calendar asked' })).toHaveTextContent('You answered.');
  });

  it('an answer sent in one tab closes the round in the other', async () => {
    const user = userEvent.setup();
    const { first, second, firstResume, secondResume } = openInBothTabs('Send it, tab test 3?');
    await second.findByText('Being answered in another tab.');
    await user.click(first.getByRole('button', { name: 'Accept' }));
    expect(await second.findByText('Answered elsewhere. This question is closed.')).toBeVisible();
    expect(firstResume).toHaveBeenCalledOnce();
    expect(secondResume).not.toHaveBeenCalled();
  });

  it('the tab holding the live copy, going within the pause in typing, sends its last keystrokes first', async () => {
    const user = userEvent.setup();
    const { first, second, firstView } = openInBothTabs('Send it, tab test 5?');
    await second.findByText('Being answered in another tab.');
    await user.type(first.getByRole('textbox', { name: /Note/ }), 'Ship it');
    await waitFor(() => expect(heard).toContainEqual(expect.objectContaining({ kind: 'draft' })));
    await user.type(first.getByRole('textbox', { name: /Note/ }), ' on Friday');
    // Gone before the pause is over: a draft sent after it would reach a tab already live, which
    // drops it.
    firstView.unmount();
    const note = await second.findByRole('textbox', { name: /Note/ });
    await waitFor(() => expect(note).toHaveValue('Ship it on Friday'));
  });

  it.each([
    [
      'hidden (another tab shown)',
      () => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
    ['blurred (a window beside it pressed)', () => window.dispatchEvent(new Event('blur'))],
  ])(
    'a tab the person leaves, %s, sends its last keystrokes at once, before they can press Answer here elsewhere',
    async (how, leave) => {
      const user = userEvent.setup();
      const { first, second } = openInBothTabs(`Send it, tab test 6, ${how}?`);
      await second.findByText('Being answered in another tab.');
      await user.type(first.getByRole('textbox', { name: /Note/ }), 'Ship it');
      await waitFor(() => expect(heard).toContainEqual(expect.objectContaining({ kind: 'draft' })));
      // On a fake clock from here: the pause in typing never ends by itself (a hidden tab's timers
      // are throttled to a second or more).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        fireEvent.change(first.getByRole('textbox', { name: /Note/ }), {
          target: { value: 'Ship it on Friday' },
        });
        leave();
        const sent = () =>
          heard.some((message) => JSON.stringify(message).includes('"note":"Ship it on Friday"'));
        // The channel delivers outside the (fake) timers: a few turns of the event loop.
        for (let turn = 0; turn < 20 && !sent(); turn++)
          await new Promise((resolve) => setImmediate(resolve));
        expect(sent()).toBe(true);
      } finally {
        Reflect.deleteProperty(document, 'visibilityState');
        vi.useRealTimers();
      }
      await user.click(second.getByRole('button', { name: 'Answer here' }));
      expect(second.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it on Friday');
    },
  );

  it('when the tab holding the live copy lets it go, the other tab answers', async () => {
    const { second, firstView } = openInBothTabs('Send it, tab test 4?');
    await second.findByText('Being answered in another tab.');
    firstView.unmount();
    expect(await second.findByRole('button', { name: 'Accept' })).toBeVisible();
    expect(second.queryByText('Being answered in another tab.')).toBeNull();
  });
});
