// Finding and filling fields the way a person (or Testing Library) does: by their visible
// label or legend, never by an option's class names. Every field's label carries `Q<i> ·`.
import { fieldToken, type Step } from './schema.ts';

export const CONTROL_SELECTOR = 'input, select, textarea';

export interface FoundField {
  /** The element that shows the field's title (label, legend, or a labelling element). */
  title: Element | undefined;
  /** The form controls of this field (one input, or every radio/checkbox of a group). */
  controls: HTMLElement[];
}

const isControl = (element: Element): element is HTMLElement => element.matches(CONTROL_SELECTOR);

/** The controls of field `i`: labelled by, or grouped under, an element whose text has its token. */
export function findField(container: Element, i: number): FoundField {
  const token = fieldToken(i);
  const controls = new Set<HTMLElement>();
  let title: Element | undefined;
  const addAll = (root: Element) => {
    if (isControl(root)) controls.add(root);
    for (const control of root.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)) controls.add(control);
  };
  for (const element of container.querySelectorAll('label, legend, [id]')) {
    if (isControl(element)) continue;
    const text = element.textContent ?? '';
    if (!text.includes(token)) continue;
    // Skip wrappers that hold other fields too (a form, a fieldset of everything).
    if (element.tagName !== 'LABEL' && element.tagName !== 'LEGEND' && element.children.length > 3) continue;
    let matched = false;
    if (element instanceof HTMLLabelElement && element.control) {
      controls.add(element.control as HTMLElement);
      matched = true;
    }
    if (element.tagName === 'LEGEND' && element.parentElement) {
      addAll(element.parentElement);
      matched = true;
    }
    if (element.id) {
      for (const labelled of container.querySelectorAll(`[aria-labelledby~="${CSS.escape(element.id)}"]`)) {
        addAll(labelled);
        matched = true;
      }
    }
    if (matched) title ??= element;
  }
  return { title, controls: [...controls] };
}

/** Every field 0..n-1, and a map from each control to its field. */
export function findFields(container: Element, n: number) {
  const fields: FoundField[] = [];
  const fieldOf = new Map<Element, number>();
  for (let i = 0; i < n; i++) {
    const found = findField(container, i);
    fields.push(found);
    for (const control of found.controls) if (!fieldOf.has(control)) fieldOf.set(control, i);
  }
  return { fields, fieldOf };
}

/**
 * The element that holds field `i` and nothing of another field: from its title and controls,
 * up while the parent still holds no other field's control.
 */
export function fieldWrapper(
  found: FoundField,
  i: number,
  fieldOf: Map<Element, number>,
): Element | undefined {
  const parts = [found.title, ...found.controls].filter((part): part is Element => part !== undefined);
  if (parts.length === 0) return undefined;
  let wrapper: Element | null = parts[0] as Element;
  while (wrapper && !parts.every((part) => wrapper?.contains(part))) wrapper = wrapper.parentElement;
  if (!wrapper) return undefined;
  const holdsOther = (element: Element) =>
    [...element.querySelectorAll(CONTROL_SELECTOR)].some((control) => {
      const owner = fieldOf.get(control);
      return owner !== undefined && owner !== i;
    });
  while (wrapper.parentElement && !holdsOther(wrapper.parentElement)) wrapper = wrapper.parentElement;
  return wrapper;
}

/** What a person sees of a field besides its value: its text (errors included) and invalid marks. */
export function fieldSignature(wrapper: Element | undefined, found: FoundField): string {
  const invalid = found.controls.map((control) => control.getAttribute('aria-invalid') ?? '').join(',');
  return `${wrapper?.textContent ?? ''}|${invalid}|${wrapper?.querySelectorAll('*').length ?? 0}`;
}

const valueSetters = new Map<object, (this: Element, value: string) => void>();

/** The value setter React does not intercept (React tracks values set through the element). */
function nativeValueSetter(element: Element): (this: Element, value: string) => void {
  const proto = Object.getPrototypeOf(element) as object;
  let setter = valueSetters.get(proto);
  if (!setter) {
    setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set as (this: Element, value: string) => void;
    valueSetters.set(proto, setter);
  }
  return setter;
}

/** Types a whole value at once: native setter, then `input` and `change`, as the browser fires them. */
export function setValue(element: HTMLElement, value: string, change = true): void {
  nativeValueSetter(element).call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  if (change) element.dispatchEvent(new Event('change', { bubbles: true }));
}

/** One character typed: native setter + a bubbling `input` event (what the keystroke bench does). */
export function typeInto(element: HTMLElement, value: string): void {
  nativeValueSetter(element).call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

const optionText = (control: HTMLElement) =>
  (
    (control as HTMLInputElement).labels?.[0]?.textContent ??
    control.closest('label')?.textContent ??
    ''
  ).trim();

/** Does one step of an answer in a found field. Returns false when the field has no control for it. */
export function doStep(found: FoundField, step: Step): boolean {
  const [first] = found.controls;
  if (!first) return false;
  switch (step.do) {
    case 'type': {
      const target = found.controls.find((control) => control.tagName !== 'BUTTON') ?? first;
      setValue(target, step.value);
      target.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      return true;
    }
    case 'check': {
      const box = found.controls.find((control) => (control as HTMLInputElement).type === 'checkbox');
      if (!box) return false;
      if ((box as HTMLInputElement).checked !== step.on) box.click();
      return true;
    }
    case 'choose': {
      if (first instanceof HTMLSelectElement) {
        const wanted = (option: HTMLOptionElement) =>
          step.labels.includes(option.text.trim()) || step.labels.includes(option.value);
        if (first.multiple) {
          for (const option of first.options) option.selected = wanted(option);
          first.dispatchEvent(new Event('input', { bubbles: true }));
          first.dispatchEvent(new Event('change', { bubbles: true }));
        } else {
          const option = [...first.options].find(wanted);
          if (!option) return false;
          setValue(first, option.value);
        }
        return true;
      }
      let any = false;
      for (const control of found.controls) {
        const input = control as HTMLInputElement;
        if (input.type !== 'radio' && input.type !== 'checkbox') continue;
        const want = step.labels.includes(optionText(input)) || step.labels.includes(input.value);
        if (input.checked !== want && (want || input.type === 'checkbox')) input.click();
        any ||= want;
      }
      return any;
    }
  }
}
