import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's size table names the ceilings `npm test` enforces (test/package/size.mjs). A
// ceiling raised in size.mjs and not in the README tells readers a bundle fits where it does not.

const read = (path: string) => readFileSync(join(import.meta.dirname, '../..', path), 'utf8');

describe('the README size table', () => {
  it('states the same ceilings as test/package/size.mjs enforces', () => {
    const budgets = [...read('test/package/size.mjs').matchAll(/budgetKiB: (\d+)/g)].map((match) =>
      Number(match[1]),
    );
    const table = read('README.md').split('**Size**')[1] ?? '';
    const ceilings = [...table.matchAll(/^\| [^|]+\| [\d.]+ KiB +\| (\d+) KiB +\|/gm)].map((match) =>
      Number(match[1]),
    );
    expect(ceilings).toEqual(budgets);
  });
});
