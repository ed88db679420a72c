// Type tests: checked by `tsc -p tsconfig.json` (the type-check step of `npm test`). A line
// marked @ts-expect-error fails the check when it stops being an error.
import { expectTypeOf } from 'vitest';
import type { InputRequestSession } from '../../src/core/index.ts';
import type {
  ElicitResult,
  FieldProps,
  InputRequestCardProps,
  InputRequestController,
  InputRequestSource,
  InputRequestState,
  InputResponses,
  RequestFormControl,
  ResumeFunction,
  SessionSnapshot,
  Suspension,
} from '../../src/index.ts';

declare const suspension: Suspension;
declare const source: InputRequestSource;
declare const resume: ResumeFunction;

// The card takes a round and its resume, or a source — never both.
const held: InputRequestCardProps = { suspension, resume };
const followed: InputRequestCardProps = { source };
void held;
void followed;
// @ts-expect-error a round needs its resume
const withoutResume: InputRequestCardProps = { suspension };
// @ts-expect-error a source and a round at once are refused
const both: InputRequestCardProps = { source, suspension, resume };
void withoutResume;
void both;

// The source contract: readings in, responses out.
expectTypeOf<InputRequestSource['fetchState']>().returns.toEqualTypeOf<Promise<InputRequestState>>();
expectTypeOf<InputRequestSource['resume']>().parameter(0).toEqualTypeOf<InputResponses>();
expectTypeOf<InputRequestSource['follow']>().toEqualTypeOf<boolean | undefined>();

// The hook: the session's snapshot and the person's actions.
expectTypeOf<InputRequestController['snapshot']>().toEqualTypeOf<SessionSnapshot>();
expectTypeOf<InputRequestController['session']>().toEqualTypeOf<InputRequestSession>();
expectTypeOf<InputRequestController['stop']>().toEqualTypeOf<(() => Promise<void>) | undefined>();
expectTypeOf<SessionSnapshot['answers']>().toEqualTypeOf<InputResponses>();

// The form engine stays private: a field gets an opaque control, not react-hook-form's object.
expectTypeOf<FieldProps['form']>().toEqualTypeOf<RequestFormControl>();
declare const control: RequestFormControl;
// @ts-expect-error react-hook-form's API is not part of the contract
control.register;

// A person's answer is one of three actions.
expectTypeOf<ElicitResult['action']>().toEqualTypeOf<'accept' | 'decline' | 'cancel'>();
