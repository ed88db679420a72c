import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { AnsweredInputRequest } from '../../src/ai-sdk/index.ts';
import type { RequestedSchema, Suspension } from '../../src/core/model.ts';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
import { createTestSource } from '../../src/testing/index.ts';
import '../../src/styles.css';
import { approveSchema, everyKindSchema, formRound } from '../fixtures/suspensions.ts';

const kinds = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'string', enum: ['low', 'medium', 'high'] },
  { type: 'string', format: 'email' },
];

const hundredFields: RequestedSchema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 100 }, (_, index) => [
      `q${index}`,
      { ...kinds[index % kinds.length], title: `Question ${index + 1}` },
    ]),
  ),
};

function mixedLookRound(): Suspension {
  return parseSuspension(
    {
      inputRequests: {
        details: {
          method: 'elicitation/create',
          params: { message: 'Who attends?', requestedSchema: everyKindSchema },
        },
        login: {
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: 'Connect your calendar.',
            url: `http://user:pw@xn--pple-43d.com/${'very-long-path-segment/'.repeat(8)}?q=${'x'.repeat(80)}`,
          },
        },
        refused: {
          method: 'elicitation/create',
          params: { mode: 'url', message: 'Run this.', url: `javascript:${'void(0);'.repeat(40)}` },
        },
      },
    },
    { serverName: 'Calendar', toolName: 'book_meeting' },
  );
}

