import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import preview from '../.storybook/preview.tsx';
import type { RequestedSchema, Suspension } from '../src/core/model.ts';
import { germanMessages } from '../src/i18n/de.ts';
import { InputRequestCard, parseSuspension } from '../src/index.ts';
import { formRound } from '../test/fixtures/suspensions.ts';
import { arabicDetailsWords, arabicMessages, type DetailsWords } from './arabic.ts';

/**
 * The look stories' form, in the words of the server that asks it: a German or Arabic server
 * words it in its language, so a translated card shows one language all through.
 */
function detailsSchemaIn(words: DetailsWords): RequestedSchema {
  const [small, medium, large] = words.sizes;
  return {
    type: 'object',
    properties: {
      name: { type: 'string', title: words.name, description: words.nameHint, minLength: 2 },
      budget: { type: 'number', title: words.budget, maximum: 10000 },
      size: {
        type: 'string',
        title: words.size,
        oneOf: [
          { const: 'small', title: small },
          { const: 'medium', title: medium },
          { const: 'large', title: large },
        ],
      },
      token: { type: 'string', title: words.token },
      newsletter: { type: 'boolean', title: words.newsletter },
    },
    required: ['name', 'size'],
  };
}

const detailsSchema = detailsSchemaIn({
  name: 'Full name',
  nameHint: 'As on your ID.',
  budget: 'Budget (EUR)',
  size: 'Size',
  sizes: ['small', 'medium', 'large'],
  token: 'Access token',
  newsletter: 'Subscribe to the newsletter',
});

const germanDetailsSchema = detailsSchemaIn({
  name: 'Vollständiger Name',
  nameHint: 'Wie im Ausweis.',
  budget: 'Budget (EUR)',
  size: 'Größe',
  sizes: ['klein', 'mittel', 'groß'],
  token: 'Zugangstoken',
  newsletter: 'Newsletter abonnieren',
});

const arabicDetailsSchema = detailsSchemaIn(arabicDetailsWords);

/** A form (with a secret field), an http link and a request the card cannot answer, in one round. */
function lookRound(
  text: { form: string; link: string; summary: string } = defaultText,
  schema: RequestedSchema = detailsSchema,
): Suspension {
  const suspension = parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        details: {
          method: 'elicitation/create',
          params: { message: text.form, requestedSchema: schema },
        },
        login: {
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: text.link,
            url: 'http://calendar.example.com/connect?account=team',
          },
        },
        summary: {
          method: 'sampling/createMessage',
          params: { message: text.summary, messages: [], maxTokens: 100 },
        },
      },
      requestState: 'v1.look',
    },
    { serverName: 'Calendar', toolName: 'book_meeting' },
  );
  const form = suspension.requests[0];
  if (form?.kind === 'form') for (const field of form.fields) if (field.name === 'token') field.secret = true;
  return suspension;
}

const defaultText = {
  form: 'Who should attend, and what may it cost?',
  link: 'Connect your calendar account.',
  summary: 'Summarise the thread for the invitation.',
};

function linkRound(url: string, message: string): Suspension {
  return parseSuspension(
    { inputRequests: { login: { method: 'elicitation/create', params: { mode: 'url', message, url } } } },
    { serverName: 'Calendar', toolName: 'connect_account' },
  );
}

/** The sizes the screenshots use, plus Storybook's own (mobile1 is 320 px wide). */
const viewports = {
  ...MINIMAL_VIEWPORTS,
  phone: { name: 'Phone 360×800', styles: { width: '360px', height: '800px' }, type: 'mobile' as const },
  tablet: { name: 'Tablet 820×1180', styles: { width: '820px', height: '1180px' }, type: 'tablet' as const },
  desktop: {
    name: 'Desktop 1280×900',
    styles: { width: '1280px', height: '900px' },
    type: 'desktop' as const,
  },
};

/**
 * The optional theme: light and dark, right-to-left, German, a 100-field form, and phone,
 * tablet and desktop widths. Each story runs axe, so colour contrast is checked in every one.
 */
const meta = preview.meta({
  title: 'Card/Look and feel',
  component: InputRequestCard,
  args: { suspension: lookRound(), resume: fn(async () => undefined) },
  parameters: { viewport: { options: viewports } },
  beforeEach: () => {
    const open = spyOn(window, 'open').mockReturnValue(null);
    return () => open.mockRestore();
  },
});

export default meta;

const cardOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-part="card"]')!;

