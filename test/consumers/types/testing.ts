// ./testing next to the installed msw (3.x here): its handlers go to msw's own setupServer.

import { QueryClient } from '@tanstack/react-query';
import { type InputRequestState, inputRequestQueryOptions } from 'input-request-cards';
import { createTaskApi, createTestSource } from 'input-request-cards/testing';
import { setupServer } from 'msw/node';

const api = createTaskApi({ scenario: 'asks-once' });
const server = setupServer(...api.handlers);
server.listen({ onUnhandledFrame: 'error' });

const { source, task } = createTestSource();
const state: Promise<InputRequestState> = new QueryClient().fetchQuery(inputRequestQueryOptions(source));
// @ts-expect-error the scripted task is typed, not `any`
task.notAMethod();

export { state };
