import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { germanMessages } from '../../src/i18n/de.ts';
import { InputRequestCard, type InputRequestMessages, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

// What a failed send says must match what happened: an answer the server turned down (a 4xx)
// arrived, so "could not be sent" would be untrue; a reply that could not be read is no answer
// (the HTTP adapter counts it as not taken); a dropped connection after the send may have
// delivered it, so "could not be reached" would say it did not.

const round = () =>
  formRound({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }, 'Who are you?', {
    id: 'failure-words',
    serverName: 'Profiles',
  });

/** Types "Ada", accepts, and returns the alert the failed send leaves. */
async function alertAfter(error: unknown, messages?: InputRequestMessages) {
  const user = userEvent.setup();
  const resume = vi.fn<(responses: InputResponses) => Promise<undefined>>().mockRejectedValue(error);
  render(<InputRequestCard suspension={round()} resume={resume} {...(messages ? { messages } : {})} />);
  await user.type(screen.getByRole('textbox', { name: /^(Name)$/ }), 'Ada');
  await user.click(screen.getByRole('button', { name: messages?.accept ?? 'Accept' }));
  return screen.findByRole('alert');
}

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('the words of a failed send', () => {
  it('an answer the server turned down (422) arrived: it was not accepted, not "could not be sent"', async () => {
    const alert = await alertAfter(httpError(422));
    expect(alert).toHaveTextContent(
      'The server did not accept your answer (error 422). Everything you typed is kept; try again.',
    );
    expect(alert.textContent).not.toMatch(/could not be sent/);
  });

  it('the same in German', async () => {
    const alert = await alertAfter(httpError(403), germanMessages);
    expect(alert).toHaveTextContent(
      'Der Server hat Ihre Antwort abgelehnt (Fehler 403). Alle Eingaben bleiben erhalten; versuchen Sie es erneut.',
    );
  });

  it('a reply that could not be read (a sign-in page, a proxy’s error page) probably did not take it', async () => {
    const alert = await alertAfter(new SyntaxError('Unexpected token < in JSON at position 0'));
    expect(alert).toHaveTextContent(
      'The server replied with something this app cannot read, so your answer was probably not taken. Everything you typed is kept; try again.',
    );
    expect(alert.textContent).not.toMatch(/could not be sent|was sent/);
  });

  it('a connection that broke mid-send may have delivered it: never "could not be reached"', async () => {
    const alert = await alertAfter(new TypeError('Failed to fetch'));
    expect(alert).toHaveTextContent(
      'Your answer may or may not have arrived: the connection broke before the server confirmed it. Check your connection.',
    );
    expect(alert.textContent).not.toMatch(/could not be reached|cannot arrive twice/);
    expect(alert).toHaveTextContent('Try again sends the same answer, marked as a repeat');
  });

  it('a server error (503) is still one that kept the answer from arriving', async () => {
    const alert = await alertAfter(httpError(503));
    expect(alert).toHaveTextContent(
      'Your answer could not be sent: the server had a problem (error 503). Everything you typed is kept; try again.',
    );
  });
});

describe('the words of a failed send name the buttons as the host labelled them', () => {
  const renamed = { ...germanMessages, accept: 'Senden', retry: 'Nochmal senden' };

  it('an edit after a failed send points at the renamed Accept', async () => {
    const user = userEvent.setup();
    render(
      <InputRequestCard
        suspension={round()}
        resume={vi.fn().mockRejectedValue(httpError(503))}
        messages={renamed}
      />,
    );
    const name = screen.getByRole('textbox', { name: /^(Name)$/ });
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await screen.findByRole('button', { name: 'Nochmal senden' });
    await user.type(name, 'lbert');
    expect(screen.getByRole('alert')).toHaveTextContent('„Senden“ sendet, was jetzt angezeigt wird.');
    expect(screen.getByRole('alert').textContent).not.toContain('Annehmen');
  });

  it('an unconfirmed send points at the renamed Try again', async () => {
    const alert = await alertAfter(new TypeError('Failed to fetch'), renamed);
    expect(alert).toHaveTextContent('„Nochmal senden“ sendet sie noch einmal');
    expect(alert.textContent).not.toContain('Erneut versuchen');
  });
});
