// What the hand-written form (c) and the raw DOM form (d) share: reading the flat schema into
// fields, raw control values → typed content, and ajv compiled lazily and cached by schema text.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../page/schema.ts';

export type Control =
  | 'text'
  | 'email'
  | 'url'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'multi'
  | 'date'
  | 'datetime';

export interface HandField {
  name: string;
  title: string;
  description: string | undefined;
  required: boolean;
  control: Control;
  type: string;
  options: { value: string; label: string }[];
}

/** The fields of a flat schema, in order. */
export function fieldsOf(schema: JsonSchema): HandField[] {
  const required = new Set(schema.required);
  return Object.entries(schema.properties).map(([name, property]) => {
    const type = String(property.type);
    const format = property.format;
    const enumValues = property.enum as string[] | undefined;
    const oneOf = property.oneOf as { const: string; title: string }[] | undefined;
    const items = property.items as { enum?: string[] } | undefined;
    let control: Control = 'text';
    let options: HandField['options'] = [];
    if (type === 'boolean') control = 'checkbox';
    else if (type === 'number' || type === 'integer') control = 'number';
    else if (type === 'array') {
      control = 'multi';
      options = (items?.enum ?? []).map((value) => ({ value, label: value }));
    } else if (enumValues) {
      control = 'select';
      options = enumValues.map((value) => ({ value, label: value }));
    } else if (oneOf) {
      control = 'select';
      options = oneOf.map((option) => ({ value: option.const, label: option.title }));
    } else if (format === 'email') control = 'email';
    else if (format === 'uri') control = 'url';
    else if (format === 'date') control = 'date';
    else if (format === 'date-time') control = 'datetime';
    return {
      name,
      title: String(property.title ?? name),
      description: property.description as string | undefined,
      required: required.has(name),
      control,
      type,
      options,
    };
  });
}

/** The HTML input type of a one-input control. */
export function inputType(control: Control): string {
  switch (control) {
    case 'datetime':
      return 'datetime-local';
    case 'checkbox':
    case 'email':
    case 'url':
    case 'number':
    case 'date':
      return control;
    default:
      return 'text';
  }
}

/** Raw control values (strings, booleans, string arrays) → the JSON the schema asks for. */
export function toContent(fields: HandField[], raw: Record<string, unknown>): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.control === 'checkbox') {
      content[field.name] = value === true;
      continue;
    }
    if (field.control === 'multi') {
      const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
      if (list.length > 0) content[field.name] = list;
      continue;
    }
    if (typeof value !== 'string' || value === '') continue;
    if (field.control === 'number') {
      const number = Number(value);
      content[field.name] = Number.isNaN(number) ? value : number;
    } else if (field.control === 'datetime') {
      const date = new Date(value);
      content[field.name] = Number.isNaN(date.getTime()) ? value : date.toISOString();
    } else content[field.name] = value;
  }
  return content;
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

/** ajv for this schema: compiled on first use, cached by the schema's text (not its object). */
export function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv({ allErrors: true, strict: false });
      addFormats(ajv);
    }
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** ajv's errors as one message per field name. */
export function errorsByField(validate: ValidateFunction): Map<string, string> {
  const byField = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const name =
      error.keyword === 'required'
        ? String((error.params as { missingProperty: string }).missingProperty)
        : error.instancePath.split('/')[1];
    if (name && !byField.has(name)) byField.set(name, error.message ?? 'is invalid');
  }
  return byField;
}
