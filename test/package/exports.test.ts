import { describe, expect, it } from 'vitest';
import * as core from '../../src/core/index.ts';
import * as main from '../../src/index.ts';
import * as mcp from '../../src/mcp/index.ts';
import * as testing from '../../src/testing/index.ts';

// The runtime exports of every entry, locked: adding or removing one is a decision, made here.

describe('exports', () => {
  it('input-request-cards: the card, its parts, hooks, sources and messages (at most 40)', () => {
    expect(Object.keys(main).sort()).toEqual([
      'Field',
      'FormRequestSection',
      'HostAnsweredSection',
      'InputRequestCard',
      'LinkRequestSection',
      'SectionStatus',
      'StaleRoundError',
      'UnsupportedRequestSection',
      'createHttpSource',
      'createStorageDraftStore',
      'englishMessages',
      'germanMessages',
      'inputRequestQueryOptions',
      'isStaleRoundError',
      'parseSuspension',
      'staticSource',
      'useInputRequest',
      'useInputRequestCard',
      'useLinkRequest',
      'useRequestField',
      'useRequestForm',
    ]);
    expect(Object.keys(main).length).toBeLessThanOrEqual(40);
  });

  it('input-request-cards/core: the framework-free model, checks and session', () => {
    expect(Object.keys(core).sort()).toEqual([
      'MAX_FIELDS',
      'STATE_TRAITS',
      'StaleRoundError',
      'analyzeRequestedSchema',
      'buildAcceptContent',
      'checkLink',
      'createInputRequestSession',
      'createStorageDraftStore',
      'describeFailure',
      'isElicitResult',
      'isStaleRoundError',
      'looksSecret',
      'parseSuspension',
      'pollDelay',
      'readTaskState',
      'staticSource',
      'toFlatInputResponses',
      'validateAnswer',
    ]);
  });

  it('input-request-cards/mcp: the MCP adapters', () => {
    expect(Object.keys(mcp).sort()).toEqual([
      'answerRequest',
      'answerRound',
      'answerUntilDone',
      'createElicitationHandler',
      'createElicitationQueue',
      'createHeadlessAnswerer',
      'createMcpRetrySource',
      'createMcpTaskSource',
      'tolerateMissingResultType',
    ]);
  });

  it('input-request-cards/testing: the scripted task API', () => {
    expect(Object.keys(testing).sort()).toEqual([
      'TaskModel',
      'approveRound',
      'createTaskApi',
      'createTestSource',
      'followUpRound',
    ]);
  });
});
