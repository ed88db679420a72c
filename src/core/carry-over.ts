import type { RawFieldValue } from './answer.js';
import { controlKeeps, fieldKey, initialRawValue, sameRaw, toLocalDateTimeInput } from './answer.js';
import type { DraftValues } from './draft.js';
import { formAnswers } from './form-answers.js';
import { isPlainObject, own, setOwn } from './json.js';
import type { FieldSpec, FormRequest, InputResponses, Suspension } from './model.js';
import { isElicitResult } from './model.js';
import type { ReceiptEntry } from './receipt.js';
import { shownName, shownWithEllipsis } from './shown-text.js';

/**
 * Why a round carries values over from the one before it:
 * - `reask`: the server asked again (a new round after this person's answer, e.g. because it
 *   refused a value); the card shows the server's message as the reason and marks the fields
 *   asked again;
 * - `restart`: the person pressed "Start again" after the server refused the round's state; the
 *   new round of the call issued anew gets the answers back, without marks.
 */
export type CarryOverReason = 'reask' | 'restart';

/** What one form request of a new round carries over from the round before. */
export interface CarriedRequest {
  /**
   * True when the round before asked this request (the same key, or fields of the same name)
   * and this person sent an answer to it: the server asks again, and its message is the reason.
   */
  askedAgain: boolean;
  /** The names of the fields asked again, in the new request's order. */
  fieldsAskedAgain: string[];
  /**
   * The person's earlier values, by property name, as the form's controls hold them: what was
   * sent (or, for a request left unanswered, what was typed). Secrets are never carried.
   */
  values: DraftValues;
}

/**
 * One value a replaced round held that the new round has no place for: the field's name, label
 * and value as a receipt lists them, and the question it answered (`question`: the request's
 * message, untrusted, cut as a name; absent when the request wrote none), so two fields of one
 * label from two questions, or from two rounds, are told apart.
 */
export type LeftBehindField = ReceiptEntry['fields'][number] & { question?: string };

/** What a round carries over from the round before it (see {@link CarryOverReason}). */
export interface RoundCarryOver {
  /** The round that carries the values (the one on screen). */
  roundId: string;
  reason: CarryOverReason;
  /** By request key of the new round; only form requests that carry something are listed. */
  requests: Readonly<Record<string, CarriedRequest>>;
  /**
   * What this person entered into the round before, never sent, that the new round has no place
   * for (its questions changed, an option went): each earlier field and its value as a person
   * reads it (as a receipt's fields), so the card can show and copy it instead of dropping it,
   * with what the round before had left behind in turn. Never a secret (in either round), never
   * a value the field started with. Empty after a round that was sent and taken (the server has
   * those answers); after a restart, whatever the new call no longer asks. With a draft store, a
   * reload reads it back (then `requests` is empty).
   */
  leftBehind: LeftBehindField[];
}

/** The last round that asked something, as the session kept it when a newer round replaced it. */
export interface AskedRound {
  round: Suspension;
  /** The answers given to it (sent, or given before a newer round replaced it). */
  answers: InputResponses;
  /** True when this person's answers to it were sent. */
  sent: boolean;
  /** The last values typed into each of its form requests, by request key (raw, may hold secrets). */
  typed: ReadonlyMap<string, DraftValues>;
  /** What it showed as left behind by the round before it (see {@link RoundCarryOver.leftBehind}). */
  leftBehind?: LeftBehindField[];
}

/**
 * What `next` carries over from `before`: for each form request of `next`, the earlier values of
 * the request with the same key, or else of fields with the same name, and which fields the
 * server asks again. Secrets (a field flagged secret in either round) are never carried; values
 * that no longer fit the field (another type, an option that is gone) are left out.
 *
 * @returns `undefined` when nothing carries over.
 */
