import '@radix-ui/themes/styles.css';
import './shadcn.css';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Flex,
  Heading,
  RadioGroup,
  Text,
  TextField,
  Theme,
} from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import type { RequestedSchema } from '../src/core/model.ts';
import { InputRequestCard } from '../src/index.ts';
import { formRound } from '../test/fixtures/suspensions.ts';

/**
 * The same question three ways: our card, Radix Themes (the real package, default theme with an
 * indigo accent) and shadcn/ui (its default "new-york" tokens and classes, restated in
 * stories/shadcn.css because shadcn is copied into apps, not installed). Each shows the same
 * state: a name typed, a budget over the limit, a size chosen. docs/LOOK.md has the measurements
 * (`node scripts/measure-look.mjs`).
 */

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', description: 'As on your ID.', minLength: 2 },
    budget: { type: 'number', title: 'Budget (EUR)', maximum: 10000 },
    size: { type: 'string', title: 'Size', enum: ['small', 'medium', 'large'] },
    newsletter: { type: 'boolean', title: 'Subscribe to the newsletter' },
  },
  required: ['name', 'size'],
};

const message = 'Who should attend, and what may it cost?';
const budgetError = 'Enter a number of at most 10,000.';
const sizes = ['small', 'medium', 'large'];

function Column({ kit, title, children }: { kit: string; title: string; children: ReactNode }) {
  return (
    <section data-kit={kit} aria-labelledby={`${kit}-column`} style={{ minInlineSize: 0 }}>
      <h2
        id={`${kit}-column`}
        style={{ margin: '0 0 0.75rem', fontSize: '0.8125rem', fontFamily: 'system-ui' }}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function RadixForm({ dark }: { dark: boolean }) {
  const id = dark ? 'rx-dark' : 'rx-light';
  return (
    <Theme appearance={dark ? 'dark' : 'light'} accentColor="indigo" grayColor="slate" radius="medium">
      <Box p="4">
        <Card size="3" data-m="card">
          <form onSubmit={(event) => event.preventDefault()} aria-label="Radix Themes form">
            <Flex direction="column" gap="4">
              <Box>
                <Heading as="h3" size="4" data-m="title">
                  Request from Calendar
                </Heading>
                <Text as="p" size="2" color="gray" data-m="muted">
                  book_meeting
                </Text>
              </Box>
              <Text as="p" size="2" data-m="body">
                {message}
              </Text>
              <Flex direction="column" gap="1">
                <Text as="label" htmlFor={`${id}-name`} size="2" weight="medium" data-m="label">
                  Full name *
                </Text>
                <TextField.Root id={`${id}-name`} defaultValue="Ada Lovelace" data-m="input" />
                <Text as="p" size="1" color="gray" data-m="description">
                  As on your ID.
                </Text>
              </Flex>
              <Flex direction="column" gap="1">
                <Text as="label" htmlFor={`${id}-budget`} size="2" weight="medium">
                  Budget (EUR)
                </Text>
                <TextField.Root
                  id={`${id}-budget`}
                  type="number"
                  color="red"
                  defaultValue="25000"
                  aria-invalid="true"
                  aria-describedby={`${id}-budget-error`}
                  data-m="invalid-input"
                />
                <Text as="p" id={`${id}-budget-error`} size="1" color="red" data-m="error">
                  {budgetError}
                </Text>
              </Flex>
              <Flex direction="column" gap="2" role="group" aria-labelledby={`${id}-size`}>
                <Text as="span" id={`${id}-size`} size="2" weight="medium">
                  Size *
                </Text>
                <RadioGroup.Root defaultValue="medium" aria-labelledby={`${id}-size`} data-m="radio-group">
                  {sizes.map((size) => (
                    <RadioGroup.Item key={size} value={size}>
                      {size}
                    </RadioGroup.Item>
                  ))}
                </RadioGroup.Root>
              </Flex>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox data-m="checkbox" />
                  Subscribe to the newsletter
                </Flex>
              </Text>
              <Flex gap="3">
                <Button type="submit" data-m="primary">
                  Accept
                </Button>
                <Button type="button" variant="soft" color="gray" data-m="secondary">
                  Decline
                </Button>
                <Button type="button" variant="outline" color="gray">
                  Cancel
                </Button>
              </Flex>
            </Flex>
          </form>
        </Card>
      </Box>
    </Theme>
  );
}

function ShadcnForm({ dark }: { dark: boolean }) {
  const id = dark ? 'sc-dark' : 'sc-light';
  return (
    <div className={dark ? 'shadcn dark' : 'shadcn'} style={{ padding: '1rem' }}>
      <form
        className="sc-card"
        data-m="card"
        onSubmit={(event) => event.preventDefault()}
        aria-label="shadcn/ui form"
      >
        <div className="sc-card-header">
          <h3 className="sc-card-title" data-m="title">
            Request from Calendar
          </h3>
          <p className="sc-card-description" data-m="muted">
            book_meeting
          </p>
        </div>
        <div className="sc-card-content">
          <p data-m="body">{message}</p>
          <div className="sc-item">
            <label className="sc-label" htmlFor={`${id}-name`} data-m="label">
              Full name *
            </label>
            <input
              className="sc-input"
              id={`${id}-name`}
              defaultValue="Ada Lovelace"
              aria-describedby={`${id}-name-description`}
              data-m="input"
            />
            <p className="sc-description" id={`${id}-name-description`} data-m="description">
              As on your ID.
            </p>
          </div>
          <div className="sc-item">
            <label className="sc-label" htmlFor={`${id}-budget`} data-error="true">
              Budget (EUR)
            </label>
            <input
              className="sc-input"
              id={`${id}-budget`}
              type="number"
              defaultValue="25000"
              aria-invalid="true"
              aria-describedby={`${id}-budget-error`}
              data-m="invalid-input"
            />
            <p className="sc-message" id={`${id}-budget-error`} data-m="error">
              {budgetError}
            </p>
          </div>
          <fieldset className="sc-item">
            <legend className="sc-label" style={{ marginBlockEnd: '0.5rem' }}>
              Size *
            </legend>
            <div className="sc-radio-group" data-m="radio-group">
              {sizes.map((size) => (
                <div className="sc-option" key={size}>
                  <input
                    className="sc-radio"
                    type="radio"
                    name={`${id}-size`}
                    id={`${id}-size-${size}`}
                    defaultChecked={size === 'medium'}
                  />
                  <label htmlFor={`${id}-size-${size}`}>{size}</label>
                </div>
              ))}
            </div>
          </fieldset>
          <div className="sc-option">
            <input className="sc-checkbox" type="checkbox" id={`${id}-newsletter`} data-m="checkbox" />
            <label className="sc-label" htmlFor={`${id}-newsletter`}>
              Subscribe to the newsletter
            </label>
          </div>
        </div>
        <div className="sc-card-footer">
          <button className="sc-button" type="submit" data-m="primary">
            Accept
          </button>
          <button className="sc-button" type="button" data-variant="outline" data-m="secondary">
            Decline
          </button>
          <button className="sc-button" type="button" data-variant="outline">
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

function Side({ dark }: { dark: boolean }) {
  const page = dark ? '#0f1114' : '#ffffff';
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))',
        gap: '1rem',
        padding: '1rem',
        background: page,
        color: dark ? '#e8eaed' : '#1a1d21',
      }}
    >
      <Column kit="ours" title="input-request-cards">
        <div style={{ padding: '1rem' }}>
          <InputRequestCard
            className={dark ? 'irc-dark' : 'irc-light'}
            suspension={formRound(schema, message, { serverName: 'Calendar', toolName: 'book_meeting' })}
            resume={fn(async () => undefined)}
          />
        </div>
      </Column>
      <Column kit="radix" title="Radix Themes 3">
        <RadixForm dark={dark} />
      </Column>
      <Column kit="shadcn" title="shadcn/ui (new-york, v4 tokens)">
        <ShadcnForm dark={dark} />
      </Column>
    </div>
  );
}

