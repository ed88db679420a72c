import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import type { SuspensionMeta } from '../../src/core/index.ts';
import { germanMessages, InputRequestCard, parseSuspension } from '../../src/index.ts';

// Server text carries its own language and direction: `dir="auto"` on every server paragraph,
// `lang` from the server's `contentLanguage` (per request, or for the round), never on the
// host's own words. Those carry the language of the messages and are laid out in its direction.

const schema = {
  type: 'object',
  properties: {
    size: { type: 'string', title: 'Size', description: 'Pick the one that fits.', enum: ['S', 'M'] },
    city: { type: 'string', title: 'City' },
  },
  required: ['city'],
};

function round(params: Record<string, unknown>, meta: SuspensionMeta = { serverName: 'Shop' }) {
  return parseSuspension(
    {
      inputRequests: {
        order: {
          method: 'elicitation/create',
          params: { message: 'Which size?', requestedSchema: schema, ...params },
        },
        login: {
          method: 'elicitation/create',
          params: { mode: 'url', message: 'Sign in first.', url: 'https://shop.example.com/in', ...params },
        },
      },
    },
    meta,
  );
}

function renderCard(suspension: ReturnType<typeof round>, german = false, locale?: string) {
  return render(
    <StrictMode>
      <InputRequestCard
        suspension={suspension}
        resume={async () => undefined}
        {...(german ? { messages: germanMessages } : {})}
        {...(locale === undefined ? {} : { messages: { locale } })}
      />
    </StrictMode>,
  );
}