export function carryOver(
  before: AskedRound,
  next: Suspension,
  reason: CarryOverReason,
): RoundCarryOver | undefined {
  const earlierForms = before.round.requests.filter(
    (request): request is FormRequest => request.kind === 'form',
  );
  if (earlierForms.length === 0) return undefined;
  const earlierValues = new Map(earlierForms.map((request) => [request.key, valuesOf(request, before)]));
  const requests: Record<string, CarriedRequest> = {};
  /** Earlier values the new round took whole: `<earlier request key>` → field names. */
  const taken = new Map<string, Set<string>>();
  for (const request of next.requests) {
    if (request.kind !== 'form') continue;
    const sameKey = earlierForms.find((earlier) => earlier.key === request.key);
    const values: DraftValues = {};
    const fieldsAskedAgain: string[] = [];
    let askedAgain = reason === 'reask' && before.sent && sameKey !== undefined && answered(before, sameKey);
    for (const field of request.fields) {
      // The same key first; another request of the round before only for names the key lacks.
      const origin = [sameKey, ...earlierForms].find((earlier) =>
        earlier?.fields.some((candidate) => candidate.name === field.name),
      );
      if (!origin) continue;
      const earlierField = origin.fields.find((candidate) => candidate.name === field.name);
      if (reason === 'reask' && before.sent && answered(before, origin)) {
        askedAgain = true;
        fieldsAskedAgain.push(field.name);
      }
      if (field.secret || earlierField?.secret) continue;
      const earlier = earlierValues.get(origin.key);
      if (!earlier || !Object.hasOwn(earlier, field.name)) continue;
      const typed = earlier[field.name];
      const fitted = stillFitting(field, typed);
      if (fitted === undefined) continue;
      setOwn(values, field.name, fitted);
      if (typed !== undefined && sameRaw(fitted, typed)) {
        const names = taken.get(origin.key) ?? new Set<string>();
        taken.set(origin.key, names.add(field.name));
      }
    }
    if (askedAgain || Object.keys(values).length > 0) {
      setOwn(requests, request.key, { askedAgain, fieldsAskedAgain, values });
    }
  }
  // Also after a restart: the answers were refused, and the call issued anew may ask other things.
  const leftBehind = !before.sent
    ? [...(before.leftBehind ?? []), ...leftBehindBy(earlierForms, earlierValues, taken, next)]
    : [];
  return Object.keys(requests).length > 0 || leftBehind.length > 0
    ? { roundId: next.id, reason, requests, leftBehind }
    : undefined;
}

/**
 * `carried` (what `round` carries from the round that replaced it) with what `round` itself held
 * before it was replaced under it (`memory`: what it would carry into itself, by request key,
 * never secrets): a value the newer round carries back wins (it is the later one), the rest of the
 * round's own values fill the fields they came from, and what is back in its own field is no
 * longer listed as left behind.
 */
export function withOwnValues(
  carried: RoundCarryOver | undefined,
  round: Suspension,
  memory: Readonly<Record<string, CarriedRequest>>,
  reason: CarryOverReason,
  newer?: AskedRound,
): RoundCarryOver {
  const requests: Record<string, CarriedRequest> = { ...carried?.requests };
  const newerFields = (newer?.round.requests ?? []).flatMap((r) => (r.kind === 'form' ? r.fields : []));
  const back: string[] = [];
  for (const request of round.requests) {
    const held = (own(memory, request.key) as CarriedRequest | undefined)?.values;
    if (request.kind !== 'form' || !held) continue;
    const later = own(requests, request.key) as CarriedRequest | undefined;
    const laterValues: DraftValues = { ...later?.values };
    for (const name of Object.keys(laterValues)) {
      if (!Object.hasOwn(held, name)) continue;
      // The same request of the newer round first: another request may have a field of that name.
      const newerRequest = newer?.round.requests.find((other) => other.key === request.key);
      const newerField = (newerRequest?.kind === 'form' ? newerRequest.fields : newerFields).find(
        (field) => field.name === name,
      );
      // The newer round's field could not take the value, and nobody changed it there.
      if (
        newerField &&
        stillFitting(newerField, held[name] as RawFieldValue) === undefined &&
        sameRaw(laterValues[name] as RawFieldValue, initialRawValue(newerField))
      )
        delete laterValues[name];
    }
    const values: DraftValues = { ...held, ...laterValues };
    setOwn(requests, request.key, { askedAgain: false, fieldsAskedAgain: [], ...later, values });
    // What the fields show again, as a left-behind list would read it.
    for (const entry of leftBehindBy([request], new Map([[request.key, values]]), new Map(), round))
      back.push(JSON.stringify(entry));
  }
  const leftBehind = (carried?.leftBehind ?? []).filter((entry) => !back.includes(JSON.stringify(entry)));
  return { roundId: round.id, reason: carried?.reason ?? reason, requests, leftBehind };
}

/**
 * The values typed into earlier forms that no field of the new round took whole, as a person
 * reads them: not secrets, not values a control started with (a default nobody changed).
 */
