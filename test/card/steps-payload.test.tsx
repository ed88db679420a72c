import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { RequestedSchema } from '../../src/core/model.ts';
import { InputRequestCard, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

// The step-by-step layout sends byte for byte what the form layout sends, for generated schemas
// and answers: the same person's answers, typed and clicked through either layout.

type Question =
  | { kind: 'text'; required: boolean; answer: string }
  | { kind: 'number' | 'integer'; required: boolean; answer: number | undefined }
  | { kind: 'boolean'; answer: boolean }
  | { kind: 'single'; required: boolean; options: string[]; answer: number | undefined }
  | { kind: 'multi'; options: string[]; answer: number[] };

const optionValues = fc.uniqueArray(
  fc.constantFrom('a', 'b', 'c', 'x.y', 'toString', '__proto__', '1', 'é'),
  {
    minLength: 2,
    maxLength: 6,
  },
);
const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);

const question: fc.Arbitrary<Question> = fc.oneof(
  fc.record({ required: fc.boolean(), text: word, skip: fc.boolean() }).map(({ required, text, skip }) => ({
    kind: 'text' as const,
    required,
    answer: !required && skip ? '' : text,
  })),
  fc
    .record({
      kind: fc.constantFrom('number' as const, 'integer' as const),
      required: fc.boolean(),
      value: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
    })
    .map(({ kind, required, value }) => ({
      kind,
      required,
      answer: required && value === undefined ? 7 : value,
    })),
  fc.boolean().map((answer) => ({ kind: 'boolean' as const, answer })),
  optionValues.chain((options) =>
    fc
      .record({
        required: fc.boolean(),
        answer: fc.option(fc.nat(options.length - 1), { nil: undefined }),
      })
      .map(({ required, answer }) => ({
        kind: 'single' as const,
        required,
        options,
        answer: required && answer === undefined ? 0 : answer,
      })),
  ),
  optionValues
    .filter((options) => options.length <= 4)
    .chain((options) =>
      fc
        .uniqueArray(fc.nat(options.length - 1), { maxLength: options.length })
        .map((answer) => ({ kind: 'multi' as const, options, answer: [...answer].sort() })),
    ),
);

const propertyNames = ['name', '__proto__', 'a.b', 'x[0]', 'constructor', 'size'];

function schemaOf(questions: Question[]): RequestedSchema {
  // Built as entries: `__proto__` must stay an own key, as it is in JSON.
  const entries: Array<[string, unknown]> = [];
  const required: string[] = [];
  questions.forEach((q, i) => {
    const name = propertyNames[i] ?? `p${i}`;
    const title = `Q${i + 1}`;
    const options =
      'options' in q
        ? q.options.map((value, j) => ({ const: value, title: `Q${i + 1} option ${j + 1}` }))
        : [];
    switch (q.kind) {
      case 'text':
        entries.push([name, { type: 'string', title }]);
        break;
      case 'number':
      case 'integer':
        entries.push([name, { type: q.kind, title }]);
        break;
      case 'boolean':
        entries.push([name, { type: 'boolean', title }]);
        break;
      case 'single':
        entries.push([name, { type: 'string', title, oneOf: options }]);
        break;
      case 'multi':
        entries.push([name, { type: 'array', title, items: { anyOf: options } }]);
        break;
    }
    if ('required' in q && q.required) required.push(name);
  });
  return { type: 'object', properties: Object.fromEntries(entries), required } as RequestedSchema;
}

async function answer(user: ReturnType<typeof userEvent.setup>, q: Question, position: number) {
  const title = `Q${position + 1}`;
  const name = new RegExp(`^${title}( |$)`);
  switch (q.kind) {
    case 'text':
      if (q.answer) await user.type(screen.getByRole('textbox', { name }), q.answer);
      return;
    case 'number':
    case 'integer':
      if (q.answer !== undefined) await user.type(screen.getByRole('spinbutton', { name }), String(q.answer));
      return;
    case 'boolean':
      if (q.answer) await user.click(screen.getByRole('checkbox', { name }));
      return;
    case 'single':
      if (q.answer === undefined) return;
      if (q.options.length <= 4) {
        await user.click(screen.getByRole('radio', { name: `${title} option ${q.answer + 1}` }));
      } else {
        await user.selectOptions(screen.getByRole('combobox', { name }), `${title} option ${q.answer + 1}`);
      }
      return;
    case 'multi':
      for (const index of q.answer) {
        await user.click(screen.getByRole('checkbox', { name: `${title} option ${index + 1}` }));
      }
  }
}

/**
 * Answers the round through one layout and returns exactly what reached `resume`. Each layout gets
 * its own round (its own message): cards of one round on a page share one session.
 */
async function sent(layout: 'form' | 'steps', questions: Question[]): Promise<string> {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const view = render(
    <InputRequestCard
      suspension={formRound(schemaOf(questions), `Answer through the ${layout} layout.`)}
      resume={resume}
      layout={layout}
      ledger={false}
    />,
  );
  try {
    for (const [position, q] of questions.entries()) {
      await answer(user, q, position);
      if (layout === 'steps') await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    return JSON.stringify(resume.mock.calls[0]?.[0]);
  } finally {
    view.unmount();
  }
}

describe('layout="steps" and the form layout', () => {
  it('send byte-identical answers for generated schemas and answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(question, { minLength: 1, maxLength: 5 }), async (questions) => {
        const form = await sent('form', questions);
        const steps = await sent('steps', questions);
        expect(steps).toBe(form);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
