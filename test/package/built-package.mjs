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
  const files = (await readdir(dist)).filter((file) => file.endsWith('.js'));
  const importers = [];
  for (const file of files) {
    if (/['"]ajv(-formats)?(\/[^'"]*)?['"]/.test(await readFile(new URL(file, dist), 'utf8')))
      importers.push(file);
  }
  assert.deepEqual(importers, ['ajv.js']);
});

await check('the React entry declares "use client"', async () => {
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(new URL(import.meta.resolve('input-request-cards')), 'utf8');
  assert.match(source.split('\n')[0], /^['"]use client['"];?$/);
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

await check('the AI SDK client entry declares "use client"', async () => {
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(new URL(import.meta.resolve('input-request-cards/ai-sdk')), 'utf8');
  assert.match(source.split('\n')[0], /^['"]use client['"];?$/);
});

finish();
