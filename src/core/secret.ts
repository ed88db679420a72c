import type { FieldSpec } from './model.js';

const SECRET_WORDS =
  /pass(word|code|phrase)?|secret|token|api[\s_-]?key|private[\s_-]?key|\bpin\b|cvc|cvv|card[\s_-]?number|iban|otp|one[\s-]?time/i;

/**
 * The default rule for fields to treat as secrets when the server did not flag them: names or
 * titles that ask for passwords, keys, tokens, PINs or payment data — which MCP forbids servers
 * to ask for in a form. Secret fields are masked, never stored in drafts, never logged.
 *
 * @example
 * ```ts
 * looksSecret({ name: 'api_key', … }); // true
 * looksSecret({ name: 'email', … }); // false
 * ```
 */
export function looksSecret(field: Pick<FieldSpec, 'name' | 'title' | 'kind'>): boolean {
  if (field.kind !== 'text') return false;
  return SECRET_WORDS.test(field.name) || (field.title !== undefined && SECRET_WORDS.test(field.title));
}
