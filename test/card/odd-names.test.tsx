import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { validateAnswer } from '../../src/core/index.ts';
import { type AnswerChecker, InputRequestCard, type InputResponses } from '../../src/index.ts';
import { sentContent } from '../fixtures/resume.ts';
import { formRound } from '../fixtures/suspensions.ts';

it('treats property names as data end to end: dots, brackets, __proto__, constructor, ""', async () => {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const schema = JSON.parse(`{
    "type": "object",
    "properties": {
      "user.email": { "type": "string", "title": "Dotted" },
      "a[0]": { "type": "string", "title": "Bracketed" },
      "__proto__": { "type": "string", "title": "Proto" },
      "constructor": { "type": "integer", "title": "Constructor" },
      "": { "type": "boolean", "title": "Empty name" }
    },
    "required": ["__proto__", ""]
  }`);
  render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);

  await user.type(screen.getByRole('textbox', { name: 'Dotted' }), 'a@b.c');
  await user.type(screen.getByRole('textbox', { name: 'Bracketed' }), 'zero');
  await user.type(screen.getByRole('textbox', { name: /Proto/ }), 'pollution?');
  await user.type(screen.getByRole('spinbutton', { name: 'Constructor' }), '7');
  await user.click(screen.getByRole('checkbox', { name: /Empty name/ }));
  await user.click(screen.getByRole('button', { name: 'Accept' }));

  await waitFor(() => expect(resume).toHaveBeenCalledOnce());
  const content = sentContent(resume);
  expect(JSON.stringify(content)).toBe(
    '{"user.email":"a@b.c","a[0]":"zero","__proto__":"pollution?","constructor":7,"":true}',
  );
  expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('sends exactly the content its checker passed, checked once per Accept', async () => {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const checked: Record<string, unknown>[] = [];
  const checker: AnswerChecker = (schema, content) => {
    checked.push(content);
    return validateAnswer(schema, content);
  };
  const schema = {
    type: 'object' as const,
    properties: { note: { type: 'string' as const, title: 'Note' } },
  };
  render(<InputRequestCard suspension={formRound(schema)} resume={resume} checker={checker} />);
  await user.type(screen.getByRole('textbox', { name: 'Note' }), 'ship it');
  // Leaving the field checks it (errors show after blur); the Accept below checks once more.
  await user.tab();
  const before = checked.length;
  await user.click(screen.getByRole('button', { name: 'Accept' }));

  await waitFor(() => expect(resume).toHaveBeenCalledOnce());
  expect(checked.length - before).toBe(1);
  expect(sentContent(resume)).toBe(checked.at(-1));
  expect(sentContent(resume)).toEqual({ note: 'ship it' });
});
