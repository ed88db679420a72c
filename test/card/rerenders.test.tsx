import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { expect, it } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { everyKindSchema, formRound } from '../fixtures/suspensions.ts';

it('typing into a field commits no React render anywhere in the card', async () => {
  const user = userEvent.setup();
  let commits = 0;
  render(
    <Profiler id="card" onRender={() => commits++}>
      <InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />
    </Profiler>,
  );
  const website = screen.getByRole('textbox', { name: 'Website' });
  await user.click(website);
  commits = 0;

  await user.keyboard('https://example.com/a-long-path');

  expect(website).toHaveValue('https://example.com/a-long-path');
  expect(commits).toBe(0);
});
