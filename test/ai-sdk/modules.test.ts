// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../src/ai-sdk');
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const importsOf = (name: string) =>
  [...read(name).matchAll(/^import (?:type )?[^;]*? from '([^']+)';/gms)].map((match) => match[1] ?? '');

/** The server entry and every module it reaches. */
const SERVER_MODULES = ['server.ts', 'bridge.ts', 'route.ts', 'store.ts', 'redis-store.ts', 'part.ts'];

it('keeps the server half framework-free: no React, no AI SDK or Redis import, only the core', () => {
  for (const name of SERVER_MODULES) {
    const offenders = importsOf(name).filter(
      (from) => !(from.startsWith('../core/') || from.startsWith('./')),
    );
    expect({ name, offenders }).toEqual({ name, offenders: [] });
    for (const from of importsOf(name).filter((f) => f.startsWith('./'))) {
      expect(SERVER_MODULES).toContain(from.replace(/^\.\//, '').replace(/\.js$/, '.ts'));
    }
  }
});

it('marks every React module as client code, and the entry barrel not (it imports no React itself)', () => {
  for (const name of ['InputRequestPart.tsx', 'AnsweredInputRequest.tsx']) {
    expect(read(name).startsWith("'use client';\n")).toBe(true);
  }
  expect(read('index.ts').startsWith("'use client'")).toBe(false);
});
