// The generated flat schemas every option renders, and the answers typed into them.
// Deterministic: the same N gives the same object in every page and every run.

export type JsonSchema = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
};

/** Field kinds cycle with period 10, so N = 10 already has every kind. */
export const KINDS = [
  'text',
  'email',
  'integer',
  'boolean',
  'enum',
  'uri',
  'number',
  'titled-one-of',
  'date',
  'multi-select',
] as const;
export type Kind = (typeof KINDS)[number];

const ENUM_VALUES = ['red', 'green', 'blue', 'amber'];
const ONE_OF = [
  { const: 's', title: 'Small' },
  { const: 'm', title: 'Medium' },
  { const: 'l', title: 'Large' },
  { const: 'xl', title: 'Extra large' },
  { const: 'xxl', title: 'Huge' },
];
const MULTI_VALUES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

/** What field `i` is. Odd cycles (i in 10..19, 30..39, …) swap uri → long text, date → date-time. */
export function fieldKind(i: number): { kind: Kind; variant: string } {
  const kind = KINDS[i % 10] as Kind;
  const odd = Math.floor(i / 10) % 2 === 1;
  if (kind === 'uri' && odd) return { kind, variant: 'long-text' };
  if (kind === 'date' && odd) return { kind, variant: 'date-time' };
  return { kind, variant: kind };
}

/** The token every label of field `i` carries; the DOM helpers find a field by it. */
export const fieldToken = (i: number) => `Q${i} ·`;
export const propertyName = (i: number) => `q${i}`;

/**
 * A flat MCP `requestedSchema` of `n` fields. Every field has a title, every second one a
 * description, every third one is required. `uniqueItems: true` sits on multi-selects
 * because rjsf only shows a multi-select widget with it (and many servers send it).
 */
export function makeSchema(n: number): JsonSchema {
  const properties: JsonSchema['properties'] = {};
  const required: string[] = [];
  for (let i = 0; i < n; i++) {
    const { variant } = fieldKind(i);
    const title = `${fieldToken(i)} ${variant}`;
    let property: Record<string, unknown>;
    switch (variant) {
      case 'text':
        property = { type: 'string', minLength: 1, maxLength: 80 };
        break;
      case 'email':
        property = { type: 'string', format: 'email' };
        break;
      case 'integer':
        property = { type: 'integer', minimum: 0, maximum: 150 };
        break;
      case 'boolean':
        property = { type: 'boolean' };
        break;
      case 'enum':
        property = { type: 'string', enum: [...ENUM_VALUES] };
        break;
      case 'uri':
        property = { type: 'string', format: 'uri' };
        break;
      case 'long-text':
        property = { type: 'string', maxLength: 1000 };
        break;
      case 'number':
        property = { type: 'number', minimum: 0, maximum: 1000 };
        break;
      case 'titled-one-of':
        property = { type: 'string', oneOf: ONE_OF.map((option) => ({ ...option })) };
        break;
      case 'date':
        property = { type: 'string', format: 'date' };
        break;
      case 'date-time':
        property = { type: 'string', format: 'date-time' };
        break;
      default:
        property = {
          type: 'array',
          items: { type: 'string', enum: [...MULTI_VALUES] },
          uniqueItems: true,
        };
    }
    property.title = title;
    if (i % 2 === 1) property.description = `Help text for question ${i}, written by the server.`;
    properties[propertyName(i)] = property;
    if (i % 3 === 0) required.push(propertyName(i));
  }
  return { type: 'object', properties, required };
}

/** One step a person takes in field `i` (what a keyboard or mouse would do). */
export type Step =
  | { i: number; do: 'type'; value: string }
  | { i: number; do: 'check'; on: boolean }
  | { i: number; do: 'choose'; labels: string[] };

/**
 * A whole answer as UI steps. `valid`: every field filled with a good value. `invalid`: a
 * third of the fields (i % 3 === 1) hold wrong values where a control can hold one (too long,
 * not an email, out of range, not a URI), and half the required fields (i % 6 === 0) are left
 * empty.
 */
export function answerSteps(n: number, which: 'valid' | 'invalid'): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < n; i++) {
    if (which === 'invalid' && i % 6 === 0) continue;
    const wrong = which === 'invalid' && i % 3 === 1;
    const { variant } = fieldKind(i);
    switch (variant) {
      case 'text':
        steps.push({ i, do: 'type', value: wrong ? 'x'.repeat(120) : 'Ada Lovelace' });
        break;
      case 'email':
        steps.push({ i, do: 'type', value: wrong ? 'not-an-email' : 'ada@example.com' });
        break;
      case 'integer':
        steps.push({ i, do: 'type', value: wrong ? '200' : '42' });
        break;
      case 'boolean':
        steps.push({ i, do: 'check', on: true });
        break;
      case 'enum':
        steps.push({ i, do: 'choose', labels: ['green'] });
        break;
      case 'uri':
        steps.push({ i, do: 'type', value: wrong ? 'not a uri' : 'https://example.com/docs' });
        break;
      case 'long-text':
        steps.push({ i, do: 'type', value: wrong ? 'y'.repeat(1200) : 'A longer answer, in a few words.' });
        break;
      case 'number':
        steps.push({ i, do: 'type', value: wrong ? '5000' : '12.5' });
        break;
      case 'titled-one-of':
        steps.push({ i, do: 'choose', labels: ['Medium'] });
        break;
      case 'date':
        steps.push({ i, do: 'type', value: '2026-05-01' });
        break;
      case 'date-time':
        steps.push({ i, do: 'type', value: '2026-05-01T09:30' });
        break;
      default:
        steps.push({ i, do: 'choose', labels: ['beta', 'delta'] });
    }
  }
  return steps;
}

/** Errors an `invalid` answer must produce (wrong values + missing required), for sanity checks. */
export function expectedInvalidFields(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const { variant } = fieldKind(i);
    const canBeWrong = ['text', 'email', 'integer', 'uri', 'long-text', 'number'].includes(variant);
    if (i % 6 === 0 || (i % 3 === 1 && canBeWrong)) out.push(i);
  }
  return out;
}
