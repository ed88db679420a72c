import { afterEach, describe, expect, it } from 'vitest';
import { storedTexts } from './storage.ts';

// The helper the "no secret is stored" tests read: it must find a secret wherever an entry keeps
// it, and never report the digits of a random idempotency key or a timestamp.
describe('storedTexts', () => {
  afterEach(() => sessionStorage.clear());

  it('finds a value kept deep inside an entry’s JSON, and in plain text entries', () => {
    sessionStorage.setItem('draft', JSON.stringify({ values: { order: { pin: '9999' } } }));
    sessionStorage.setItem('plain', 'typed 4711');
    const texts = storedTexts(sessionStorage).join('\n');
    expect(texts).toContain('9999');
    expect(texts).toContain('typed 4711');
  });

  it('leaves out idempotency keys and numbers', () => {
    sessionStorage.setItem(
      'sent',
      JSON.stringify({ idempotencyKey: 'bb6edac7-6573-4cde-9999-d913d6718276', at: 1796284899990 }),
    );
    expect(storedTexts(sessionStorage).join('\n')).not.toContain('9999');
  });
});
