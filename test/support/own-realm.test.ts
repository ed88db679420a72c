import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { ownRealm } from '../own-realm.ts';

// Most jsdom files share a worker (isolate: false). A file that loads the library twice, counts
// the page's timers, talks over BroadcastChannel or runs in the node environment would meet the
// files before it there, and pass or fail by the order files happen to run in. So each must be in
// `ownRealm`.

const repo = fileURLToPath(new URL('../..', import.meta.url));
/** What marks a file that needs a realm of its own (this file names them, so it is skipped). */
const MARKERS = ['vi.resetModules(', 'getTimerCount(', 'new BroadcastChannel(', '@vitest-environment node'];
const THIS_FILE = 'test/support/own-realm.test.ts';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'browser' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(repo, path)] : [];
  });
}

/** The globs `ownRealm` uses (`*`, `{a,b}`), as a regular expression. */
function globPattern(glob: string): RegExp {
  const source = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]*)\}/g, (_, alternatives: string) => `(${alternatives.split(',').join('|')})`)
    .replace(/\*/g, '[^/]*');
  return new RegExp(`^${source}$`);
}

const inOwnRealm = (file: string) => ownRealm.some((glob) => globPattern(glob).test(file));

it('lists every test file that needs a realm of its own', () => {
  const needing = testFiles(join(repo, 'test')).filter((file) => {
    if (file === THIS_FILE) return false;
    const text = readFileSync(join(repo, file), 'utf8');
    return MARKERS.some((marker) => text.includes(marker));
  });
  expect(needing.length).toBeGreaterThan(10);
  expect(needing.filter((file) => !inOwnRealm(file))).toEqual([]);
});

it('reads the globs as Vitest does', () => {
  expect(inOwnRealm('test/mcp/tool-source.test.ts')).toBe(true);
  expect(inOwnRealm('test/core/secret.test.ts')).toBe(true);
  expect(inOwnRealm('test/core/schema.test.ts')).toBe(false);
  expect(inOwnRealm('test/mcp/card-flows.test.tsx')).toBe(false);
});
