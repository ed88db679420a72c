import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const mcpDir = join(import.meta.dirname, '../../src/mcp');
const files = readdirSync(mcpDir).map((name) => join(mcpDir, name));

it('keeps src/mcp framework-free: it imports only the core, and the MCP SDK for types', () => {
  const imports = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^import (type )?[^;]*? from '([^']+)';/gms)].map((match) => ({
      file,
      typeOnly: match[1] !== undefined,
      from: match[2] ?? '',
    })),
  );
  expect(imports.length).toBeGreaterThan(5);
  const offenders = imports.filter(
    ({ from, typeOnly }) =>
      !(
        from.startsWith('../core/') ||
        from.startsWith('./') ||
        (typeOnly && from === '@modelcontextprotocol/client')
      ),
  );
  expect(offenders).toEqual([]);
});
