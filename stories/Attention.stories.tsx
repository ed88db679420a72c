import { type RefObject, useEffect, useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import type { Suspension } from '../src/core/model.ts';
import {
  InputRequestCard,
  type PendingInputRequest,
  parseSuspension,
  type ResumeFunction,
  usePendingInputRequests,
} from '../src/index.ts';

/** One approval round; the stories derive the others from it (ids stay unique per story). */
const approval = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      approve: {
        method: 'elicitation/create',
        params: {
          message: 'Send the weekly report to the team?',
          requestedSchema: {
            type: 'object',
            properties: { note: { type: 'string', title: 'Note for the team' } },
          },
        },
      },
    },
  },
  { serverName: 'Reports', toolName: 'send_report', toolTitle: 'Send a report' },
);

/** Another round of the same story, asked by `serverName`. */
function another(round: Suspension, suffix: string, serverName: string): Suspension {
  return { ...round, id: `${round.id}#${suffix}`, serverName };
}

/**
 * The tab-title recipe: "(2) Chat" while two rounds wait for the person, "Chat" when none does.
 * The title it found is put back when it unmounts.
 */
function TabTitle({ title }: { title: string }) {
  const pending = usePendingInputRequests();
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    document.title = pending.length > 0 ? `(${pending.length}) ${title}` : title;
  }, [pending.length, title]);
  return null;
}

/** The count the badge shows in the page too, so the story (and a person) can see it. */
function Badge() {
  const pending = usePendingInputRequests();
  return (
    <p data-testid="badge">
      {pending.length === 0 ? 'Nothing waits for you.' : `${pending.length} waiting for you`}
    </p>
  );
}

/** What every story here is given: the round its cards show (unique per story), and `resume`. */
interface StageArgs {
  suspension: Suspension;
  resume: ResumeFunction;
}

/** One card of the round: what a story renders unless it says otherwise. */
function Stage({ suspension, resume }: StageArgs) {
  return <InputRequestCard suspension={suspension} resume={resume} />;
}

const meta = preview.meta({
  title: 'Attention/Waiting on you',
  component: Stage,
  args: { suspension: approval, resume: fn(async () => undefined) },
});

export default meta;

/**
 * Two rounds wait: the tab's title reads "(2) Chat". Each answer takes one off; with none left it
 * reads "Chat" again.
 */
export const TabTitleBadge = meta.story({
  render: (args) => {
    const rounds = [args.suspension, another(args.suspension, 'calendar', 'Calendar')];
    return (
      <>
        <TabTitle title="Chat" />
        <Badge />
        {rounds.map((round) => (
          <InputRequestCard key={round.id} suspension={round} resume={args.resume} />
        ))}
      </>
    );
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(document.title).toBe('(2) Chat'));
    await expect(canvas.getByTestId('badge')).toHaveTextContent('2 waiting for you');
    const [reports, calendar] = canvas.getAllByRole('article');
    await userEvent.click(within(reports!).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(document.title).toBe('(1) Chat'));
    await userEvent.click(within(calendar!).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(document.title).toBe('Chat'));
    await expect(canvas.getByTestId('badge')).toHaveTextContent('Nothing waits for you.');
  },
});

/** What the Notification recipe is given: the browser's `Notification`, or a stand-in. */
type Notify = (title: string, options: NotificationOptions) => { close(): void };

/**
 * The Notification-API recipe: a round that opens while the person is elsewhere (focus outside
 * the chat, or the tab hidden) shows a system notification, closed again when the round settles;
 * while the chat has focus it stays quiet (the card is right there). Real hosts pass
 * `(title, options) => new Notification(title, options)` after `Notification.requestPermission()`.
 */
function NotifyWhenAway({ notify, chat }: { notify: Notify; chat: RefObject<HTMLElement | null> }) {
  const shown = useRef(new Map<string, { close(): void }>());
  usePendingInputRequests({
    onOpen: (request: PendingInputRequest) => {
      const chatHasFocus =
        document.visibilityState === 'visible' && chat.current?.contains(document.activeElement) === true;
      if (chatHasFocus) return;
      const asker = request.serverName ?? 'A tool';
      shown.current.set(
        request.roundId,
        notify(`${asker} is asking`, { body: request.toolTitle ?? '', tag: request.roundId }),
      );
    },
    onSettle: (request) => {
      shown.current.get(request.roundId)?.close();
      shown.current.delete(request.roundId);
    },
  });
  return null;
}

/** A chat whose tool calls ask: "Run the tool" adds a card with a new round. */
function ChatWithNotifications({ round, notify }: { round: Suspension; notify: Notify }) {
  const chat = useRef<HTMLElement>(null);
  const [rounds, setRounds] = useState<Suspension[]>([]);
  const run = () =>
    setRounds((shown) => [...shown, another(round, String(shown.length + 1), `Server ${shown.length + 1}`)]);
  return (
    <>
      <NotifyWhenAway notify={notify} chat={chat} />
      <section ref={chat} aria-label="Chat">
        {rounds.map((shown) => (
          <InputRequestCard key={shown.id} suspension={shown} resume={async () => undefined} />
        ))}
        <label>
          Message
          <input type="text" />
        </label>
        <button type="button" onClick={run}>
          Run the tool
        </button>
      </section>
      <aside aria-label="Settings">
        <button type="button" onClick={run}>
          Run the tool from settings
        </button>
      </aside>
    </>
  );
}

