import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const coreDir = join(import.meta.dirname, '../../src/core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

it('keeps src/core framework-free: no React, no hooks, no DOM libraries', () => {
  const offenders = sourceFiles(coreDir).filter((file) =>
    /from ['"](react|react-dom|@tanstack\/react-query|react-hook-form)(\/|['"])/.test(
      readFileSync(file, 'utf8'),
    ),
  );
  expect(offenders).toEqual([]);
  expect(sourceFiles(coreDir).length).toBeGreaterThan(5);
});