describe('language and direction of server text', () => {
  it('marks the server’s words with its contentLanguage, and the host’s words with theirs (German chrome)', () => {
    renderCard(round({ contentLanguage: 'en' }), true);
    const question = screen.getByText('Which size?');
    expect(question).toHaveAttribute('lang', 'en');
    expect(question).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Sign in first.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Pick the one that fits.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('City').closest('bdi')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('S')).toHaveAttribute('lang', 'en');
    // The host's words never carry the server's language: they carry their own (German).
    const accept = screen.getByRole('button', { name: germanMessages.accept });
    expect(accept.closest('[lang]')).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('heading').closest('[lang]')).toHaveAttribute('lang', 'de');
  });

  it('lays the card’s own words out in their language’s direction, whatever the page’s', () => {
    const arabic = { ...germanMessages, locale: 'ar' };
    const { container, rerender } = render(
      <div dir="rtl" lang="ar">
        <InputRequestCard suspension={round({})} resume={async () => undefined} />
      </div>,
    );
    // English words inside a right-to-left page: the card is English, left to right.
    const card = container.querySelector('[data-part="card"]');
    expect(card).toHaveAttribute('lang', 'en');
    expect(card).toHaveAttribute('dir', 'ltr');
    // A host's right-to-left words: right to left.
    rerender(
      <div dir="rtl" lang="ar">
        <InputRequestCard suspension={round({})} resume={async () => undefined} messages={arabic} />
      </div>,
    );
    expect(card).toHaveAttribute('lang', 'ar');
    expect(card).toHaveAttribute('dir', 'rtl');
    // Server text keeps finding its own direction inside either.
    expect(screen.getByText('Which size?')).toHaveAttribute('dir', 'auto');
  });

  it.each([
    ['he', 'rtl'],
    ['fa-IR', 'rtl'],
    ['ur', 'rtl'],
    ['dv', 'rtl'],
    ['ar-Latn', 'ltr'],
    ['de-CH', 'ltr'],
    ['zh-Hant', 'ltr'],
    ['not a locale', 'ltr'],
  ])('takes the direction of messages in %s as %s', (locale, direction) => {
    const { container } = renderCard(round({}), false, locale);
    expect(container.querySelector('[data-part="card"]')).toHaveAttribute('dir', direction);
  });

  it('reads the tag canonically and drops what is not a language tag', () => {
    const { unmount } = renderCard(round({ contentLanguage: 'DE-ch' }));
    expect(screen.getByText('Which size?')).toHaveAttribute('lang', 'de-CH');
    unmount();
    renderCard(round({ contentLanguage: 'not a tag <script>' }));
    expect(screen.getByText('Which size?')).not.toHaveAttribute('lang');
    expect(screen.getByText('Which size?')).toHaveAttribute('dir', 'auto');
  });

  it('takes the round’s language from whoever asks, and a request’s own wins', () => {
    renderCard(
      parseSuspension(
        {
          inputRequests: {
            order: {
              method: 'elicitation/create',
              params: { message: 'Welche Größe?', requestedSchema: schema },
            },
            login: {
              method: 'elicitation/create',
              params: {
                mode: 'url',
                message: 'サインインしてください。',
                url: 'https://shop.example.com/in',
                contentLanguage: 'ja',
              },
            },
          },
        },
        { serverName: 'Shop', contentLanguage: 'de' },
      ),
    );
    expect(screen.getByText('Welche Größe?')).toHaveAttribute('lang', 'de');
    expect(screen.getByText('サインインしてください。')).toHaveAttribute('lang', 'ja');
  });

  it('marks the host’s words inside server text with their own language: a long text’s cut, a reviewed yes', async () => {
    const user = userEvent.setup();
    const long = `${'Please read this first. '.repeat(220)}End.`;
    render(
      <InputRequestCard
        suspension={parseSuspension(
          {
            inputRequests: {
              terms: {
                method: 'elicitation/create',
                params: {
                  message: long,
                  contentLanguage: 'en',
                  requestedSchema: {
                    type: 'object',
                    properties: {
                      agree: { type: 'boolean', title: 'Agree' },
                      size: { type: 'string', title: 'Size', enum: ['S', 'M'] },
                      note: { type: 'string', title: 'Note' },
                    },
                  },
                },
              },
            },
          },
          { serverName: 'Shop' },
        )}
        resume={async () => undefined}
        messages={germanMessages}
        layout="steps"
      />,
    );
    const cut = screen.getByText(/weitere Zeichen nicht angezeigt/);
    expect(cut.closest('[lang]')).toHaveAttribute('lang', 'de');
    expect(cut.closest('[lang]')?.parentElement?.closest('[lang]')).toHaveAttribute('lang', 'en');
    await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('radio', { name: 'M' }));
    await user.keyboard('{Enter}');
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Bis bald{Enter}');
    const review = within(await screen.findByRole('group', { name: germanMessages.reviewHeading }));
    // Yes is the host's word (German); an option's title is the server's (English); typed text
    // is the person's, in no language the card could name.
    expect(review.getByText('Ja').closest('[lang]')).toHaveAttribute('lang', 'de');
    expect(review.getByText('M')).toHaveAttribute('lang', 'en');
    expect(review.getByText('Bis bald').closest('[lang]')).toHaveAttribute('lang', 'de');
    expect(review.getByText('Bis bald')).toHaveAttribute('dir', 'auto');
  });

  it("lays out what is typed (and a default the server wrote) in its own direction in a left-to-right card, and leaves a right-to-left card's fields in its direction", async () => {
    const user = userEvent.setup();
    const address = (id: string) =>
      parseSuspension(
        {
          inputRequests: {
            address: {
              method: 'elicitation/create',
              params: {
                message: 'Where to?',
                requestedSchema: {
                  type: 'object',
                  properties: {
                    street: { type: 'string', title: 'Street', default: 'شارع الملك فهد' },
                    email: { type: 'string', title: 'Email', format: 'email' },
                    site: { type: 'string', title: 'Website', format: 'uri' },
                    floor: { type: 'integer', title: 'Floor' },
                    day: { type: 'string', title: 'Day', format: 'date' },
                  },
                },
              },
            },
          },
        },
        { serverName: 'Shop', id },
      );
    const { unmount } = render(
      <InputRequestCard suspension={address('en')} resume={async () => undefined} />,
    );
    // An Arabic default in a left-to-right card put its full stop on the wrong side. The review
    // and the receipt already took the direction from the text; the field itself now does too.
    const street = screen.getByRole('textbox', { name: 'Street' });
    expect(street).toHaveValue('شارع الملك فهد');
    expect(street).toHaveAttribute('dir', 'auto');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAttribute('dir', 'auto');
    // Numbers and dates are the browser's to lay out, in the card's direction.
    expect(screen.getByRole('spinbutton', { name: 'Floor' })).not.toHaveAttribute('dir');
    expect(screen.getByLabelText('Day')).not.toHaveAttribute('dir');
    unmount();
    // A right-to-left card: an empty field with dir="auto" would start left to right (no letter
    // to go by), its caret on the wrong side: the fields keep the card's direction.
    render(
      <InputRequestCard
        suspension={address('ar')}
        resume={async () => undefined}
        messages={{ ...germanMessages, locale: 'ar' }}
      />,
    );
    for (const name of ['Street', 'Email', 'Website']) {
      expect(screen.getByRole('textbox', { name })).not.toHaveAttribute('dir');
    }
  });

  it('isolates a field title, so a right-to-left title cannot move the required mark', () => {
    renderCard(round({}));
    const label = screen.getByText('City').closest('label');
    if (!label) throw new Error('no label');
    const title = within(label).getByText('City');
    expect(title.tagName).toBe('BDI');
    expect(label.querySelector('[data-part="required-mark"]')?.previousSibling).not.toBe(null);
  });
});