const close = fn();
const notify = fn((_title: string, _options: NotificationOptions) => ({ close }));

/**
 * Quiet while the chat has focus; a notification when a round opens while the person is
 * elsewhere, closed once it is answered.
 */
export const NotificationWhileAway = meta.story({
  render: (args) => <ChatWithNotifications round={args.suspension} notify={notify} />,
  beforeEach: () => {
    notify.mockClear();
    close.mockClear();
  },
  play: async ({ canvas }) => {
    const chat = within(canvas.getByRole('region', { name: 'Chat' }));
    await userEvent.click(chat.getByRole('textbox', { name: 'Message' }));
    await userEvent.click(chat.getByRole('button', { name: 'Run the tool' }));
    await expect(await chat.findByRole('heading', { name: 'Server 1 is asking' })).toBeVisible();
    await expect(notify).not.toHaveBeenCalled();

    // Focus leaves the chat: the next round notifies, and its notification closes when answered.
    await userEvent.click(canvas.getByRole('button', { name: 'Run the tool from settings' }));
    await expect(await chat.findByRole('heading', { name: 'Server 2 is asking' })).toBeVisible();
    await waitFor(() => expect(notify).toHaveBeenCalledOnce());
    await expect(notify).toHaveBeenCalledWith(
      'Server 2 is asking',
      expect.objectContaining({ body: 'Send a report' }),
    );
    const second = chat.getAllByRole('article')[1]!;
    await userEvent.click(within(second).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(close).toHaveBeenCalledOnce());
  },
});

/**
 * The same round in the chat and in a side panel: the chat's copy is live; the panel's says where
 * the round is answered and offers "Answer here", which moves the live copy (and what was typed).
 * Whatever is clicked, one answer reaches the source.
 */
export const SameRoundTwice = meta.story({
  render: (args) => (
    // Side by side where both fit, one above the other on a phone.
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
        gap: '1rem',
      }}
    >
      <section aria-label="Chat">
        <InputRequestCard suspension={args.suspension} resume={args.resume} placeName="the chat" />
      </section>
      <aside aria-label="Side panel">
        <InputRequestCard suspension={args.suspension} resume={args.resume} placeName="the side panel" />
      </aside>
    </div>
  ),
  play: async ({ args, canvas }) => {
    const chat = within(canvas.getByRole('region', { name: 'Chat' }));
    const panel = within(canvas.getByRole('complementary', { name: 'Side panel' }));
    await expect(panel.getByText('Being answered in the chat.')).toBeVisible();
    await userEvent.type(chat.getByRole('textbox', { name: /Note for the team/ }), 'Looks good');

    await userEvent.click(panel.getByRole('button', { name: 'Answer here' }));
    await expect(panel.getByRole('textbox', { name: /Note for the team/ })).toHaveValue('Looks good');
    await expect(chat.getByText('Being answered in the side panel.')).toBeVisible();
    await userEvent.click(panel.getByRole('button', { name: 'Accept' }));
    // Both copies show the receipt; the live one's first line takes focus and says it, and the
    // other copy is quiet (one voice per round on a page).
    await waitFor(() => expect(panel.getByText('You answered.')).toHaveFocus());
    await expect(await chat.findByText('You answered.')).toBeVisible();
    await expect(chat.getByRole('status')).toBeEmptyDOMElement();
    await expect(args.resume).toHaveBeenCalledOnce();
  },
});

/**
 * The moment between: the side panel took over the round (with what was typed in the chat) and
 * the chat says where it is answered. The picture `same-round-twice` is of this story.
 */
export const SameRoundTwiceMoved = meta.story({
  render: SameRoundTwice.input.render,
  play: async ({ canvas }) => {
    const chat = within(canvas.getByRole('region', { name: 'Chat' }));
    const panel = within(canvas.getByRole('complementary', { name: 'Side panel' }));
    await userEvent.type(chat.getByRole('textbox', { name: /Note for the team/ }), 'Looks good');
    await userEvent.click(panel.getByRole('button', { name: 'Answer here' }));
    await expect(panel.getByRole('textbox', { name: /Note for the team/ })).toHaveValue('Looks good');
    await expect(chat.getByText('Being answered in the side panel.')).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Answer here' })).toBeVisible();
  },
});

/**
 * A question appears while the person types in the composer: focus stays there, and the page's
 * one polite live region (outside every card) says "New question from Reports.", once for the
 * round. A screen-reader user hears it without being moved.
 */
export const AnnouncedWhileComposing = meta.story({
  args: { suspension: another(approval, 'announced', 'Reports') },
  render: function Render(args) {
    const [asked, setAsked] = useState(false);
    return (
      <>
        {asked ? <InputRequestCard suspension={args.suspension} resume={args.resume} /> : null}
        <label>
          Message <input onKeyDown={(event) => event.key === 'Enter' && setAsked(true)} />
        </label>
      </>
    );
  },
  play: async ({ canvas }) => {
    const composer = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(composer, 'Send the weekly report{Enter}');
    await expect(await canvas.findByRole('article')).toBeVisible();
    await expect(composer).toHaveFocus();
    const region = () => document.querySelector('[data-input-request-announcer]');
    await waitFor(() => expect(region()).toHaveTextContent('New question from \u2068Reports\u2069.'));
    await expect(region()).toHaveAttribute('aria-live', 'polite');
  },
});
