/**
 * The demo's tools as the chat offers them: the quick-action buttons, what the assistant says
 * before each card, and how free text picks a tool. Shared by the page (buttons) and the demo
 * server (the assistant, which reads what the person typed).
 */
export type ToolName =
  | 'send_report'
  | 'book_meeting'
  | 'connect_account'
  | 'long_task'
  | 'add_contact'
  | 'quarterly_report';

export interface ToolAction {
  tool: ToolName;
  /** The quick-action button's text, also what the person "says" when pressing it. */
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
    keywords: /\b(report|weekly|send|approve|email|mail)/i,
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
    keywords: /\b(long|dataset|crunch|publish)/i,
  },
  {
    tool: 'add_contact',
    prompt: 'Add a contact with an address',
    intro: 'The address book wants the contact’s details:',
    arguments: {},
    keywords: /\b(contact|address|person|people)/i,
  },
  {
    tool: 'quarterly_report',
    prompt: 'Prepare the quarterly report (as a task)',
    intro: 'The Demo server runs this as a background task. It will ask you twice while it works:',
    arguments: { quarter: 'Q3' },
    keywords: /\b(quarter|q[1-4]|task|background)/i,
  },
];

/**
 * The action free text asks for, or nothing (then the assistant lists what it can do). Order
 * matters: "connect my calendar" is not a meeting, "the long task" is not the background task, and
 * "the quarterly report" is not the weekly one.
 */
export function actionFor(text: string): ToolAction | undefined {
  const order: ToolName[] = [
    'connect_account',
    'long_task',
    'quarterly_report',
    'add_contact',
    'book_meeting',
    'send_report',
  ];
  for (const name of order) {
    const action = ACTIONS.find((candidate) => candidate.tool === name);
    if (action?.keywords.test(text)) return action;
  }
  return undefined;
}

/** The assistant's answer to text that picks no tool: everything it can do, by name. */
export const HELP =
  'I can: approve and send the weekly report; book a meeting; connect your calendar account; run the ' +
  'long task; add a contact with an address; or prepare the quarterly report as a background task. ' +
  'Press a button below, or type one of those.';
