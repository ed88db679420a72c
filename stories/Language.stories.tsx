import { expect } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import { germanMessages } from '../src/i18n/de.ts';
import { InputRequestCard, parseSuspension } from '../src/index.ts';
import { arabicMessages } from './arabic.ts';

/**
 * Server text in its own language and direction, inside host chrome of another: German chrome
 * around an English server (`contentLanguage: "en"`), right-to-left chrome around English text,
 * an English card inside a right-to-left page, and a server name with a right-to-left override
 * (U+202E) that cannot flip "is asking".
 */
const meta = preview.meta({
  title: 'Card/Language and direction',
  component: InputRequestCard,
  args: { resume: async () => undefined },
});

export default meta;

const schema = {
  type: 'object' as const,
  properties: {
    city: { type: 'string', title: 'City', description: 'Where the parcel goes.' },
    speed: {
      type: 'string',
      title: 'Delivery',
      oneOf: [
        { const: 'standard', title: 'Standard (3–5 days)' },
        { const: 'express', title: 'Express (next day)' },
      ],
    },
  },
  required: ['city'],
};

function englishRound(serverName: string) {
  return parseSuspension(
    {
      inputRequests: {
        shipping: {
          method: 'elicitation/create',
          params: {
            message: 'Where should we ship your order?',
            requestedSchema: schema,
            contentLanguage: 'en',
          },
        },
      },
    },
    { serverName, toolName: 'ship_order' },
  );
}

/** German chrome, English server text marked `lang="en"`. */
export const GermanChromeEnglishServer = meta.story({
  args: { suspension: englishRound('Parcel Service'), messages: germanMessages },
  decorators: [
    (Story) => (
      <div lang="de">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Anfrage von Parcel Service' })).toBeVisible();
    await expect(canvas.getByText('Where should we ship your order?')).toHaveAttribute('lang', 'en');
    await expect(canvas.getByRole('button', { name: 'Annehmen' })).toBeVisible();
  },
});

/**
 * Right-to-left chrome (a page with `dir="rtl"` and the host's Arabic words), English server text in
 * its own direction.
 */
export const RightToLeftChromeEnglishServer = meta.story({
  args: { suspension: englishRound('Parcel Service'), messages: arabicMessages },
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Where should we ship your order?')).toHaveAttribute('dir', 'auto');
  },
});

/**
 * A right-to-left page that passes no words of its own: the card's words are English, so the card
 * says so (`lang="en"`) and reads left to right inside the page, its full stops and names in place.
 */
export const EnglishCardInRightToLeftPage = meta.story({
  args: { suspension: englishRound('Parcel Service') },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    const card = canvasElement.querySelector<HTMLElement>('[data-part="card"]');
    await expect(card).toHaveAttribute('lang', 'en');
    await expect(getComputedStyle(card as HTMLElement).direction).toBe('ltr');
    await expect(canvas.getByRole('heading', { name: 'Parcel Service is asking' })).toBeVisible();
  },
});

/** A server name with U+202E: it reads "Demo" inside its isolate, and "is asking" stays after it. */
export const BidiOverrideServerName = meta.story({
  args: { suspension: englishRound('\u202EomeD') },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading');
    await expect(heading.querySelector('bdi')).not.toBeNull();
    await expect(heading.lastChild?.textContent).toBe(' is asking');
  },
});
