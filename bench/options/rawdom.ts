// (d) Raw DOM, no React: the same markup as the hand-written form built with
// document.createElement, one delegated `input` listener, ajv on submit. The physical floor.
import type { JsonSchema } from '../page/schema.ts';
import { errorsByField, fieldsOf, inputType, toContent, validatorFor } from './handwritten-shared.ts';
import { type BenchOption, clickSubmitButton, type OnValidSubmit } from './types.ts';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function mountForm(container: HTMLElement, schema: JsonSchema, onValid: OnValidSubmit): () => void {
  const fields = fieldsOf(schema);
  const form = element('form');
  form.noValidate = true;
  const controls: (HTMLInputElement | HTMLSelectElement)[] = [];
  const errorNodes: (HTMLParagraphElement | undefined)[] = [];
  for (const field of fields) {
    const id = `d-${field.name}`;
    const wrapper = element('div');
    const label = element('label', field.title + (field.required ? ' *' : ''));
    label.htmlFor = id;
    wrapper.append(label);
    if (field.description) {
      const help = element('p', field.description);
      help.id = `${id}-help`;
      wrapper.append(help);
    }
    let control: HTMLInputElement | HTMLSelectElement;
    if (field.control === 'select' || field.control === 'multi') {
      const select = element('select');
      select.multiple = field.control === 'multi';
      if (field.control === 'select') select.append(new Option('Choose…', ''));
      for (const option of field.options) select.append(new Option(option.label, option.value));
      control = select;
    } else {
      const input = element('input');
      input.type = inputType(field.control);
      control = input;
    }
    control.id = id;
    control.name = field.name;
    if (field.description) control.setAttribute('aria-describedby', `${id}-help`);
    if (field.required) control.setAttribute('aria-required', 'true');
    wrapper.append(control);
    controls.push(control);
    errorNodes.push(undefined);
    form.append(wrapper);
  }
  const submit = element('button', 'Submit');
  submit.type = 'submit';
  form.append(submit);

  const values = new Map<string, string>();
  form.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    values.set(target.name, target.value);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const raw: Record<string, unknown> = {};
    controls.forEach((control, index) => {
      const field = fields[index];
      if (!field) return;
      if (control instanceof HTMLSelectElement && control.multiple) {
        raw[field.name] = [...control.selectedOptions].map((option) => option.value);
      } else if (control instanceof HTMLInputElement && control.type === 'checkbox') {
        raw[field.name] = control.checked;
      } else raw[field.name] = control.value;
    });
    const content = toContent(fields, raw);
    const validate = validatorFor(schema);
    const valid = validate(content);
    const errors = valid ? new Map<string, string>() : errorsByField(validate);
    let first: HTMLElement | undefined;
    controls.forEach((control, index) => {
      const field = fields[index];
      if (!field) return;
      const message = errors.get(field.name);
      const shown = errorNodes[index];
      if (message === undefined) {
        if (shown) {
          shown.remove();
          errorNodes[index] = undefined;
          control.removeAttribute('aria-invalid');
        }
        return;
      }
      first ??= control;
      if (shown) shown.textContent = message;
      else {
        const node = element('p', message);
        node.id = `${control.id}-error`;
        node.setAttribute('role', 'alert');
        control.after(node);
        errorNodes[index] = node;
        control.setAttribute('aria-invalid', 'true');
      }
    });
    if (valid) onValid(content);
    else first?.focus();
  });
  container.append(form);
  return () => form.remove();
}

export const rawdom: BenchOption = {
  id: 'rawdom',
  label: 'raw DOM, no React (floor)',
  prepare: (schema, onValidSubmit) => ({ schema, onValidSubmit }),
  mount(container, prepared) {
    const { schema, onValidSubmit } = prepared as { schema: JsonSchema; onValidSubmit: OnValidSubmit };
    return mountForm(container, schema, onValidSubmit);
  },
  submit: clickSubmitButton,
};