/** Submits the form empty-ish so that errors show, as a person would. */
async function showErrors(canvas: ReturnType<typeof within>, accept = 'Accept') {
  const form = canvas.getAllByRole('form')[0]!;
  await userEvent.type(within(form).getByRole('spinbutton'), '25000');
  await userEvent.click(within(form).getByRole('button', { name: accept }));
}

function noHorizontalOverflow(canvasElement: HTMLElement) {
  const card = cardOf(canvasElement);
  expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/** The light theme with errors shown. */
export const Light = meta.story({
  args: { className: 'irc-light' },
  play: async ({ canvas, canvasElement }) => {
    await showErrors(canvas);
    await expect(await canvas.findByText('Enter a number of at most 10,000.')).toBeVisible();
    await expect(getComputedStyle(cardOf(canvasElement)).backgroundColor).toBe('rgb(255, 255, 255)');
  },
});

/** The dark theme (forced with `irc-dark`), errors and warnings shown. */
export const Dark = meta.story({
  args: { className: 'irc-dark' },
  globals: { backgrounds: { value: 'dark' } },
  play: async ({ canvas, canvasElement }) => {
    await showErrors(canvas);
    await expect(await canvas.findByText('Enter a number of at most 10,000.')).toBeVisible();
    await expect(canvas.getByText(/This address is not encrypted/)).toBeVisible();
    await expect(getComputedStyle(cardOf(canvasElement)).backgroundColor).toBe('rgb(27, 30, 35)');
  },
});

const arabicText = {
  form: 'من سيحضر الاجتماع، وما هي الميزانية؟',
  link: 'اربط حساب التقويم الخاص بك.',
  summary: 'لخّص المحادثة للدعوة.',
};

async function mirrored(canvas: ReturnType<typeof within>, canvasElement: HTMLElement) {
  // The host's Arabic words and an Arabic server: the page is right to left all through.
  const card = cardOf(canvasElement);
  await expect(getComputedStyle(card).direction).toBe('rtl');
  const url = canvasElement.querySelector<HTMLElement>('[data-part="url"]')!;
  await expect(getComputedStyle(url).direction).toBe('ltr');
  await expect(url).toHaveTextContent('http://calendar.example.com/connect?account=team');
  // Labels and buttons start at the right edge.
  const cardBox = card.getBoundingClientRect();
  const label = canvas.getAllByText('الاسم الكامل')[0]!.closest('label')!.getBoundingClientRect();
  await expect(cardBox.right - label.right).toBeLessThan(40);
  const accept = canvas.getByRole('button', { name: 'قبول' }).getBoundingClientRect();
  await expect(cardBox.right - accept.right).toBeLessThan(40);
  noHorizontalOverflow(canvasElement);
}

/**
 * Right-to-left: the card mirrors, the URL stays left-to-right. The host passes its own Arabic
 * words (`stories/arabic.ts`): English sentences in a right-to-left page would be laid out right to
 * left too, their words and full stops out of place.
 */
export const RightToLeft = meta.story({
  args: { suspension: lookRound(arabicText, arabicDetailsSchema), messages: arabicMessages },
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await mirrored(canvas, canvasElement);
    await showErrors(canvas, 'قبول');
    await expect(await canvas.findByText(/^أدخل رقمًا لا يزيد على /)).toBeVisible();
  },
});

/** Right-to-left and dark. */
export const RightToLeftDark = meta.story({
  args: {
    suspension: lookRound(arabicText, arabicDetailsSchema),
    messages: arabicMessages,
    className: 'irc-dark',
  },
  globals: { backgrounds: { value: 'dark' } },
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await mirrored(canvas, canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'افتح على أي حال' }));
    await expect(canvas.getByRole('button', { name: 'تم' })).toHaveFocus();
  },
});

/** German: every built-in string, and numbers as Germans write them. */
export const German = meta.story({
  args: {
    messages: germanMessages,
    suspension: lookRound(
      {
        form: 'Wer nimmt teil, und was darf es kosten?',
        link: 'Verbinden Sie Ihr Kalenderkonto.',
        summary: 'Fassen Sie den Verlauf für die Einladung zusammen.',
      },
      germanDetailsSchema,
    ),
  },
  decorators: [
    (Story) => (
      <div lang="de">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Anfrage von Calendar' })).toBeVisible();
    await expect(canvas.getByText('0 von 3 beantwortet')).toBeVisible();
    await showErrors(canvas, 'Annehmen');
    await expect(await canvas.findByText('Geben Sie eine Zahl von höchstens 10.000 ein.')).toBeVisible();
    await expect(canvas.getAllByText('Dieses Feld ist erforderlich.').length).toBeGreaterThan(0);
    await expect(canvas.getByText(/Diese Adresse ist nicht verschlüsselt/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Zugangstoken anzeigen' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Trotzdem öffnen' }));
    await expect(canvas.getByRole('button', { name: 'Fertig' })).toHaveFocus();
  },
});

