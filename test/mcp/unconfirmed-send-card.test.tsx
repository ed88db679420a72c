import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { InputRequestCard, type InputRequestSource } from '../../src/index.ts';
import { createMcpRetrySource, createMcpToolSource, type McpClient } from '../../src/mcp/index.ts';
import { type Connected, connectModern, type WireRequest } from '../fixtures/mcp-servers.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// An answer sent over MCP whose response never comes: the server took it and works on, and then
// the connection closes, or the request's own timeout runs out. The answer may have arrived, so
// the card must say so and keep it as sent (Try again, nothing to edit), as it does for an HTTP
// send whose connection dropped: never "could not be sent", which would invite a changed answer.

let connection: Connected | undefined;
let release = () => {};
beforeEach(() => {
  useFakeTime();
});
afterEach(async () => {
  release();
  await connection?.close();
  connection = undefined;
  useRealTime();
});

/** A real MCP 2026-07-28 server whose tool asks once, then takes the answer and works on without end. */
function patientServer() {
  const arrived: unknown[] = [];
  const wire: WireRequest[] = [];
  const working = new Promise<never>((_, reject) => {
    release = () => reject(new Error('test over'));
  });
  working.catch(() => {});
  const factory = () => {
    const server = new McpServer({ name: 'Mailer', version: '1.0.0' });
    server.registerTool(
      'send_report',
      { description: 'Asks for a note, then sends the report.', inputSchema: z.object({}) },
      async (_args, ctx) => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'note');
        if (answer.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              note: inputRequired.elicit({
                message: 'Add a note to the report?',
                requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
              }),
            },
          });
        }
        arrived.push(answer);
        return working;
      },
    );
    return server;
  };
  return { factory, wire, arrived };
}

type Make = (client: McpClient & Connected['client'], timeout?: number) => InputRequestSource;

const sources: [string, Make][] = [
  [
    'createMcpRetrySource',
    (client, timeout) =>
      createMcpRetrySource({
        client,
        request: { method: 'tools/call', params: { name: 'send_report', arguments: {} } },
        ...(timeout === undefined ? {} : { timeout }),
      }),
  ],
  [
    'createMcpToolSource',
    (client, timeout) =>
      createMcpToolSource({ client, name: 'send_report', ...(timeout === undefined ? {} : { timeout }) }),
  ],
];

async function answerAndWait(make: Make, timeout?: number) {
  const server = patientServer();
  connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
  const source = make(connection.client, timeout);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <InputRequestCard source={source} drafts={false} ledger={false} />
    </QueryClientProvider>,
  );
  const user = fakeTimeUser();
  for (let step = 0; step < 50 && !screen.queryByRole('textbox', { name: 'Note' }); step++) await advance(10);
  await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Ship it');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  for (let step = 0; step < 50 && server.arrived.length === 0; step++) await advance(0);
  expect(server.arrived).toEqual([{ kind: 'elicit', action: 'accept', content: { note: 'Ship it' } }]);
  return server;
}

function expectKeptAsMayHaveArrived() {
  const notice = screen.getByRole('alert');
  expect(notice).toHaveTextContent(/^Your answer may or may not have arrived/);
  expect(notice).toHaveTextContent('It stays as you sent it: Try again sends the same answer');
  // Kept as sent: the same answer goes again, nothing to change under it.
  expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Ship it');
  expect(screen.getByRole('textbox', { name: 'Note' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
}

describe('an MCP answer whose response never comes, through the card', () => {
  it.each(sources)('%s: the connection closes while the server works on the answer', async (_name, make) => {
    await answerAndWait(make);
    await connection?.client.close();
    await advance();
    expectKeptAsMayHaveArrived();
  });

  it.each(sources)('%s: the request’s own timeout runs out before the card’s', async (_name, make) => {
    await answerAndWait(make, 10_000);
    await advance(10_000);
    expectKeptAsMayHaveArrived();
    expect(screen.getByRole('alert')).toHaveTextContent(/did not answer in time/);
  });
});
