/** The demo's four tools, how the composer offers them, and how free text maps to them. */
export type ToolName = 'send_report' | 'book_meeting' | 'connect_account' | 'long_task';

export interface ToolAction {
  tool: ToolName;
  /** The suggestion button's text, also what the person "says" when pressing it. */
  prompt: string;
  /** What the assistant says before the card. */
  intro: string;
  arguments: Record<string, unknown>;
  /** Words in free text that pick this tool. */
  keywords: RegExp;
}

export const ACTIONS: readonly ToolAction[] = [
  {
    tool: 'send_report',
    prompt: 'Approve and send the weekly report',
    intro: 'I’ll send the weekly report. The server needs your approval first:',
    arguments: { report: 'weekly' },
    keywords: /\b(report|send|approve|email|mail)/i,
  },
  {
    tool: 'book_meeting',
    prompt: 'Book a meeting',
    intro: 'Let’s book it. The calendar needs a few details:',
    arguments: {},
    keywords: /\b(meet|book|schedul|appointment)/i,
  },
  {
    tool: 'connect_account',
    prompt: 'Connect my calendar account',
    intro: 'To connect your calendar, the server wants you to sign in on its own page:',
    arguments: { service: 'calendar' },
    keywords: /\b(connect|account|sign ?in|log ?in|link|auth)/i,
  },
  {
    tool: 'long_task',
    prompt: 'Run the long task',
    intro: 'Starting the long task. It works for a while and will ask you twice along the way:',
    arguments: {},
    keywords: /\b(long|task|run|dataset|crunch|publish)/i,
  },
];

/** The action free text asks for (connect before meeting: "connect my calendar" is not a meeting). */
export function actionFor(text: string): ToolAction | undefined {
  const order: ToolName[] = ['connect_account', 'book_meeting', 'send_report', 'long_task'];
  for (const name of order) {
    const action = ACTIONS.find((candidate) => candidate.tool === name);
    if (action?.keywords.test(text)) return action;
  }
  return undefined;
}
