import { render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import type { SuspensionMeta } from '../../src/core/index.ts';
import { germanMessages, InputRequestCard, parseSuspension } from '../../src/index.ts';

// Server text carries its own language and direction: `dir="auto"` on every server paragraph,
// `lang` from the server's `contentLanguage` (per request, or for the round), never on the
// host's own words.

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

function renderCard(suspension: ReturnType<typeof round>, german = false) {
  return render(
    <StrictMode>
      <InputRequestCard
        suspension={suspension}
        resume={async () => undefined}
        {...(german ? { messages: germanMessages } : {})}
      />
    </StrictMode>,
  );
}

describe('language and direction of server text', () => {
  it('marks the server’s words with its contentLanguage, and the host’s words not at all (German chrome)', () => {
    renderCard(round({ contentLanguage: 'en' }), true);
    const question = screen.getByText('Which size?');
    expect(question).toHaveAttribute('lang', 'en');
    expect(question).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Sign in first.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Pick the one that fits.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('City').closest('bdi')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('S')).toHaveAttribute('lang', 'en');
    // The host's words (German) never carry the server's language.
    const accept = screen.getByRole('button', { name: germanMessages.accept });
    expect(accept.closest('[lang]')).toBeNull();
    expect(screen.getByRole('heading').closest('[lang]')).toBeNull();
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

  it('isolates a field title, so a right-to-left title cannot move the required mark', () => {
    renderCard(round({}));
    const label = screen.getByText('City').closest('label');
    if (!label) throw new Error('no label');
    const title = within(label).getByText('City');
    expect(title.tagName).toBe('BDI');
    expect(label.querySelector('[data-part="required-mark"]')?.previousSibling).not.toBe(null);
  });
});
