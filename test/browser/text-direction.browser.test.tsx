import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { germanMessages, InputRequestCard, parseSuspension } from '../../src/index.ts';
import '../../src/styles.css';

// dir="auto" on an EMPTY field of a right-to-left card. With no strong character the
// field's direction falls to ltr in Chromium: the caret and an Arabic placeholder sit on the left
// of a right-to-left card until the person types a right-to-left letter.

it('an empty text field of a right-to-left card starts right-to-left', async () => {
  render(
    <InputRequestCard
      suspension={parseSuspension(
        {
          inputRequests: {
            address: {
              method: 'elicitation/create',
              params: {
                message: 'إلى أين؟',
                requestedSchema: {
                  type: 'object',
                  properties: { street: { type: 'string', title: 'الشارع' } },
                },
              },
            },
          },
        },
        { serverName: 'Shop' },
      )}
      resume={async () => undefined}
      messages={{ ...germanMessages, locale: 'ar' }}
    />,
  );
  const field = page.getByRole('textbox', { name: 'الشارع' });
  await expect.element(field).toBeVisible();
  const input = field.element() as HTMLInputElement;
  expect(getComputedStyle(input.closest('[data-part="card"]') as Element).direction).toBe('rtl');
  expect(input.matches(':dir(rtl)'), 'the empty field is laid out right-to-left').toBe(true);
});
