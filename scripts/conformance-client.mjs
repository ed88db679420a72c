// An MCP client for the official conformance suite (@modelcontextprotocol/conformance), built on
// the package's own adapters: `input-request-cards/mcp` (run `npm run build` first).
//
//   node scripts/conformance-client.mjs <serverUrl>
//
// The suite passes the server URL as the last argument and the scenario in
// MCP_CONFORMANCE_SCENARIO. Every tool the server lists is called through `createMcpRetrySource`
// and answered by the headless answerer, which accepts forms with every schema default present
// and typed. On MCP 2025 servers the same answerer serves `elicitation/create` requests.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createHeadlessAnswerer, createMcpRetrySource } from 'input-request-cards/mcp';

const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
if (!serverUrl?.startsWith('http')) {
  process.stderr.write('input-request-cards: usage: node scripts/conformance-client.mjs <serverUrl>\n');
  process.exit(2);
}

// Scenarios of the 2026-07-28 revision (MRTR) need that revision; the rest start with 2025-11-25.
const modern =
  process.env.MCP_CONFORMANCE_PROTOCOL_VERSION === '2026-07-28' || /^sep-2322|mrtr/.test(scenario);

const answerer = createHeadlessAnswerer({ acceptUrls: false });
const client = new Client(
  { name: 'input-request-cards-conformance', version: '1.0.0' },
  {
    capabilities: { elicitation: { form: {}, url: {} } },
    // Manual rounds: the adapter answers them, never the SDK.
    inputRequired: { autoFulfill: false },
    ...(modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
  },
);
client.setRequestHandler('elicitation/create', answerer.handler);

const log = (line) => process.stdout.write(`${line}\n`);

try {
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
  log(`connected: ${client.getNegotiatedProtocolVersion()} (${scenario || 'no scenario'})`);
  const { tools } = await client.listTools();

  // Start every call first, then answer the rounds: a call that asks is still open while the
  // others run, so no other call may carry its inputResponses or requestState.
  const runs = [];
  for (const tool of tools) {
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: tool.name, arguments: {} } },
    });
    runs.push({ name: tool.name, source, state: await source.fetchState(new AbortController().signal) });
    log(`${tool.name}: ${runs.at(-1).state.status}`);
  }

  let failed = 0;
  for (const run of runs) {
    const final = await answerer.run(run.source, { maxRounds: 5 });
    const text = final.result?.content?.[0]?.text;
    log(`${run.name}: ${final.status}${text ? ` — ${text}` : ''}${final.error ? ` — ${final.error}` : ''}`);
    if (final.status !== 'completed') failed += 1;
  }
  await client.close();
  process.exit(failed === 0 ? 0 : 1);
} catch (error) {
  process.stderr.write(`input-request-cards conformance client: ${error?.stack ?? error}\n`);
  await client.close().catch(() => {});
  process.exit(1);
}
