import { buildAcceptContent, fieldKey, type RawFormValues } from './answer.js';
import { own } from './json.js';
import type { FieldSpec } from './model.js';
import { type ReceiptValue, receiptValueOf } from './receipt.js';

/** One field of a form and what it holds now, ready to be worded. */
export interface FormAnswer {
  field: FieldSpec;
  /**
   * What accepting now would send for the field, as a person reads it: option titles, yes/no,
   * `{ kind: 'secret' }` for a secret that holds something. `undefined` when it would be left out.
   */
  value: ReceiptValue | undefined;
}

/**
 * What a form holds, field by field, as the accept would send it: for a review before Accept and
 * for copying the answers of an expired round. A value that does not convert (text in a number
 * field) is kept as the text typed.
 */
export function formAnswers(fields: readonly FieldSpec[], values: RawFormValues): FormAnswer[] {
  const content = buildAcceptContent(fields, values);
  return fields.map((field) => {
    if (!Object.hasOwn(content, field.name)) return { field, value: undefined };
    if (field.secret) return { field, value: { kind: 'secret' } };
    const value = own(content, field.name);
    // A whole number past 2^53 reads as another number: shown as typed (the form refuses it).
    if (typeof value === 'number' && field.kind === 'integer' && !Number.isSafeInteger(value)) {
      return { field, value: { kind: 'text', text: String(values[fieldKey(field)]).trim() } };
    }
    return { field, value: receiptValueOf(field, value) ?? { kind: 'text', text: String(value) } };
  });
}
