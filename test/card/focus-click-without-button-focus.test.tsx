import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { deferred } from '../fixtures/deferred.ts';
import { formRound } from '../fixtures/suspensions.ts';

// Safari (and Firefox on macOS) do not focus a button on click: pressing Accept with the
// mouse blurs the field to nothing while it is still there and enabled. Read as the person leaving
// the card, the closed card would not give focus to its receipt line, and
// focus stays on <body> ("Focus never drops to <body>", README).

it('a mouse Accept in a browser that does not focus buttons still moves focus to the receipt line', async () => {
  const sent = deferred<void>();
  render(
    <InputRequestCard
      suspension={formRound(
        { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
        'Lunch?',
        { id: 'safari-lunch', serverName: 'Lunch' },
      )}
      resume={() => sent.promise}
    />,
  );
  const note = screen.getByRole('textbox', { name: 'Note' });
  act(() => note.focus());
  const accept = screen.getByRole('button', { name: 'Accept' });
  // Safari's mouse press on a button: the field loses focus to nothing, the button takes none.
  fireEvent.mouseDown(accept);
  act(() => note.blur());
  await act(async () => {});
  fireEvent.mouseUp(accept);
  fireEvent.click(accept);
  await act(async () => sent.resolve());
  expect(await screen.findByText('You answered.')).toHaveFocus();
});
