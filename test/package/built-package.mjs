// Imports the BUILT package by its own name, as a user's Node program would, and checks
// that the framework-free entry works without React. Run by `npm test` after the build.
import assert from 'node:assert/strict';
import { check, finish } from '../support/node-suite.mjs';

const core = await import('input-request-cards/core');

await check('input-request-cards/core exports the core API', () => {
  for (const name of ['analyzeRequestedSchema', 'parseSuspension', 'validateAnswer']) {
    assert.equal(typeof core[name], 'function', `${name} is exported`);
  }
});

await check('the core entry loads without React', async () => {
  const { readFile } = await import('node:fs/promises');
  const url = import.meta.resolve('input-request-cards/core');
  const source = await readFile(new URL(url), 'utf8');
  assert.doesNotMatch(source, /from ['"]react/);
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

await check('the React entry declares "use client"', async () => {
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(new URL(import.meta.resolve('input-request-cards')), 'utf8');
  assert.match(source.split('\n')[0], /^['"]use client['"];?$/);
});

finish();
