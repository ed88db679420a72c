import { describe, expect, it } from 'vitest';
import * as aiSdk from '../../src/ai-sdk/index.ts';
import * as aiSdkServer from '../../src/ai-sdk/server.ts';
import * as ajv from '../../src/ajv/index.ts';
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
      'TaskResult',
      'UnsupportedRequestSection',
      'createHttpSource',
      'createStorageDraftStore',
      'createStorageLedger',
      'englishMessages',
      'germanMessages',
      'inputRequestQueryOptions',
      'isStaleRoundError',
      'parseSuspension',
      'staticSource',
      'useInputRequest',
      'useInputRequestCard',
      'useLinkRequest',
      'usePendingInputRequests',
      'useRequestField',
      'useRequestForm',
    ]);
    expect(Object.keys(main).length).toBeLessThanOrEqual(40);
  });

  it('input-request-cards/core: the framework-free model, checks and session', () => {
    expect(Object.keys(core).sort()).toEqual([
      'MAX_DEFAULT_LENGTH',
      'MAX_FIELDS',
      'MAX_OPTIONS',
      'MAX_OPTIONS_PER_FIELD',
      'MAX_REQUESTS',
      'SHOWN_TEXT_LIMITS',
      'STATE_TRAITS',
      'StaleRoundError',
      'analyzeRequestedSchema',
      'answersLocked',
      'buildAcceptContent',
      'canRetry',
      'checkLink',
      'createInputRequestSession',
      'createStorageDraftStore',
      'createStorageLedger',
      'describeFailure',
      'fromLocalDateTimeInput',
      'isElicitResult',
      'isStaleRoundError',
      'loadPublicSuffixList',
      'looksSecret',
      'outcomeOf',
      'parseSuspension',
      'pendingInputRequests',
      'pollDelay',
      'readTaskState',
      'receiptOf',
      'roundTooLarge',
      'roundView',
      'sectionPhaseOf',
      'shownName',
      'shownText',
      'staticSource',
      'toFlatInputResponses',
      'toLocalDateTimeInput',
      'validateAnswer',
      'watchPendingInputRequests',
    ]);
  });

  it('input-request-cards/mcp: the MCP adapters', () => {
    expect(Object.keys(mcp).sort()).toEqual([
      'CLIENT_CAPABILITIES_META_KEY',
      'TASKS_EXTENSION',
      'answerRequest',
      'answerRound',
      'answerUntilDone',
      'capabilitiesMeta',
      'clientCapabilitiesFor',
      'createElicitationHandler',
      'createElicitationQueue',
      'createHeadlessAnswerer',
      'createMcpRetrySource',
      'createMcpTaskSource',
      'createMcpToolSource',
      'createRequestTimeouts',
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

  it('input-request-cards/ajv: the opt-in ajv checker', () => {
    expect(Object.keys(ajv).sort()).toEqual([
      'ajvAnswerChecker',
      'answerValidatorCacheSize',
      'prepareAnswerValidator',
    ]);
  });

  it('input-request-cards/ai-sdk: the client half of the AI SDK bridge', () => {
    expect(Object.keys(aiSdk).sort()).toEqual([
      'AnswerNotDeliveredError',
      'AnsweredInputRequest',
      'DEFAULT_ANSWER_API',
      'INPUT_REQUEST_DATA_NAME',
      'INPUT_REQUEST_PART_TYPE',
      'InputRequestPart',
      'OUTCOME_META_KEY',
      'englishAnsweredMessages',
      'germanAnsweredMessages',
      'isInputRequestPart',
      'postInputRequestAnswer',
      'suspensionOfPart',
    ]);
  });

  it('input-request-cards/ai-sdk/server: the server half of the AI SDK bridge', () => {
    expect(Object.keys(aiSdkServer).sort()).toEqual([
      'INPUT_REQUEST_DATA_NAME',
      'INPUT_REQUEST_PART_TYPE',
      'OUTCOME_META_KEY',
      'createInputRequestBridge',
      'createMemoryAnswerStore',
      'createRedisAnswerStore',
      'isInputRequestPart',
      'summarizeAnswer',
      'suspensionOfPart',
    ]);
  });
});
