// Imports every entry of the packed package except ./testing (see testing.ts) and uses a typed
// piece of each, so a type that resolved to `any` (a missing module, an internal type of another
// version) is an error here.
import {
  InputRequestCard,
  type InputRequestCardProps,
  type InputRequestState,
  inputRequestQueryOptions,
  parseSuspension as parseFromRoot,
} from 'input-request-cards';
import { checkLink, type InputResponses, parseSuspension, type Suspension } from 'input-request-cards/core';
import { createMcpRetrySource, type McpClient } from 'input-request-cards/mcp';
import 'input-request-cards/styles.css';
import { QueryClient } from '@tanstack/react-query';

const round: Suspension = parseSuspension({ inputRequests: {} });
const sameRound: Suspension = parseFromRoot({ inputRequests: {} });
const answers: InputResponses = { who: { action: 'decline' } };

const link = checkLink('https://paypal-login.deno.dev/');
if (link.openable) {
  const domain: string = link.parts.domain;
  // @ts-expect-error a LinkCheck is typed, not `any`
  link.parts.notAPart;
  void domain;
}

// ./mcp without @modelcontextprotocol/client installed: a structural client fits.
const client: McpClient = {
  async request(request) {
    return { resultType: 'complete', content: [], echoed: request.method };
  },
};
const mcpSource = createMcpRetrySource({
  client,
  request: { method: 'tools/call', params: { name: 'deploy', arguments: {} } },
});

const queryClient = new QueryClient();
const cached: InputRequestState | undefined = queryClient.getQueryData(
  inputRequestQueryOptions(mcpSource).queryKey,
);
// @ts-expect-error the cached state is typed, so a wrong field is an error (not `any`)
cached?.notAField;

const props: InputRequestCardProps = { source: mcpSource };
// @ts-expect-error a static card needs its resume function
const incomplete: InputRequestCardProps = { suspension: round };

export { answers, InputRequestCard, incomplete, props, round, sameRound };
