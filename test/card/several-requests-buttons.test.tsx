import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
import { approveSchema, formRound } from '../fixtures/suspensions.ts';

// A round of several requests has an Accept, a Decline and a Cancel for each: in a screen
// reader's list of buttons, three times "Decline" says nothing of which question each answers.
// Each button is described by its own question; a card of one request needs no such words.

const round = () =>
  parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        details: {
          method: 'elicitation/create',
          params: {
            message: 'Who attends?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
          },
        },
        login: {
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: 'Connect your calendar.',
            url: 'https://accounts.example.com/connect',
          },
        },
        folders: { method: 'roots/list', params: {} },
      },
      requestState: 'several-buttons',
    },
    { serverName: 'Calendar' },
  );

describe('the buttons of a round of several requests', () => {
  it('are each described by their place in the round and the question they answer', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(<InputRequestCard suspension={round()} resume={async () => undefined} />);
    const [formDecline, linkDecline, otherDecline] = screen.getAllByRole('button', { name: 'Decline' });
    expect(formDecline).toHaveAccessibleDescription('Question 1 of 3 Who attends?');
    expect(linkDecline).toHaveAccessibleDescription('Question 2 of 3 Connect your calendar.');
    expect(otherDecline).toHaveAccessibleDescription(/^Question 3 of 3 .*(folders|Roots)/);
    const cancels = screen.getAllByRole('button', { name: 'Cancel' });
    expect(cancels.map((button) => button.getAttribute('aria-describedby'))).toEqual([
      formDecline?.getAttribute('aria-describedby'),
      linkDecline?.getAttribute('aria-describedby'),
      otherDecline?.getAttribute('aria-describedby'),
    ]);
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveAccessibleDescription(
      'Question 1 of 3 Who attends?',
    );
    // Open keeps what it said (the site, the hint) and adds its place and question.
    expect(screen.getByRole('button', { name: /Open/ })).toHaveAccessibleDescription(
      /Question 2 of 3 Connect your calendar\.$/,
    );
    vi.restoreAllMocks();
  });

  it('Change answer says which question it changes, and where it is in the round', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={round()} resume={async () => undefined} />);
    const [formDecline, linkDecline] = screen.getAllByRole('button', { name: 'Decline' });
    await user.click(formDecline as HTMLElement);
    await user.click(linkDecline as HTMLElement);
    const [formChange, linkChange] = screen.getAllByRole('button', { name: 'Change answer' });
    expect(formChange).toHaveAccessibleDescription(/^Question 1 of 3 Who attends\? Declined/);
    expect(linkChange).toHaveAccessibleDescription(/^Question 2 of 3 Connect your calendar\. Declined/);
  });

  it('a request that says nothing is still told apart by its place', () => {
    const silent = parseSuspension({
      resultType: 'input_required',
      inputRequests: {
        first: { method: 'elicitation/create', params: { message: '', requestedSchema: approveSchema } },
        second: { method: 'elicitation/create', params: { message: '', requestedSchema: approveSchema } },
      },
    });
    render(<InputRequestCard suspension={silent} resume={async () => undefined} />);
    const declines = screen.getAllByRole('button', { name: 'Decline' });
    expect(declines[0]).toHaveAccessibleDescription('Question 1 of 2');
    expect(declines[1]).toHaveAccessibleDescription('Question 2 of 2');
  });

  it('of a card of one request are not described by it again (its form is named by it)', () => {
    render(
      <InputRequestCard suspension={formRound(approveSchema, 'Ship it?')} resume={async () => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Accept' })).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('button', { name: 'Decline' })).not.toHaveAttribute('aria-describedby');
  });
});