const meta = preview.meta({
  title: 'Card/Comparison',
  component: Side,
  parameters: { layout: 'fullscreen' },
});

export default meta;

/** Puts our card in the same state as the other two: name typed, budget too high, size chosen. */
async function sameState(canvasElement: HTMLElement) {
  const ours = canvasElement.querySelector<HTMLElement>('[data-kit="ours"]')!;
  const card = within(ours);
  // Pasted rather than typed: the page holds three forms and axe checks all of them afterwards.
  await userEvent.click(card.getByRole('textbox', { name: /Full name/ }));
  await userEvent.paste('Ada Lovelace');
  await userEvent.click(card.getByRole('spinbutton', { name: /Budget/ }));
  await userEvent.paste('25000');
  await userEvent.click(card.getByRole('radio', { name: 'medium' }));
  await userEvent.click(card.getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(card.getByRole('spinbutton', { name: /Budget/ })).toHaveFocus());
  await expect(card.getByText(budgetError)).toBeVisible();
}

export const Light = meta.story({
  args: { dark: false },
  play: async ({ canvasElement }) => sameState(canvasElement),
});

export const Dark = meta.story({
  args: { dark: true },
  globals: { backgrounds: { value: 'dark' } },
  play: async ({ canvasElement }) => sameState(canvasElement),
});
