import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createStorageLedger, InputRequestCard, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';
import { blockedStorage } from '../support/storage.ts';

// A page that may not use its storage (a sandboxed iframe) or has no room in it: the ledger
// remembers for the page what it sent, so an answered round never shows open again.

const round = () =>
  formRound({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }, 'Who are you?', {
    id: 'no-storage',
    serverName: 'Profiles',
  });

describe('a page whose storage cannot be used', () => {
  it('still shows an answered round as answered when the card mounts again', async () => {
    const ledger = createStorageLedger(blockedStorage());
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const suspension = round();
    const first = render(<InputRequestCard suspension={suspension} resume={resume} ledger={ledger} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    first.unmount();
    await new Promise((settled) => setTimeout(settled, 0));

    render(<InputRequestCard suspension={suspension} resume={resume} ledger={ledger} />);
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(resume).toHaveBeenCalledOnce();
  });
});
