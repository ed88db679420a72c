import { describe, expect, it } from 'vitest';
import {
  createInputRequestSession,
  type InputResponses,
  parseSuspension,
  type Suspension,
  staticSource,
} from '../../src/core/index.ts';

// Answers go out as MCP has them (PROTOCOL.md §2, §3): no content with a decline, a cancel or an
// accepted link, whatever a host passed, through session.answer and session.respond alike (the
// latter is useInputRequest's respond and submit).

const round: Suspension = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      details: {
        method: 'elicitation/create',
        params: {
          message: 'Book?',
          requestedSchema: { type: 'object', properties: { title: { type: 'string' } } },
        },
      },
      login: {
        method: 'elicitation/create',
        params: { mode: 'url', message: 'Sign in', url: 'https://a.example/' },
      },
    },
  },
  { id: 'round-r2', serverName: 'Fixture' },
);

describe('session.respond sends answers as MCP has them', () => {
  it('respond() leaves content out of a decline and of an accepted link, as answer() does', async () => {
    const sent: InputResponses[] = [];
    const session = createInputRequestSession({
      source: staticSource(round, async (responses) => {
        sent.push(responses);
      }),
    });
    const stop = session.subscribe(() => {});
    await session.respond({
      details: { action: 'decline', content: { title: 'leaked draft' } } as never,
      login: { action: 'accept', content: { token: 'secret' } },
    });
    stop();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({ details: { action: 'decline' }, login: { action: 'accept' } });
  });
});
