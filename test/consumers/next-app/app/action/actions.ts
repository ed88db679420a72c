'use server';
// Server Actions as the card's `resume`: what a Next.js app calls instead of its own route. Each
// records what reached the server, for the consumer test to read back.
import { appendFile } from 'node:fs/promises';
import type { InputResponses } from 'input-request-cards';

const log = process.env.CONSUMER_ACTION_LOG ?? 'action-log.jsonl';

/** As the README shows it: called by a small function, with what the server needs. */
export async function resumeSignUp(taskId: string, responses: InputResponses, idempotencyKey?: string) {
  await appendFile(log, `${JSON.stringify({ via: 'wrapped', taskId, responses, idempotencyKey })}\n`);
}

/** Passed as `resume` itself: it gets the card's context too, of which it reads the key. */
export async function resumeDirectly(responses: InputResponses, context?: { idempotencyKey?: string }) {
  await appendFile(
    log,
    `${JSON.stringify({ via: 'direct', responses, idempotencyKey: context?.idempotencyKey })}\n`,
  );
}
