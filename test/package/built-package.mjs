// Imports the BUILT package by its own name, as a user's Node program would, and checks the
// shape of dist/: one file per module, `'use client'` exactly on the modules that use React,
// entries that agree with package.json, and nothing stray. Run by `npm test` after the build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, finish } from '../support/node-suite.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Every file under `dir`, relative to dist/, with `/` separators. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Bare specifiers a built module imports or re-exports (static `import`/`export … from`, and `import()`). */
function importsOf(source) {
  const specifiers = [];
  const pattern =
    /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?(?:from\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] ?? match[2]);
  return specifiers;
}

/** The packages whose presence makes a module client-only in a React Server Components app. */
const REACT_PACKAGE = /^(?:react|react-dom|@tanstack\/react-query|react-hook-form)(?:\/|$)/;
const USE_CLIENT = /^(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|\s)*['"]use client['"];?/;

const modules = filesUnder(dist).filter((file) => file.endsWith('.js'));

await check('every source module is its own file in dist/ (preserveModules)', () => {
  for (const file of ['index.js', 'core/index.js', 'core/url.js', 'core/parse/index.js', 'mcp/client.js']) {
    assert.ok(modules.includes(file), `dist/${file} exists`);
  }
  // No shared chunks: each built module is one source module, under the same path.
  const orphans = modules.filter(
    (file) => !['.ts', '.tsx'].some((ext) => existsSync(join(root, 'src', file.replace(/\.js$/, ext)))),
  );
  assert.deepEqual(orphans, [], 'built files without a source module of the same path');
});

await check('"use client" tops every module that imports React, and no other module', () => {
  const wrong = [];
  for (const file of modules) {
    const source = readFileSync(join(dist, file), 'utf8');
    const usesReact = importsOf(source).some((specifier) => REACT_PACKAGE.test(specifier));
    const marked = USE_CLIENT.test(source);
    if (usesReact && !marked) wrong.push(`${file} imports React but lacks 'use client'`);
    if (!usesReact && marked) wrong.push(`${file} has 'use client' but imports no React`);
  }
  assert.deepEqual(wrong, []);
  // The rule must have something to bite on: the card and the hooks are React modules.
  for (const file of ['card/InputRequestCard.js', 'hooks/useRoundSession.js']) {
    assert.match(readFileSync(join(dist, file), 'utf8'), USE_CLIENT, file);
  }
  assert.doesNotMatch(readFileSync(join(dist, 'index.js'), 'utf8'), USE_CLIENT, 'the root barrel');
});

await check('every entry in vite.lib.config.ts has an export, and every export a file', () => {
  const config = readFileSync(join(root, 'vite.lib.config.ts'), 'utf8');
  const entries = [...config.matchAll(/^\s*'src\/(.+)\.tsx?',$/gm)].map((match) => `./dist/${match[1]}.js`);
  assert.ok(entries.length >= 4, 'the entries list was found');
  const targets = Object.values(pkg.exports).map((target) =>
    typeof target === 'string' ? target : target.default,
  );
  for (const entry of entries) assert.ok(targets.includes(entry), `${entry} is exported`);
  for (const [name, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue;
    assert.ok(filesUnder(dist).includes(target.types.slice('./dist/'.length)), `${name} types exist`);
    assert.ok(filesUnder(dist).includes(target.default.slice('./dist/'.length)), `${name} file exists`);
  }
});

await check('nothing stray in dist/: only modules, their maps and declarations, and the theme', () => {
  const stray = filesUnder(dist).filter(
    (file) => !/\.(?:js|js\.map|d\.ts)$/.test(file) && file !== 'styles.css',
  );
  assert.deepEqual(stray, []);
  assert.deepEqual(
    filesUnder(dist).filter((file) => file.endsWith('.d.ts.map')),
    [],
    'no declaration maps (they would point at the unpublished src/)',
  );
});

/**
 * Runs `code` in a fresh Node whose module resolution refuses React and its companions, as on
 * a machine of a Node-only bot that never installed them.
 */
function withoutReact(code) {
  const hook = `
    export async function resolve(specifier, context, next) {
      if (${REACT_PACKAGE}.test(specifier)) {
        throw Object.assign(new Error('blocked: ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
      }
      return next(specifier, context);
    }`;
  const register = `import { register } from 'node:module';
    register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
  return spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', code],
    { cwd: root, encoding: 'utf8' },
  );
}

await check('the core and mcp entries load in plain Node with React absent', () => {
  const ok = withoutReact(`
    const core = await import('input-request-cards/core');
    const mcp = await import('input-request-cards/mcp');
    if (typeof core.parseSuspension !== 'function') throw new Error('no parseSuspension');
    if (typeof mcp.createMcpRetrySource !== 'function') throw new Error('no createMcpRetrySource');
    console.log('loaded');`);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /loaded/);
  // The block is real: the React entry does not load under it.
  const blocked = withoutReact(`await import('input-request-cards');`);
  assert.notEqual(blocked.status, 0, 'the root entry needs React');
  assert.match(blocked.stderr, /blocked: react/);
});

const core = await import('input-request-cards/core');

await check('input-request-cards/core exports the core API', () => {
  for (const name of ['analyzeRequestedSchema', 'parseSuspension', 'validateAnswer', 'checkLink']) {
    assert.equal(typeof core[name], 'function', `${name} is exported`);
  }
});

await check('parseSuspension + analyzeRequestedSchema + validateAnswer work end to end', () => {
  const suspension = core.parseSuspension({
    resultType: 'input_required',
    inputRequests: {
      who: {
        method: 'elicitation/create',
        params: {
          message: 'Who are you?',
          requestedSchema: {
            type: 'object',
            properties: { email: { type: 'string', format: 'email' } },
            required: ['email'],
          },
        },
      },
    },
  });
  const [request] = suspension.requests;
  assert.equal(request.kind, 'form');
  assert.equal(request.fields[0].kind, 'email');
  assert.equal(core.validateAnswer(request.requestedSchema, { email: 'ada@example.com' }).valid, true);
  const bad = core.validateAnswer(request.requestedSchema, { email: 'nope' });
  assert.equal(bad.valid, false);
  assert.equal(bad.errors[0].field, 'email');
});

await check('input-request-cards/ajv checks answers with ajv, with the same codes', async () => {
  const { ajvAnswerChecker } = await import('input-request-cards/ajv');
  const schema = { type: 'object', properties: { age: { type: 'integer', minimum: 18 } }, required: ['age'] };
  const codes = (check) => check.errors.map((error) => [error.field, error.keyword]);
  assert.deepEqual(codes(ajvAnswerChecker(schema, { age: 17 })), [['age', 'minimum']]);
  assert.deepEqual(codes(core.validateAnswer(schema, { age: 17 })), [['age', 'minimum']]);
  assert.equal(typeof ajvAnswerChecker.prepare, 'function');
});

await check('only the ajv entry imports ajv: the default bundles never carry it', async () => {
  const { readdir, readFile } = await import('node:fs/promises');
  const dist = new URL('../../dist/', import.meta.url);
  const files = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.js'));
  const importers = [];
  for (const file of files) {
    if (/from ['"]ajv(-formats)?(\/[^'"]*)?['"]/.test(await readFile(new URL(file, dist), 'utf8')))
      importers.push(file);
  }
  assert.deepEqual(importers, ['ajv/index.js']);
});

await check(
  'input-request-cards/ai-sdk/server loads without React and answers through its route',
  async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL(import.meta.resolve('input-request-cards/ai-sdk/server')), 'utf8');
    assert.doesNotMatch(source, /^import [^;]*from ['"]react/m);
    const server = await import('input-request-cards/ai-sdk/server');
    const bridge = server.createInputRequestBridge();
    const written = [];
    const asks = bridge.forChat({ chatId: 'c', writer: { write: (chunk) => written.push(chunk) } });
    const answer = asks.onElicitationRequest({
      params: {
        message: 'OK?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      },
    });
    while (written.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const response = await bridge.handleAnswer(
      new Request('http://app.test/api/input-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          chatId: 'c',
          requestId: written[0].data.requestId,
          response: { action: 'accept', content: { ok: true } },
        }),
      }),
    );
    assert.equal(response.status, 200);
    assert.deepEqual(await answer, { action: 'accept', content: { ok: true } });
    assert.equal(written.at(-1).data.status, 'answered');
  },
);

await check("README's install line for the card names every peer the root entry reaches", () => {
  // A bundler resolves every import it can see, dynamic ones too, when it builds the app: a peer
  // the root entry reaches only lazily (TanStack Query, for a live card) must still be installed.
  const reached = new Set();
  const visited = new Set();
  const visit = (file) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const specifier of importsOf(readFileSync(join(dist, file), 'utf8'))) {
      if (specifier.startsWith('.')) {
        visit(join(file, '..', specifier).split('\\').join('/'));
      } else if (!specifier.startsWith('node:')) {
        const parts = specifier.split('/');
        reached.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
      }
    }
  };
  visit('index.js');
  const peers = [...reached].filter((name) => Object.hasOwn(pkg.peerDependencies, name)).sort();
  assert.ok(peers.includes('react') && peers.includes('@tanstack/react-query'), `reached peers: ${peers}`);
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const line = /^npm install input-request-cards ([^#\n]+)#\s*the card/m.exec(readme);
  assert.ok(line, 'README has an install line for the card ("npm install input-request-cards … # the card")');
  const named = new Set(line[1].trim().split(/\s+/));
  const missing = peers.filter((name) => !named.has(name));
  assert.deepEqual(missing, [], `peers the root entry imports that README's card install line leaves out`);
});

await check('the root entry loads in Node with React present (server rendering)', async () => {
  const rootEntry = await import('input-request-cards');
  // A forwardRef component (it takes a ref for focus()): an object React knows how to render.
  assert.equal(rootEntry.InputRequestCard.$$typeof, Symbol.for('react.forward_ref'));
  assert.equal(rootEntry.parseSuspension, core.parseSuspension, 'one copy of the core');
});

await check(
  'a server render emphasises the whole host, whatever the server has loaded (hydration-safe)',
  async () => {
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { InputRequestCard, parseSuspension } = await import('input-request-cards');
    const { loadPublicSuffixList, checkLink } = core;
    const registrableDomain = await loadPublicSuffixList();
    const url = 'https://secure.paypal-login.deno.dev/signin';
    // The list itself works in Node, as a separate module the root entry only imports lazily.
    assert.equal(checkLink(url, { registrableDomain }).parts.domain, 'paypal-login.deno.dev');
    const suspension = parseSuspension(
      {
        inputRequests: {
          login: { method: 'elicitation/create', params: { mode: 'url', message: 'Sign in.', url } },
        },
      },
      { serverName: 'Shop' },
    );
    const html = renderToString(
      createElement(InputRequestCard, { suspension, resume: async () => undefined }),
    );
    // The first client render (hydration) sees no list either; the highlight narrows after it.
    assert.match(html, /<strong data-part="url-domain">secure\.paypal-login\.deno\.dev<\/strong>/);
  },
);

finish();
