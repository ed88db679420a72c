// A Server Component parses the rounds and hands them, as plain data, to the client cards whose
// `resume` is a Server Action.
import { parseSuspension } from 'input-request-cards';
import { wire } from '../wire';
import { ActionCards } from './ActionCards';

export default function ActionPage() {
  const wrapped = parseSuspension(
    { ...wire, requestState: 'wrapped' },
    { serverName: 'Wrapped', toolName: 'sign_up', taskId: 'task-1' },
  );
  const direct = parseSuspension(
    { ...wire, requestState: 'direct' },
    { serverName: 'Direct', toolName: 'sign_up' },
  );
  return <ActionCards wrapped={wrapped} direct={direct} />;
}
