import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { germanMessages, InputRequestCard, type InputResponses } from '../../src/index.ts';
import { deferred } from '../fixtures/deferred.ts';
import { approveSchema, everyKindSchema, formRound } from '../fixtures/suspensions.ts';

/** Queries within each card on the page, in document order. */
function cards() {
  return screen.getAllByRole('article').map((card) => within(card));
}

describe('one live copy of a round on a page', () => {
  it('makes the first copy live; the second says where the round is answered and offers "Answer here"', () => {
    const suspension = formRound(approveSchema);
    const resume = vi.fn(async () => undefined);
    render(
      <>
        <InputRequestCard suspension={suspension} resume={resume} placeName="the chat" />
        <InputRequestCard suspension={suspension} resume={resume} placeName="the side panel" />
      </>,
    );
    const [chat, panel] = cards();
    expect(chat!.getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(chat!.queryByRole('button', { name: 'Answer here' })).toBeNull();
    expect(panel!.getByText('Being answered in the chat.')).toBeVisible();
    expect(panel!.getByRole('button', { name: 'Answer here' })).toBeVisible();
    expect(panel!.queryByRole('button', { name: 'Accept' })).toBeNull();
    // Who asks is still on both.
    expect(panel!.getByRole('heading', { name: 'Booking server is asking' })).toBeVisible();
  });

  it('"Answer here" moves the live copy, and what was typed moves with it', async () => {
    const user = userEvent.setup();
    const suspension = formRound(everyKindSchema);
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(
      <>
        <InputRequestCard suspension={suspension} resume={resume} />
        <InputRequestCard suspension={suspension} resume={resume} />
      </>,
    );
    const [first, second] = cards();
    await user.type(first!.getByRole('textbox', { name: /Full name/ }), 'Ada Lovelace');
    await user.click(first!.getByRole('checkbox', { name: 'Subscribe to the newsletter' }));
    expect(second!.getByText('Being answered in another place on this page.')).toBeVisible();

    await user.click(second!.getByRole('button', { name: 'Answer here' }));
    expect(second!.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada Lovelace');
    expect(second!.getByRole('checkbox', { name: 'Subscribe to the newsletter' })).toBeChecked();
    expect(second!.getByRole('heading', { name: 'Booking server is asking' })).toHaveFocus();
    expect(first!.queryByRole('textbox', { name: /Full name/ })).toBeNull();
    expect(first!.getByRole('button', { name: 'Answer here' })).toBeVisible();

    // And back again, with the change made in the second copy.
    await user.type(second!.getByRole('textbox', { name: /Full name/ }), ' King');
    await user.click(first!.getByRole('button', { name: 'Answer here' }));
    expect(first!.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada Lovelace King');
  });

  it('sends exactly one resume whatever is clicked in either copy', async () => {
    const user = userEvent.setup();
    const suspension = formRound(approveSchema);
    const held = deferred<void>();
    const resume = vi.fn((_responses: InputResponses) => held.promise);
    render(
      <>
        <InputRequestCard suspension={suspension} resume={resume} />
        <InputRequestCard suspension={suspension} resume={resume} />
      </>,
    );
    const [first, second] = cards();
    await user.click(second!.getByRole('button', { name: 'Answer here' }));
    await user.dblClick(second!.getByRole('button', { name: 'Accept' }));
    // Mid-send, the other copy takes over and clicks everything it has.
    await user.click(first!.getByRole('button', { name: 'Answer here' }));
    // Focus goes to the copy that is live now, never back to the one that was.
    expect(first!.getByRole('heading')).toHaveFocus();
    for (const name of ['Accept', 'Decline', 'Cancel']) {
      const button = first!.queryByRole('button', { name });
      if (button) await user.click(button);
    }
    await user.click(second!.getByRole('button', { name: 'Answer here' }));
    await act(async () => held.resolve());
    // The live copy's receipt line takes focus and says it; the other copy says nothing.
    await waitFor(() => expect(second!.getByText('You answered.')).toHaveFocus());
    expect(first!.getByText('You answered.')).toBeVisible();
    expect(first!.getByRole('status')).toHaveTextContent(/^$/);
    expect(resume).toHaveBeenCalledOnce();
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({
      details: { action: 'accept', content: { recipient: 'team@example.com', confirm: false } },
    });
  });

  it('hands the live copy to the next one when the live copy goes away', async () => {
    const suspension = formRound(approveSchema);
    const resume = vi.fn(async () => undefined);
    // Keyed siblings in one parent: the second copy stays mounted when the first goes.
    const { rerender } = render(
      <div>
        <InputRequestCard key="a" suspension={suspension} resume={resume} placeName="the chat" />
        <InputRequestCard key="b" suspension={suspension} resume={resume} placeName="the side panel" />
      </div>,
    );
    expect(screen.getByText('Being answered in the chat.')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /Recipient/ }), 'x');
    rerender(
      <div>
        <InputRequestCard key="b" suspension={suspension} resume={resume} placeName="the side panel" />
      </div>,
    );
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Answer here' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Recipient/ })).toHaveValue('team@example.comx');
  });

  it('says it in German', () => {
    const suspension = formRound(approveSchema);
    render(
      <>
        <InputRequestCard suspension={suspension} resume={async () => undefined} messages={germanMessages} />
        <InputRequestCard suspension={suspension} resume={async () => undefined} messages={germanMessages} />
      </>,
    );
    expect(screen.getByText('Wird gerade an anderer Stelle auf dieser Seite beantwortet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hier beantworten' })).toBeVisible();
  });
});
