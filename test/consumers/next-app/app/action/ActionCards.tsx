'use client';
// Two cards whose `resume` is a Server Action: one wrapped, as the README shows, one passed as it
// is (Next.js sends the card's context along; the AbortSignal in it goes as an opaque reference).
import { InputRequestCard, type Suspension } from 'input-request-cards';
import 'input-request-cards/styles.css';
import { resumeDirectly, resumeSignUp } from './actions';

export function ActionCards({ wrapped, direct }: { wrapped: Suspension; direct: Suspension }) {
  return (
    <main>
      <InputRequestCard
        suspension={wrapped}
        resume={(responses, { idempotencyKey }) => resumeSignUp('task-1', responses, idempotencyKey)}
      />
      <InputRequestCard suspension={direct} resume={resumeDirectly} />
    </main>
  );
}