const part = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-part="${name}"]`)!;

/**
 * The card's words for a page in `dir`: a right-to-left app passes words in its language (here
 * the English words, said to be Arabic: the layout follows the locale, not the words).
 */
const wordsIn = (dir: 'ltr' | 'rtl') => (dir === 'rtl' ? { locale: 'ar' } : {});

/**
 * A lunch order answered on a 360 px phone, its receipt's answers open: `typed` by field name,
 * `titles` the fields' labels; `dir` the page's direction.
 */
async function answeredLunch(
  typed: Record<string, string>,
  titles: Record<string, string>,
  dir: 'ltr' | 'rtl' = 'ltr',
): Promise<HTMLElement> {
  await page.viewport(360, 800);
  const properties = Object.fromEntries(
    Object.entries(titles).map(([name, title]) => [name, { type: 'string' as const, title }]),
  );
  const round = parseSuspension(
    {
      inputRequests: {
        order: {
          method: 'elicitation/create',
          params: { message: 'Lunch?', requestedSchema: { type: 'object', properties } },
        },
      },
    },
    { serverName: 'Lunch' },
  );
  const { container } = render(
    <div dir={dir}>
      <InputRequestCard suspension={round} resume={async () => undefined} messages={wordsIn(dir)} />
    </div>,
  );
  for (const [name, value] of Object.entries(typed)) {
    await page.getByRole('textbox', { name: titles[name] }).fill(value);
  }
  await page.getByRole('button', { name: 'Accept' }).click();
  await vi.waitFor(() => expect(part(container, 'receipt-details')).not.toBeNull());
  part(container, 'receipt-details').setAttribute('open', '');
  return container;
}

beforeEach(() => {
  vi.spyOn(window, 'open').mockReturnValue(null);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
  window.scrollTo(0, 0);
});

describe('the theme in Chromium', () => {
  it('keeps the actions of a 100-field form in view, and a field focused by Tab is never under them', async () => {
    await page.viewport(360, 800);
    const { container } = render(
      <InputRequestCard
        suspension={formRound(hundredFields, 'The yearly survey.')}
        resume={async () => undefined}
      />,
    );
    const actions = part(container, 'actions');
    const accept = page.getByRole('button', { name: 'Accept' });
    // The card learns its height from a ResizeObserver, which reports before the first paint.
    await expect.poll(() => getComputedStyle(actions).position).toBe('sticky');
    expect(getComputedStyle(actions).backgroundColor).toBe(
      getComputedStyle(part(container, 'card')).backgroundColor,
    );

    (document.getElementById(container.querySelector('input')!.id) as HTMLElement).focus();
    for (let step = 0; step < 40; step += 1) {
      await userEvent.keyboard('{Tab}');
      const focused = document.activeElement as HTMLElement;
      if (actions.contains(focused)) break;
      const box = focused.getBoundingClientRect();
      expect(box.bottom, `Tab ${step}: ${focused.id}`).toBeLessThanOrEqual(
        actions.getBoundingClientRect().top,
      );
      expect(box.top).toBeGreaterThanOrEqual(0);
    }
    expect(window.scrollY).toBeGreaterThan(500);
    const acceptBox = accept.element().getBoundingClientRect();
    expect(acceptBox.top).toBeGreaterThanOrEqual(0);
    expect(acceptBox.bottom).toBeLessThanOrEqual(window.innerHeight);
  });

  it('measures its height without forcing a layout while it mounts', async () => {
    await page.viewport(360, 800);
    const read = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const { container } = render(
      <InputRequestCard
        suspension={formRound(hundredFields, 'The yearly survey.')}
        resume={async () => undefined}
      />,
    );
    // Render and effects are done: nothing has read layout yet (a chat mounting 200 cards would
    // otherwise lay the page out 200 times). The observer's first report then marks it tall.
    expect(read).not.toHaveBeenCalled();
    await expect.poll(() => part(container, 'card').hasAttribute('data-tall')).toBe(true);
  });

  it('lets the actions rest at the end of a short form instead of floating over the page', async () => {
    await page.viewport(1280, 900);
    const { container } = render(
      <InputRequestCard suspension={formRound(approveSchema)} resume={async () => undefined} />,
    );
    const fields = part(container, 'fields').getBoundingClientRect();
    const actions = part(container, 'actions').getBoundingClientRect();
    const card = part(container, 'card').getBoundingClientRect();
    expect(actions.top).toBeGreaterThanOrEqual(fields.bottom);
    expect(actions.bottom).toBeLessThanOrEqual(card.bottom);
    expect(card.bottom).toBeLessThan(window.innerHeight);
  });

  it('fits a 320 px phone: nothing overflows, the URL wraps, and every button is a comfortable target', async () => {
    await page.viewport(320, 640);
    const { container } = render(
      <InputRequestCard suspension={mixedLookRound()} resume={async () => undefined} />,
    );
    const card = part(container, 'card');
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
    for (const url of container.querySelectorAll<HTMLElement>('[data-part="url"]')) {
      expect(url.scrollWidth).toBeLessThanOrEqual(url.clientWidth);
    }
    // The site's name in the URL is one piece, not broken at its hyphen.
    const domain = container.querySelector('[data-part="url"] [data-part="url-domain"]')!;
    expect(new Set([...domain.getClientRects()].map((box) => box.top)).size).toBe(1);
    // A name wider than the line still breaks, inside the box.
    const long = render(
      <InputRequestCard
        suspension={parseSuspension({
          mode: 'url',
          message: 'Sign in.',
          url: `https://${'a'.repeat(300)}.example/`,
          elicitationId: 'long-host',
        })}
        resume={async () => undefined}
      />,
    );
    const longUrl = part(long.container, 'url');
    expect(longUrl.scrollWidth).toBeLessThanOrEqual(longUrl.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
    for (const button of container.querySelectorAll('button')) {
      const box = button.getBoundingClientRect();
      expect(box.height).toBeGreaterThanOrEqual(24);
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.right).toBeLessThanOrEqual(320);
    }
  });

  it('sets a closed round apart from its receipt, mutes its choices, and lets Copy answers fill a phone row', async () => {
    await page.viewport(320, 640);
    const schema: RequestedSchema = {
      type: 'object',
      properties: {
        note: { type: 'string', title: 'Note' },
        size: { type: 'string', title: 'Size', enum: ['Small', 'Large'], default: 'Large' },
        extras: { type: 'boolean', title: 'Extras', default: true },
      },
      required: ['note', 'size'],
    };
    const { container } = render(
      <InputRequestCard
        suspension={formRound(schema)}
        resume={async () => undefined}
        deadline={Date.now() - 1000}
        ledger={false}
      />,
    );
    const outcome = part(container, 'outcome').getBoundingClientRect();
    const request = part(container, 'request').getBoundingClientRect();
    expect(request.top - outcome.bottom).toBeGreaterThanOrEqual(12);

    const muted = getComputedStyle(part(container, 'card')).getPropertyValue('--irc-muted').trim();
    const probe = document.createElement('span');
    probe.style.color = muted;
    container.append(probe);
    const mutedRgb = getComputedStyle(probe).color;
    for (const choice of container.querySelectorAll<HTMLInputElement>(
      'input[type="radio"], input[type="checkbox"]',
    )) {
      expect(getComputedStyle(choice).accentColor).toBe(mutedRgb);
      // Not chosen, it fades: nothing reads as still to be ticked.
      expect(getComputedStyle(choice).opacity).toBe(choice.checked ? '1' : '0.5');
    }
    // Nothing is required of a form to read: no red stars.
    expect(container.querySelectorAll('[data-part="required-mark"]')).toHaveLength(0);
    // An empty text field says it was not answered.
    expect(container.querySelector('input[name="note"], input[type="text"]')).toHaveAttribute(
      'placeholder',
      'Not answered',
    );

    const row = container.querySelector<HTMLElement>('[data-part="actions"]')!.getBoundingClientRect();
    const copy = container
      .querySelector<HTMLElement>('[data-action="copy-answers"]')!
      .getBoundingClientRect();
    expect(Math.abs(copy.right - row.right)).toBeLessThan(1);
  });

  /** A followed task whose source can stop it: the card offers Stop task. */
  function renderStoppableTask() {
    const { source } = createTestSource({ serverName: 'Mailer' });
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <InputRequestCard source={{ ...source, cancel: async () => undefined }} />
      </QueryClientProvider>,
    );
  }

  it('lets Stop task fill its row on a phone, as the rows of buttons above it do', async () => {
    await page.viewport(360, 800);
    const { container } = renderStoppableTask();
    const stop = await vi.waitFor(() => {
      const button = container.querySelector<HTMLElement>('[data-action="stop-task"]');
      if (!button) throw new Error('no Stop task yet');
      return button;
    });
    const row = part(container, 'task-actions').getBoundingClientRect();
    const box = stop.getBoundingClientRect();
    expect(Math.abs(box.left - row.left)).toBeLessThan(1);
    expect(Math.abs(box.right - row.right)).toBeLessThan(1);
  });

  it('gives the Stop task question the whole row on a phone: its words and buttons read across the card', async () => {
    await page.viewport(360, 800);
    const { container } = renderStoppableTask();
    await page.getByRole('button', { name: 'Stop task' }).click();
    const asked = page.getByRole('group', { name: /Stop the whole task\?/ }).element();
    const row = part(container, 'task-actions').getBoundingClientRect();
    const box = asked.getBoundingClientRect();
    expect(Math.abs(box.left - row.left)).toBeLessThan(1);
    expect(Math.abs(box.right - row.right)).toBeLessThan(1);
    // Two buttons to a line, each wider than its words, not a column of letters.
    const buttons = [...asked.querySelectorAll<HTMLElement>('button')].map((button) =>
      button.getBoundingClientRect(),
    );
    expect(buttons).toHaveLength(2);
    expect(Math.round(buttons[0]!.top)).toBe(Math.round(buttons[1]!.top));
    for (const button of buttons) expect(button.height).toBeLessThan(60);
  });

  it('lays four buttons out two to a row on a phone, and three in one row', async () => {
    await page.viewport(360, 800);
    const schema: RequestedSchema = {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name' }, city: { type: 'string', title: 'City' } },
    };
    const { container } = render(
      <InputRequestCard suspension={formRound(schema)} resume={async () => undefined} layout="steps" />,
    );
    const rows = () => {
      const buttons = [...container.querySelectorAll<HTMLElement>('[data-part="actions"] > button')];
      const byTop = new Map<number, DOMRect[]>();
      for (const button of buttons) {
        const box = button.getBoundingClientRect();
        byTop.set(Math.round(box.top), [...(byTop.get(Math.round(box.top)) ?? []), box]);
      }
      return [...byTop.values()];
    };
    // The first step: Next, Decline, Cancel share one row.
    expect(rows().map((row) => row.length)).toEqual([3]);
    await page.getByRole('button', { name: 'Next' }).click();
    // The second adds Back: two rows of two, of one width, not three and a lone Cancel across.
    const [first, second] = rows();
    expect(rows().map((row) => row.length)).toEqual([2, 2]);
    const widths = [...(first ?? []), ...(second ?? [])].map((box) => box.width);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1);
    const row = container.querySelector<HTMLElement>('[data-part="actions"]')!.getBoundingClientRect();
    expect(Math.max(...widths)).toBeLessThan(row.width * 0.55);
  });

  it('keeps a step\'s "Step 2 of 5" apart from the label under it', () => {
    const schema: RequestedSchema = {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name' }, city: { type: 'string', title: 'City' } },
    };
    const { container } = render(
      <InputRequestCard suspension={formRound(schema)} resume={async () => undefined} layout="steps" />,
    );
    const step = container.querySelector<HTMLElement>('[data-part="step"]:not([hidden])')!;
    const count = part(step, 'step-count').getBoundingClientRect();
    const label = part(step, 'label').getBoundingClientRect();
    expect(label.top - count.bottom).toBeGreaterThanOrEqual(4);
  });

  it('shows the fields of a form locked while its answer is on its way as not editable', async () => {
    const schema: RequestedSchema = {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        size: { type: 'string', title: 'Size', enum: ['Small', 'Large', 'Huge', 'Vast', 'Giant'] },
      },
    };
    const { container } = render(
      <InputRequestCard suspension={formRound(schema)} resume={() => new Promise(() => {})} ledger={false} />,
    );
    const name = container.querySelector<HTMLInputElement>('input[type="text"], input:not([type])')!;
    const live = getComputedStyle(name);
    const liveLook = { border: live.borderTopStyle, background: live.backgroundColor, color: live.color };
    await userEvent.type(name, 'Ada');
    await userEvent.click(container.querySelector<HTMLElement>('[data-action="accept"]')!);
    await vi.waitFor(() => expect(name.matches(':disabled')).toBe(true));
    for (const field of [name, container.querySelector<HTMLSelectElement>('select')!]) {
      const locked = getComputedStyle(field);
      expect(locked.borderTopStyle).toBe('dashed');
      expect(locked.backgroundColor).not.toBe(liveLook.background);
      expect(locked.color).not.toBe(liveLook.color);
      expect(locked.cursor).toBe('not-allowed');
    }
    expect(liveLook.border).toBe('solid');
  });

  it('marks how an AI SDK request ended as the card marks how a round ended', () => {
    const data = {
      requestId: 'r1',
      chatId: 'c1',
      serverName: 'Travel desk',
      request: {
        method: 'elicitation/create' as const,
        params: { message: 'Where to?', requestedSchema: approveSchema },
      },
      createdAt: '2026-12-01T10:00:00.000Z',
      expiresAt: '2026-12-01T10:10:00.000Z',
    };
    const marker = (element: Element) => getComputedStyle(element, '::before').content;
    const { container } = render(
      <>
        <InputRequestCard
          suspension={formRound(approveSchema)}
          resume={async () => undefined}
          deadline={Date.now() - 1000}
        />
        <AnsweredInputRequest
          data={{ ...data, status: 'answered', answer: { action: 'accept', content: {} } }}
        />
        <AnsweredInputRequest data={{ ...data, status: 'answered', answer: { action: 'decline' } }} />
        <AnsweredInputRequest
          data={{ ...data, status: 'timed-out', outcome: { action: 'cancel', reason: 'timed-out' } }}
        />
      </>,
    );
    const [accepted, declined, timedOut] = [...container.querySelectorAll('[data-part="ending"]')];
    expect(marker(accepted!)).toContain('✓');
    expect(marker(declined!)).toContain('–');
    // The same marker, box and place as the expired card's outcome.
    expect(marker(timedOut!)).toBe(marker(part(container, 'outcome')));
    const box = (element: Element) => {
      const style = getComputedStyle(element, '::before');
      return [style.inlineSize, style.blockSize, style.backgroundColor, style.marginBlockStart];
    };
    expect(box(timedOut!)).toEqual(box(part(container, 'outcome')));
  });

  it('marks a round answered elsewhere, with nothing sent from here, as news rather than a warning', async () => {
    const { source, task } = createTestSource({ serverName: 'Lunch orders', completeAfterLastRound: false });
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <InputRequestCard source={source} />
        <InputRequestCard
          suspension={formRound(approveSchema)}
          resume={async () => undefined}
          deadline={Date.now() - 1000}
        />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(container.querySelector('[data-state="input-required"]')).not.toBeNull());
    task.answerElsewhere();
    const elsewhere = await vi.waitFor(
      () => {
        const outcome = container.querySelector('[data-outcome="answered-elsewhere"] [data-part="outcome"]');
        if (!outcome) throw new Error('not answered elsewhere yet');
        return outcome;
      },
      { timeout: 5000 },
    );
    const expired = container.querySelector('[data-outcome="expired"] [data-part="outcome"]')!;
    const marker = (element: Element) => getComputedStyle(element, '::before');
    expect(marker(elsewhere).content).toContain('i');
    expect(marker(elsewhere).backgroundColor).not.toBe(marker(expired).backgroundColor);
    client.clear();
  });

  it('lays a long typed answer under its label in the receipt, a short one beside it', async () => {
    const container = await answeredLunch(
      { size: 'Large', note: 'No nuts, please. '.repeat(10) },
      { size: 'Size', note: 'Note for the kitchen' },
    );
    const [short, long] = [...container.querySelectorAll('[data-part="receipt-answer"]')].map((row) => ({
      label: row.querySelector('dt')!.getBoundingClientRect(),
      value: row.querySelector('dd')!.getBoundingClientRect(),
    }));
    // Beside its label: the same line, to its right.
    expect(short!.value.top).toBe(short!.label.top);
    expect(short!.value.left).toBeGreaterThan(short!.label.right);
    // Under its label, as wide as the list.
    expect(long!.value.top).toBeGreaterThanOrEqual(long!.label.bottom);
    expect(long!.value.left).toBe(long!.label.left);
    // Its label on one line across the row, not wrapped in the label column ("Note for the / kitchen").
    expect(long!.label.width).toBe(long!.value.width);
    expect(long!.label.height).toBeLessThan(30);
  });

  it('lines a value in its own direction up with its label in a right-to-left receipt', async () => {
    const container = await answeredLunch({ size: 'Large' }, { size: 'Size' }, 'rtl');
    const row = part(container, 'receipt-answer');
    const label = row.querySelector('dt')!.getBoundingClientRect();
    const text = document.createRange();
    text.selectNodeContents(row.querySelector('dd')!);
    const value = text.getBoundingClientRect();
    // The label at the right, the English value right beside it, not at the far left edge.
    expect(label.left).toBeGreaterThan(value.right);
    expect(label.left - value.right).toBeLessThan(24);
  });

  it('emphasises the registrable domain and mutes the rest of the URL', () => {
    const { container } = render(
      <InputRequestCard suspension={mixedLookRound()} resume={async () => undefined} />,
    );
    const domain = part(container, 'url-domain');
    const after = part(container, 'url-after');
    expect(domain).toHaveTextContent('xn--pple-43d.com');
    expect(Number(getComputedStyle(domain).fontWeight)).toBeGreaterThanOrEqual(700);
    expect(Number(getComputedStyle(after).fontWeight)).toBeLessThan(700);
    expect(getComputedStyle(domain).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
    expect(getComputedStyle(after).color).not.toBe(getComputedStyle(domain).color);
    const warning = part(container, 'warning');
    expect(getComputedStyle(warning).backgroundColor).not.toBe(
      getComputedStyle(part(container, 'card')).backgroundColor,
    );
  });

  it('mirrors in a right-to-left language, while URLs stay left to right', () => {
    const { container } = render(
      <div dir="rtl">
        <InputRequestCard
          suspension={mixedLookRound()}
          resume={async () => undefined}
          messages={wordsIn('rtl')}
        />
      </div>,
    );
    const card = part(container, 'card');
    const cardBox = card.getBoundingClientRect();
    expect(getComputedStyle(card).direction).toBe('rtl');

    const range = document.createRange();
    range.selectNodeContents(part(container, 'label'));
    const label = range.getBoundingClientRect();
    expect(cardBox.right - label.right).toBeLessThan(30);
    expect(label.left - cardBox.left).toBeGreaterThan(30);
    const firstButton = container.querySelector('[data-part="actions"] button')!.getBoundingClientRect();
    expect(cardBox.right - firstButton.right).toBeLessThan(30);

    for (const url of container.querySelectorAll<HTMLElement>('[data-part="url"]')) {
      expect(getComputedStyle(url).direction).toBe('ltr');
      expect(getComputedStyle(url).unicodeBidi).toBe('isolate');
      expect(getComputedStyle(url).textAlign).toBe('left');
    }
    // The warning's accent bar is on its start side: the right.
    const warning = getComputedStyle(part(container, 'warning'));
    expect(warning.borderRightWidth).toBe('4px');
    expect(warning.borderLeftWidth).toBe('1px');
  });

  it('shows a visible focus ring on every kind of control', async () => {
    const { container } = render(
      <>
        <button type="button">Before</button>
        <InputRequestCard suspension={mixedLookRound()} resume={async () => undefined} />
        <button type="button">After</button>
      </>,
    );
    (container.querySelector('button') as HTMLButtonElement).focus();
    const seen = new Set<string>();
    for (let step = 0; step < 80; step += 1) {
      await userEvent.keyboard('{Tab}');
      const focused = document.activeElement as HTMLElement;
      if (!part(container, 'card').contains(focused)) break;
      const style = getComputedStyle(focused);
      expect(style.outlineStyle, focused.outerHTML.slice(0, 80)).toBe('solid');
      expect(Number.parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
      expect(style.outlineColor).toBe('rgb(29, 95, 214)');
      seen.add(`${focused.tagName}:${focused.getAttribute('type') ?? ''}`);
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'INPUT:text',
        'INPUT:email',
        'INPUT:number',
        'INPUT:checkbox',
        'INPUT:radio',
        'SELECT:',
        'BUTTON:button',
        'BUTTON:submit',
      ]),
    );
  });

  it('gives every text field, select and button one height: 36 px with a mouse', () => {
    const { container } = render(
      <InputRequestCard suspension={mixedLookRound()} resume={async () => undefined} />,
    );
    const controls = [
      ...container.querySelectorAll<HTMLElement>(
        'input:not([type="checkbox"], [type="radio"]), select, [data-part="actions"] button',
      ),
    ];
    expect(controls.length).toBeGreaterThan(10);
    const heights = new Set(controls.map((control) => Math.round(control.getBoundingClientRect().height)));
    expect([...heights]).toEqual([36]);
  });

  it.each(['irc-light', 'irc-dark'])(
    'marks an invalid field (%s) with the danger colour on its edge, an icon and words',
    async (theme) => {
      const { container } = render(
        <InputRequestCard
          className={theme}
          suspension={formRound(everyKindSchema)}
          resume={async () => undefined}
        />,
      );
      await userEvent.click(page.getByRole('button', { name: 'Accept' }));
      const card = part(container, 'card');
      const danger = getComputedStyle(card).getPropertyValue('--irc-danger').trim();
      const swatch = document.createElement('span');
      swatch.style.color = danger;
      card.append(swatch);
      const dangerRgb = getComputedStyle(swatch).color;
      swatch.remove();

      const invalid = container.querySelector<HTMLInputElement>('input[aria-invalid="true"]')!;
      expect(invalid).not.toBeNull();
      const style = getComputedStyle(invalid);
      expect(style.borderTopColor).toBe(dangerRgb);
      expect(style.boxShadow).toContain(dangerRgb);
      const error = part(container, 'error');
      expect(getComputedStyle(error).color).toBe(dangerRgb);
      const icon = getComputedStyle(error, '::before');
      // Drawn, not written: no glyph to leak into the field's accessible description.
      expect(icon.content).toBe('""');
      expect(Number.parseFloat(icon.width)).toBeGreaterThan(8);
      expect(icon.backgroundColor).toBe(dangerRgb);
      expect(error.textContent).toBe('This field is required.');
    },
  );

  it('draws no box around a fieldset, in light or dark', () => {
    for (const theme of ['irc-light', 'irc-dark']) {
      const { container, unmount } = render(
        <InputRequestCard className={theme} suspension={mixedLookRound()} resume={async () => undefined} />,
      );
      const fieldsets = [...container.querySelectorAll('fieldset')];
      expect(fieldsets.length).toBeGreaterThan(1);
      for (const fieldset of fieldsets) {
        const style = getComputedStyle(fieldset);
        const where = fieldset.outerHTML.slice(0, 80);
        // A request after another is parted from it by one line on top; nothing else is drawn.
        const separated = fieldset.matches('[data-part="request"] + [data-part="request"]');
        expect(style.borderTopWidth, where).toBe(separated ? '1px' : '0px');
        for (const side of ['Right', 'Bottom', 'Left'] as const) {
          expect(style[`border${side}Width`], `${where} ${side}`).toBe('0px');
        }
        expect(style.paddingInlineStart).toBe('0px');
        expect(style.paddingInlineEnd).toBe('0px');
        expect(style.marginInlineStart).toBe('0px');
      }
      unmount();
    }
  });

  it.each(['irc-light', 'irc-dark'])(
    'keeps text at 4.5:1 and control edges and focus rings at 3:1 in the %s palette',
    (theme) => {
      const { container } = render(
        <InputRequestCard className={theme} suspension={mixedLookRound()} resume={async () => undefined} />,
      );
      const card = part(container, 'card');
      const rgbOf = (variable: string) => {
        const swatch = document.createElement('span');
        swatch.style.color = getComputedStyle(card).getPropertyValue(variable).trim();
        card.append(swatch);
        const channels = getComputedStyle(swatch).color.match(/\d+/g)!.slice(0, 3).map(Number);
        swatch.remove();
        return channels;
      };
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((value) => {
          const c = value / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const ratio = (a: string, b: string) => {
        const [high, low] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x);
        return (high! + 0.05) / (low! + 0.05);
      };
      for (const text of ['--irc-fg', '--irc-muted', '--irc-danger', '--irc-success', '--irc-accent']) {
        expect(ratio(text, '--irc-bg'), `${text} on --irc-bg`).toBeGreaterThanOrEqual(4.5);
      }
      expect(ratio('--irc-warning-fg', '--irc-warning-bg')).toBeGreaterThanOrEqual(4.5);
      expect(ratio('--irc-fg', '--irc-danger-bg')).toBeGreaterThanOrEqual(4.5);
      expect(ratio('--irc-accent-fg', '--irc-accent')).toBeGreaterThanOrEqual(4.5);
      expect(ratio('--irc-fg', '--irc-input-bg')).toBeGreaterThanOrEqual(4.5);
      for (const edge of ['--irc-control-border', '--irc-focus', '--irc-danger']) {
        expect(ratio(edge, '--irc-bg'), `${edge} on --irc-bg`).toBeGreaterThanOrEqual(3);
        expect(ratio(edge, '--irc-input-bg'), `${edge} on --irc-input-bg`).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it('follows the system colour scheme, and irc-light or irc-dark pin one palette', async () => {
    const background = (className?: string) => {
      const { container, unmount } = render(
        <InputRequestCard
          suspension={formRound(approveSchema, 'Ship it?')}
          resume={async () => undefined}
          {...(className === undefined ? {} : { className })}
        />,
      );
      const color = getComputedStyle(part(container, 'card')).backgroundColor;
      unmount();
      return color;
    };
    const [white, dark] = ['rgb(255, 255, 255)', 'rgb(27, 30, 35)'];
    const scheme = (value: 'light' | 'dark') =>
      cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] });
    await scheme('dark');
    try {
      expect([background(), background('irc-light'), background('irc-dark')]).toEqual([dark, white, dark]);
    } finally {
      await scheme('light');
    }
    expect([background(), background('irc-light'), background('irc-dark')]).toEqual([white, white, dark]);
  });

  it('sits in the input-request-cards cascade layer, so a plainer host rule wins without !important', () => {
    const host = document.createElement('style');
    // Lower specificity than the theme's own `.irc-card [data-part="actions"] button` rules.
    host.textContent = 'button { border-radius: 3px; } .irc-card { --irc-accent: rgb(0, 128, 0); }';
    document.head.append(host);
    try {
      const { container } = render(
        <InputRequestCard suspension={formRound(approveSchema, 'Ship it?')} resume={async () => undefined} />,
      );
      const accept = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      expect(getComputedStyle(accept).borderRadius).toBe('3px');
      expect(getComputedStyle(part(container, 'card')).getPropertyValue('--irc-accent').trim()).toBe(
        'rgb(0, 128, 0)',
      );
    } finally {
      host.remove();
    }
  });
});

