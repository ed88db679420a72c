// Type tests of the MCP adapters against the real SDK types: checked by `tsc -p tsconfig.json`.
import { Client } from '@modelcontextprotocol/client';
import { expectTypeOf } from 'vitest';
import type { InputRequestSource } from '../../src/index.ts';
import {
  clientCapabilitiesFor,
  createElicitationHandler,
  createElicitationQueue,
  createMcpToolSource,
} from '../../src/mcp/index.ts';

// The capabilities a host builds go straight into the SDK client.
const client = new Client(
  { name: 'types', version: '1.0.0' },
  { capabilities: clientCapabilitiesFor({ url: true, tasks: true }, { sampling: {} }) },
);

// Both halves of a 2025 link request register with the SDK as they are.
const queue = createElicitationQueue();
client.setRequestHandler('elicitation/create', queue.handler);
client.setNotificationHandler('notifications/elicitation/complete', queue.handleComplete);
const handler = createElicitationHandler(() => {});
client.setRequestHandler('elicitation/create', handler);
client.setNotificationHandler('notifications/elicitation/complete', handler.handleComplete);

// A connected SDK client is all a tool source needs.
expectTypeOf(createMcpToolSource({ client, name: 'generate_report' })).toEqualTypeOf<InputRequestSource>();
// @ts-expect-error the tool to call is required
createMcpToolSource({ client });
