import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageForTabs } from '../../src/core/presence.ts';
import { connectTabs } from '../../src/core/tabs.ts';
import * as firstTab from '../../src/index.ts';
import { approveSchema, formRound } from '../fixtures/suspensions.ts';

// A second tab of the same origin: the library loaded again (its own registry, sessions and tab
// link), talking to the first over the BroadcastChannel that Node provides. The second tab loads
// its link itself, as a page does; the first is linked here, because once the modules are reset
// its own lazy import would load the second tab's copy.
connectTabs(pageForTabs);
let secondTab: typeof firstTab;
beforeAll(async () => {
  vi.resetModules();
  secondTab = await import('../../src/index.ts');
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

/** The same round, shown in both tabs; each tab in its own region of the page. */
function openInBothTabs(message: string, schema = approveSchema) {
  const round = formRound(schema, message);
  const first = document.body.appendChild(document.createElement('section'));
  const second = document.body.appendChild(document.createElement('section'));
  const firstResume = vi.fn(async () => undefined);
  const secondResume = vi.fn(async () => undefined);
  const firstView = render(<firstTab.InputRequestCard suspension={round} resume={firstResume} />, {
    container: first,
  });
  const secondView = render(
    <secondTab.InputRequestCard suspension={round} resume={secondResume} ledger={false} />,
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
