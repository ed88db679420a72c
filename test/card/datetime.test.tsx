// A date-time typed into a time the clocks skip (daylight saving) is refused with its reason,
// in English and German; the unit project runs in Europe/Berlin.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { germanMessages } from '../../src/i18n/de.ts';
import { InputRequestCard, type InputRequestMessages, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

const schema = {
  type: 'object' as const,
  properties: { when: { type: 'string' as const, format: 'date-time', title: 'Run at' } },
  required: ['when'],
};

async function answer(text: string, messages?: InputRequestMessages) {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  render(
    <InputRequestCard
      suspension={formRound(schema, 'Schedule the job.')}
      resume={resume}
      {...(messages ? { messages } : {})}
    />,
  );
  const input = screen.getByLabelText(/Run at/);
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: messages ? 'Annehmen' : 'Accept' }));
  return { resume, input };
}

describe('a date-time in a daylight-saving gap', () => {
  it('is refused with its reason, and nothing is sent', async () => {
    const { resume, input } = await answer('2026-03-29T02:30');
    expect(await screen.findByText(/This time does not exist here: the clocks go forward/)).toBeVisible();
    expect(screen.getByText(/UTC\+01:00 to UTC\+02:00/)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(resume).not.toHaveBeenCalled();
  });

  it('is refused in German too', async () => {
    const { resume } = await answer('2026-03-29T02:30', germanMessages);
    expect(await screen.findByText(/Diese Uhrzeit gibt es hier nicht/)).toBeVisible();
    expect(resume).not.toHaveBeenCalled();
  });

  it('a repeated time is sent as its first occurrence', async () => {
    const { resume } = await answer('2026-10-25T02:30');
    await vi.waitFor(() => expect(resume).toHaveBeenCalled());
    expect(resume.mock.calls[0]![0]).toMatchObject({
      [Object.keys(resume.mock.calls[0]![0])[0]!]: {
        action: 'accept',
        content: { when: '2026-10-25T02:30:00+02:00' },
      },
    });
  });
});
