// A user's Vite app: the README's static card, a live card over TanStack Query, and the theme.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createHttpSource,
  InputRequestCard,
  type InputRequestState,
  type InputResponses,
  inputRequestQueryOptions,
  parseSuspension,
} from 'input-request-cards';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'input-request-cards/styles.css';

const suspension = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      who: {
        method: 'elicitation/create',
        params: {
          message: 'Who are you?',
          requestedSchema: {
            type: 'object',
            properties: { email: { type: 'string', format: 'email', title: 'Email' } },
            required: ['email'],
          },
        },
      },
    },
  },
  { serverName: 'Consumer', toolName: 'sign_up' },
);

async function resume(inputResponses: InputResponses): Promise<void> {
  const response = await fetch('/resume', { method: 'POST', body: JSON.stringify({ inputResponses }) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

const source = createHttpSource({ stateUrl: '/tasks/1', resumeUrl: '/tasks/1/resume' });

function TaskStatus() {
  const { data } = useQuery(inputRequestQueryOptions(source));
  // The options carry the state's type: no `any` leaks into the app.
  const status: InputRequestState['status'] | undefined = data?.status;
  return <p>{status ?? 'loading'}</p>;
}

const queryClient = new QueryClient();
const cached: InputRequestState | undefined = queryClient.getQueryData(
  inputRequestQueryOptions(source).queryKey,
);
// @ts-expect-error the cached state is typed, so a wrong field is an error (not `any`)
cached?.notAField;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <InputRequestCard suspension={suspension} resume={resume} />
      <InputRequestCard source={source} />
      <TaskStatus />
    </QueryClientProvider>
  </StrictMode>,
);