function leftBehindBy(
  earlierForms: readonly FormRequest[],
  earlierValues: ReadonlyMap<string, DraftValues>,
  taken: ReadonlyMap<string, ReadonlySet<string>>,
  next: Suspension,
): LeftBehindField[] {
  // A name the new round calls secret is not shown in the clear, whatever the old round said.
  const secretNow = new Set(
    next.requests.flatMap((request) =>
      request.kind === 'form'
        ? request.fields.filter((field) => field.secret).map((field) => field.name)
        : [],
    ),
  );
  const left: LeftBehindField[] = [];
  for (const request of earlierForms) {
    const values = earlierValues.get(request.key) ?? {};
    // The question it answered, in the server's words (none for a flat list, which has no message
    // of its own): values of several questions, or of several rounds, are told apart by it.
    const question =
      request.messageCode === undefined && request.message.trim() !== ''
        ? shownWithEllipsis(request.message, 'name')
        : undefined;
    for (const field of request.fields) {
      if (field.secret || secretNow.has(field.name) || !Object.hasOwn(values, field.name)) continue;
      if (taken.get(request.key)?.has(field.name)) continue;
      const raw = values[field.name] as RawFieldValue;
      if (sameRaw(raw, initialRawValue(field))) continue;
      const value = formAnswers([field], { [fieldKey(field)]: raw })[0]?.value;
      if (!value) continue;
      left.push({
        name: field.name,
        label: shownName(field.title ?? field.name),
        value,
        ...(question === undefined ? {} : { question }),
      });
    }
  }
  return left;
}

function answered(before: AskedRound, request: FormRequest): boolean {
  return Object.hasOwn(before.answers, request.key);
}

/**
 * The values of one earlier request, as controls hold them: the accepted content when it was
 * accepted (what the server saw), else what was typed.
 */
function valuesOf(request: FormRequest, before: AskedRound): DraftValues {
  const response = Object.hasOwn(before.answers, request.key) ? before.answers[request.key] : undefined;
  const content = isElicitResult(response) && response.action === 'accept' ? response.content : undefined;
  if (isPlainObject(content)) {
    const values: DraftValues = {};
    for (const field of request.fields) {
      if (!Object.hasOwn(content, field.name)) continue;
      const raw = rawValueOf(field, own(content, field.name));
      if (raw !== undefined) setOwn(values, field.name, raw);
    }
    return values;
  }
  return before.typed.get(request.key) ?? {};
}

/** A sent value as the field's control holds it (numbers as text, date-times in local time). */
function rawValueOf(field: FieldSpec, value: unknown): RawFieldValue | undefined {
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'multi-select':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
        ? [...value]
        : undefined;
    case 'number':
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    case 'date-time':
      return typeof value === 'string' ? toLocalDateTimeInput(value) : undefined;
    default:
      return typeof value === 'string' ? value : undefined;
  }
}

/** An earlier raw value, if it still fits the new field: the same kind of control, options that still exist. */
function stillFitting(field: FieldSpec, value: RawFieldValue | undefined): RawFieldValue | undefined {
  if (value === undefined) return undefined;
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'multi-select': {
      if (!Array.isArray(value)) return undefined;
      const known = new Set(field.options.map((option) => option.value));
      return value.filter((entry) => known.has(entry));
    }
    case 'single-select':
      return typeof value === 'string' && field.options.some((option) => option.value === value)
        ? value
        : undefined;
    default:
      // Text a number or date control would blank does not fit: it is left behind instead.
      return typeof value === 'string' && controlKeeps(field, value) ? value : undefined;
  }
}

/** The receipt value kinds a stored left-behind entry may hold (never `secret`). */
const SHOWN_KINDS = new Set(['text', 'number', 'boolean', 'date', 'date-time', 'options']);

/**
 * What a round left behind, as one draft entry (`{ fields: <JSON> }`), so a reload with drafts on
 * shows it again: the old round is gone from the server, and with it every other way back.
 */
export function leftBehindDraft(fields: readonly LeftBehindField[]): DraftValues {
  return { fields: JSON.stringify(fields) };
}

/**
 * The left-behind fields a draft entry holds, read as untrusted storage: malformed entries, and
 * any that is or claims a secret, are dropped.
 */
export function readLeftBehindDraft(draft: DraftValues | undefined): LeftBehindField[] {
  let parsed: unknown;
  try {
    parsed = typeof draft?.fields === 'string' ? JSON.parse(draft.fields) : undefined;
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is LeftBehindField =>
      isPlainObject(entry) &&
      typeof entry.name === 'string' &&
      typeof entry.label === 'string' &&
      (entry.question === undefined || typeof entry.question === 'string') &&
      isPlainObject(entry.value) &&
      SHOWN_KINDS.has(String(entry.value.kind)) &&
      shownValueFits(entry.value),
  );
}

function shownValueFits(value: Record<string, unknown>): boolean {
  switch (value.kind) {
    case 'text':
      return typeof value.text === 'string';
    case 'number':
      return typeof value.value === 'number';
    case 'boolean':
      return typeof value.value === 'boolean';
    case 'options':
      return Array.isArray(value.labels) && value.labels.every((label) => typeof label === 'string');
    default:
      return typeof value.value === 'string';
  }
}