describe('forced colours, reduced motion and script focus, in Chromium', () => {
  const emulate = (name: string, value: string) =>
    cdp().send('Emulation.setEmulatedMedia', { features: [{ name, value }] });

  it('keeps the invalid edge thicker and the warning icon drawn when the system forces colours', async () => {
    const { container } = render(
      <InputRequestCard
        suspension={formRound(everyKindSchema, 'Who attends?')}
        resume={async () => undefined}
      />,
    );
    await page.getByRole('button', { name: 'Accept' }).click();
    await vi.waitFor(() => expect(part(container, 'error')).not.toBeNull());
    const invalid = container.querySelector<HTMLInputElement>(
      'input[aria-invalid="true"]:not([type="checkbox"])',
    )!;
    await emulate('forced-colors', 'active');
    try {
      expect(getComputedStyle(invalid).borderTopWidth).toBe('2px');
      const icon = getComputedStyle(part(container, 'error'), '::before');
      expect(icon.getPropertyValue('forced-color-adjust')).toBe('none');
      expect(icon.backgroundColor).not.toBe(getComputedStyle(part(container, 'card')).backgroundColor);
      // Accept's fill is painted over: its thicker edge still sets it apart from Decline.
      const accept = container.querySelector('button[data-action="accept"]')!;
      const decline = container.querySelector('button[data-action="decline"]')!;
      expect(getComputedStyle(accept).borderTopWidth).toBe('2px');
      expect(getComputedStyle(decline).borderTopWidth).toBe('1px');
    } finally {
      await emulate('forced-colors', 'none');
    }
  });

  it('gives radios and checkboxes 24 px targets on a touch screen', async () => {
    const { container } = render(
      <InputRequestCard
        suspension={formRound(everyKindSchema, 'Which size?')}
        resume={async () => undefined}
      />,
    );
    const radio = container.querySelector('input[type="radio"]')!;
    const checkbox = container.querySelector('input[type="checkbox"]')!;
    expect(radio.getBoundingClientRect().width).toBeLessThan(20);
    // A touch screen, as a phone's browser reports it (pointer: coarse).
    await cdp().send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    try {
      expect(matchMedia('(pointer: coarse)').matches).toBe(true);
      for (const choice of [radio, checkbox]) {
        expect(choice.getBoundingClientRect().width).toBe(24);
        expect(choice.getBoundingClientRect().height).toBe(24);
      }
    } finally {
      await cdp().send('Emulation.setTouchEmulationEnabled', { enabled: false });
    }
  });

  it('shows a keyboard user where focus went when the card moves it to its heading', async () => {
    const { container } = render(
      <InputRequestCard
        suspension={formRound(approveSchema, 'Ship it soon?')}
        resume={() => new Promise(() => {})}
      />,
    );
    (container.querySelector('input[type="text"], input[type="email"]') as HTMLInputElement).focus();
    await userEvent.keyboard('{Enter}');
    const heading = part(container, 'heading');
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(heading.matches(':focus-visible')).toBe(true);
    expect(getComputedStyle(heading).textDecorationLine).toBe('underline');
    expect(getComputedStyle(heading).outlineStyle).toBe('none');
  });

  it('hides the spinner and stops the sweeping progress bar when the system asks for less motion', async () => {
    const working = {
      queryKey: ['look', 'working'],
      initialState: { status: 'working' as const },
      follow: false,
      fetchState: async () => ({ status: 'working' as const }),
      resume: async () => undefined,
    };
    const { container } = render(
      <>
        <InputRequestCard
          // Its own question: a round's session is shared by its id, and this send never ends.
          suspension={formRound(approveSchema, 'Ship it slowly?')}
          resume={() => new Promise(() => {})}
        />
        <InputRequestCard source={working} />
      </>,
    );
    await page.getByRole('button', { name: 'Accept' }).click();
    await vi.waitFor(() => expect(part(container, 'spinner')).not.toBeNull());
    const bar = container.querySelector<HTMLProgressElement>('[data-part="task-progress"] progress')!;
    expect(getComputedStyle(part(container, 'spinner')).animationName).toBe('irc-spin');
    await emulate('prefers-reduced-motion', 'reduce');
    try {
      // A ring that stands still reads as "(": without motion, the words say it alone.
      expect(getComputedStyle(part(container, 'spinner')).display).toBe('none');
      expect(part(container, 'sending')).toBeVisible();
      expect(getComputedStyle(bar).appearance).toBe('none');
    } finally {
      await emulate('prefers-reduced-motion', 'no-preference');
    }
  });

  it('shows where focus is when the notice of a wait holds it (Try again disabled)', async () => {
    const { container } = render(
      <InputRequestCard
        suspension={formRound(approveSchema, 'Ship it later?')}
        resume={() =>
          Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 60_000 }))
        }
      />,
    );
    (container.querySelector('button[type="submit"]') as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(part(container, 'send-error')).toHaveFocus());
    const style = getComputedStyle(part(container, 'send-error'));
    expect(style.outlineStyle).toBe('solid');
    expect(Number.parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
  });
});
