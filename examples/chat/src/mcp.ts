import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** The demo's MCP client: real HTTP to the server the dev server runs on the same localhost port. */
export const client = new Client(
  { name: 'chat-demo', version: '1.0.0' },
  {
    capabilities: { elicitation: { form: {}, url: {} } },
    versionNegotiation: { mode: { pin: '2026-07-28' } },
    inputRequired: { autoFulfill: false }, // the cards answer, not the SDK
  },
);

const transport = new StreamableHTTPClientTransport(new URL('/mcp', location.origin));
let connecting: Promise<string> | undefined;

/** Connects once (later calls share the promise); resolves with the negotiated MCP revision. */
export function connect(): Promise<string> {
  connecting ??= client.connect(transport).then(() => transport.protocolVersion ?? 'unknown');
  return connecting;
}