const kinds = [
  { type: 'string' },
  { type: 'string', format: 'email' },
  { type: 'number', minimum: 0 },
  { type: 'boolean' },
  { type: 'string', enum: ['low', 'medium', 'high'] },
];

/** The most the schema check allows: 100 fields. */
const hundredFieldSchema: RequestedSchema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 100 }, (_, index) => [
      `q${index + 1}`,
      { ...kinds[index % kinds.length], title: `Question ${index + 1}` },
    ]),
  ),
  required: ['q1'],
};

/**
 * A 100-field form: the actions row sticks to the bottom of the window while the form is taller,
 * and a focused field never hides behind it.
 */
export const HundredFields = meta.story({
  args: { suspension: formRound(hundredFieldSchema, 'Fill in the yearly survey.') },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-part="field"]')).toHaveLength(100);
    const actions = canvasElement.querySelector<HTMLElement>('[data-part="actions"]')!;
    const accept = canvas.getByRole('button', { name: 'Accept' });
    // The card learns it is taller than the window from a ResizeObserver, before the first paint.
    await waitFor(() => expect(getComputedStyle(actions).position).toBe('sticky'));
    const inView = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    };
    await expect(inView(accept)).toBe(true);

    const middle = canvas.getByRole('textbox', { name: 'Question 51' });
    await userEvent.click(middle);
    for (let step = 0; step < 6; step += 1) {
      await userEvent.tab();
      const focused = document.activeElement as HTMLElement;
      await expect(focused.getBoundingClientRect().bottom).toBeLessThanOrEqual(
        actions.getBoundingClientRect().top,
      );
    }
    await expect(inView(accept)).toBe(true);
    await expect(getComputedStyle(actions).position).toBe('sticky');
    await userEvent.click(accept);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /Question 1\b/ })).toHaveFocus());
  },
});

/** A long message: the actions stay reachable at the bottom of the window. */
export const LongMessage = meta.story({
  args: {
    suspension: formRound(
      detailsSchema,
      `${'Please read the whole agreement before you answer. '.repeat(60)}\nThank you.`,
    ),
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    const accept = canvas.getByRole('button', { name: 'Accept' });
    // The card measures itself in an animation frame after it mounts (never inside the mount),
    // and only then keeps its actions in reach: wait for that frame, on a loaded machine too.
    await waitFor(() =>
      expect(accept.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight),
    );
  },
});

async function fits(canvas: ReturnType<typeof within>, canvasElement: HTMLElement, width: number) {
  await expect(window.innerWidth).toBe(width);
  noHorizontalOverflow(canvasElement);
  for (const button of canvas.getAllByRole('button')) {
    const box = button.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(width);
    await expect(box.height).toBeGreaterThanOrEqual(24);
  }
}

/** The smallest phone Storybook knows: 320 px. */
export const Phone320 = meta.story({
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, canvasElement }) => fits(canvas, canvasElement, 320),
});

export const Phone = meta.story({
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement }) => fits(canvas, canvasElement, 360),
});

export const Tablet = meta.story({
  globals: { viewport: { value: 'tablet', isRotated: false } },
  play: async ({ canvas, canvasElement }) => fits(canvas, canvasElement, 820),
});

export const Desktop = meta.story({
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvas, canvasElement }) => fits(canvas, canvasElement, 1280),
});

/** A link request with every warning, dark, on a phone. */
export const DarkLinkWarnings = meta.story({
  args: {
    className: 'irc-dark',
    suspension: linkRound(
      'http://support:reset@xn--pple-43d.com/account/recover?session=7f3a9c',
      'Finish resetting your password on the account page.',
    ),
  },
  globals: { viewport: { value: 'phone', isRotated: false }, backgrounds: { value: 'dark' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-part="warning"]')).toHaveLength(4);
    await expect(canvas.getByText(/mixes letters from different alphabets/)).toBeVisible();
    await fits(canvas, canvasElement, window.innerWidth);
  },
});

/** No class: the palette follows the system's light or dark preference. */
export const SystemTheme = meta.story({
  play: async ({ canvasElement }) => {
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    await expect(getComputedStyle(cardOf(canvasElement)).backgroundColor).toBe(
      dark ? 'rgb(27, 30, 35)' : 'rgb(255, 255, 255)',
    );
  },
});
