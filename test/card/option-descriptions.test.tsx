import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { analyzeRequestedSchema, type RequestedSchema } from '../../src/core/index.ts';
import { InputRequestCard, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

// Options with a description: shown under their label and tied to their own control; a drop-down,
// which cannot show one per option, describes the option chosen.

const long =
  'Billed yearly; includes priority support, single sign-on, audit logs and a dedicated account manager who answers within four working hours, every day of the year.';

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free', description: 'For one person. <b>No</b> card needed.' },
        { const: 'team', title: 'Team', description: long },
        { const: 'custom', title: 'Custom' },
      ],
    },
    addons: {
      type: 'array',
      title: 'Add-ons',
      items: {
        anyOf: [
          { const: 'backup', title: 'Backups', description: 'Nightly, kept for 30 days.' },
          { const: 'sso', title: 'Single sign-on' },
        ],
      },
    },
    region: {
      type: 'string',
      title: 'Region',
      oneOf: [
        { const: 'eu', title: 'Europe', description: 'Frankfurt and Dublin.' },
        { const: 'us', title: 'United States', description: 'Virginia and Oregon.' },
        { const: 'ap', title: 'Asia Pacific' },
        { const: 'sa', title: 'South America', description: 'São Paulo.' },
        { const: 'af', title: 'Africa', description: 'Cape Town.' },
      ],
    },
  },
  required: ['plan', 'region'],
};

describe('option descriptions', () => {
  it('the schema check accepts them and keeps them as text', () => {
    const analysis = analyzeRequestedSchema(schema);
    expect(analysis.ok).toBe(true);
  });

  it('shows each under its option label, whole, as text, and describes only that option', () => {
    render(<InputRequestCard suspension={formRound(schema)} resume={async () => {}} />);
    expect(screen.getByRole('radio', { name: 'Free' })).toHaveAccessibleDescription(
      'For one person. <b>No</b> card needed.',
    );
    expect(screen.getByRole('radio', { name: 'Team' })).toHaveAccessibleDescription(long);
    expect(screen.getByText(long)).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('radio', { name: 'Custom' })).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('checkbox', { name: 'Backups' })).toHaveAccessibleDescription(
      'Nightly, kept for 30 days.',
    );
    expect(screen.getByRole('checkbox', { name: 'Single sign-on' })).not.toHaveAttribute('aria-describedby');
  });

  it('describes the chosen option of a drop-down, and the answer is unchanged', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);
    const region = screen.getByRole('combobox', { name: /Region/ });
    expect(region).toHaveAccessibleDescription('');
    await user.selectOptions(region, 'us');
    expect(region).toHaveAccessibleDescription('Virginia and Oregon.');
    expect(screen.getByText('Virginia and Oregon.')).toHaveAttribute('aria-live', 'polite');
    await user.selectOptions(region, 'ap');
    expect(region).toHaveAccessibleDescription('');
    await user.selectOptions(region, 'sa');
    await user.click(screen.getByRole('radio', { name: 'Team' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(resume).toHaveBeenCalledWith(
      { details: { action: 'accept', content: { plan: 'team', region: 'sa' } } },
      expect.anything(),
    );
  });
});
