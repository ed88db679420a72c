import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { formRound, planSchema } from '../fixtures/suspensions.ts';

// The card's options get their description the way a headless host does (useRequestField's
// getOptionProps and getOptionDescriptionProps): their own help text first, then the error.

const schema = planSchema;

describe('option descriptions in the card', () => {
  it('describe their option first, then the error once the check fails', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={formRound(schema)} resume={async () => undefined} />);
    const free = screen.getByRole('radio', { name: 'Free' });
    expect(free).toHaveAccessibleDescription('For one person.');
    expect(free.getAttribute('aria-describedby')).toBe(`${free.id}-description`);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('radio', { name: 'Free' })).toHaveAccessibleDescription(
      'For one person. This field is required.',
    );
    expect(screen.getByRole('radio', { name: 'Team' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('checkbox', { name: 'Backups' })).toHaveAccessibleDescription(
      'Nightly. Choose at least 1 option.',
    );
  });
});
