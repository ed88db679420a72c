import type { ReactElement } from 'react';
import type { JsonSchema } from '../page/schema.ts';

/** Called by an option when its form was submitted and judged valid (its onSubmit / resume ran). */
export type OnValidSubmit = (content: unknown) => void;

/** One thing the bench compares: a way to put a form for a flat schema on a page. */
export interface BenchOption {
  id: string;
  /** Short name for tables. */
  label: string;
  /**
   * Untimed: turns the schema into what this option starts from (a wire message, a schema
   * object, …). Called with a fresh copy of the schema for every mount, as if a new message
   * arrived each time.
   */
  prepare(schema: JsonSchema, onValidSubmit: OnValidSubmit): unknown;
  /** Timed: the element to render (React options). Parsing the prepared input belongs here. */
  render?(prepared: unknown): ReactElement;
  /** Timed: builds the form into `container` (non-React options); returns its teardown. */
  mount?(container: HTMLElement, prepared: unknown): () => void;
  /** Submits the form as a person would (clicks its submit button). Absent = no submit step. */
  submit?(container: HTMLElement): void;
}

/** The submit button a person would press: a `type="submit"` button inside the form. */
export function clickSubmitButton(container: HTMLElement): void {
  const button = container.querySelector<HTMLElement>('button[type="submit"], input[type="submit"]');
  if (!button) throw new Error('bench: no submit button found');
  button.click();
}
