import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { RequestedSchema, Suspension } from '../../src/core/model.ts';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
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

/** A rule, or the rules inside it when it is a `@layer` block (the theme lives in one). */
const unlayered = (rule: CSSRule): CSSRule[] =>
  rule instanceof CSSLayerBlockRule ? [...rule.cssRules].flatMap(unlayered) : [rule];

const part = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-part="${name}"]`)!;

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
    for (const button of container.querySelectorAll('button')) {
      const box = button.getBoundingClientRect();
      expect(box.height).toBeGreaterThanOrEqual(24);
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.right).toBeLessThanOrEqual(320);
    }
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

  it('mirrors under dir="rtl", while URLs stay left to right', () => {
    const { container } = render(
      <div dir="rtl">
        <InputRequestCard suspension={mixedLookRound()} resume={async () => undefined} />
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

  it('has a dark palette for prefers-color-scheme, which irc-light opts out of', () => {
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).flatMap(unlayered);
    const dark = rules.find(
      (rule): rule is CSSMediaRule =>
        rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-color-scheme: dark'),
    );
    expect(dark).toBeDefined();
    const inner = [...dark!.cssRules].find((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)!;
    expect(inner.selectorText).toBe(':is(.irc-card, .irc-theme):not(.irc-light)');
    expect(inner.style.getPropertyValue('--irc-bg').trim()).toBe('#1b1e23');
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
