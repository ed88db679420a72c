import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const srcDir = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

it('imports ajv and ajv-formats only in src/ajv, so the default bundle never carries them', () => {
  // Any module specifier naming them: static, side-effect-only and dynamic imports alike.
  const importsAjv = (file: string) => /['"]ajv(-formats)?(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8'));
  const offenders = sourceFiles(srcDir)
    .filter(importsAjv)
    .map((file) => relative(srcDir, file))
    .filter((file) => !file.startsWith('ajv/'));
  expect(offenders).toEqual([]);
  expect(importsAjv(join(srcDir, 'ajv/index.ts'))).toBe(true);
});
