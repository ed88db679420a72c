// What README's examples leave to the reader: their own data and functions, declared here so the
// examples compile as written (test/readme/snippets.mjs).

/** The JSON a server sent for a round of questions. */
declare const wire: unknown;
/** The host's id of its job. */
declare const taskId: string;
/** When the host's job started (epoch milliseconds). */
declare const startedAt: number;
/** The host's own job runner: hands a round's answers to the job that waits for them. */
declare function resumeJob(taskId: string, inputResponses: unknown, idempotencyKey?: string): Promise<void>;
/** The host's own chat storage and sign-in. */
declare function saveChat(id: string, messages: unknown[]): Promise<void> | void;
declare function loadChat<Message>(id: string): Promise<Message[]>;
declare function ownsChat(user: unknown, chatId: string): boolean | Promise<boolean>;
declare function userOf(request: Request): Promise<unknown>;
