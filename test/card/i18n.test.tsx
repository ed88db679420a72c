import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { englishAnsweredMessages } from '../../src/ai-sdk/index.ts';
import type { Failure, RequestedSchema } from '../../src/core/index.ts';
import type { FieldSpec } from '../../src/core/model.ts';
import { type FieldError, validateAnswer } from '../../src/core/validate.ts';
import { germanMessages } from '../../src/i18n/de.ts';
import {
  englishMessages,
  InputRequestCard,
  type InputRequestMessages,
  type InputResponses,
  parseSuspension,
} from '../../src/index.ts';
import { deferred } from '../fixtures/deferred.ts';

/** Stands in for every string argument, so the fixed text around it can be cut out. */
const ARG = '\u2063ARG\u2063';

/**
 * A real FieldError, from validateAnswer, for every keyword it reports (with limits of 1, 2 and
 * a large fraction, to reach plural forms and number grouping), plus a whole answer that is no
 * object and a keyword only another checker (ajv) could report.
 */
const sampleErrors: Array<[FieldError, FieldSpec]> = (() => {
  const cases: Record<string, [Record<string, unknown>, unknown]> = {
    required: [{ type: 'string' }, undefined],
    minLength1: [{ type: 'string', minLength: 1 }, ''],
    minLength2: [{ type: 'string', minLength: 2 }, 'a'],
    maxLength1: [{ type: 'string', maxLength: 1 }, 'ab'],
    maxLength: [{ type: 'string', maxLength: 12345 }, 'x'.repeat(12346)],
    minimum: [{ type: 'number', minimum: 12345.5 }, 1],
    maximum: [{ type: 'number', maximum: 2 }, 3],
    minItems1: [{ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 }, []],
    minItems2: [{ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 2 }, ['a']],
    maxItems: [{ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 1 }, ['a', 'b']],
    uniqueItems: [{ type: 'array', items: { type: 'string', enum: ['a'] }, uniqueItems: true }, ['a', 'a']],
    email: [{ type: 'string', format: 'email' }, 'x'],
    uri: [{ type: 'string', format: 'uri' }, 'x'],
    date: [{ type: 'string', format: 'date' }, 'x'],
    dateTime: [{ type: 'string', format: 'date-time' }, 'x'],
    integer: [{ type: 'integer' }, 1.5],
    enum: [{ type: 'string', enum: ['a'] }, 'z'],
    typeNumber: [{ type: 'number' }, 'abc'],
    typeBoolean: [{ type: 'boolean' }, 'x'],
    typeString: [{ type: 'string' }, 5],
    typeArray: [{ type: 'array', items: { type: 'string', enum: ['a'] } }, 'a'],
    typeItem: [{ type: 'array', items: { type: 'string', enum: ['a'] } }, [5]],
    typeSelect: [{ type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 5],
  };
  const names = Object.keys(cases);
  const schema: RequestedSchema = {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, cases[name]![0]])),
    required: ['required'],
  };
  const content = Object.fromEntries(
    names.filter((name) => cases[name]![1] !== undefined).map((name) => [name, cases[name]![1]]),
  );
  const { errors } = validateAnswer(schema, content);
  if (errors.map((error) => error.field).join() !== names.join()) {
    throw new Error(`expected one error per sample field, got ${JSON.stringify(errors)}`);
  }
  const text: FieldSpec = { kind: 'text', name: 'other', index: 0, required: false };
  return [
    ...errors.map((error, index): [FieldError, FieldSpec] => {
      const property = cases[error.field]![0];
      const base = { name: error.field, index, required: false };
      if (property.type === 'array') return [error, { ...base, kind: 'multi-select', options: [] }];
      if ('enum' in property || 'oneOf' in property)
        return [error, { ...base, kind: 'single-select', options: [] }];
      if (property.type === 'boolean') return [error, { ...base, kind: 'boolean' }];
      if (property.type === 'number' || property.type === 'integer')
        return [error, { ...base, kind: property.type }];
      return [error, { ...base, kind: 'text' }];
    }),
    [validateAnswer(schema, null as unknown as Record<string, unknown>).errors[0]!, text],
    [{ field: 'other', keyword: 'multipleOf', params: { multipleOf: 0.25 } }, text],
    // What the form refuses as the text becomes the answer (conversionErrors), not the checker.
    [
      { field: 'big', keyword: 'unsafeInteger', params: { limit: Number.MAX_SAFE_INTEGER } },
      { kind: 'integer', name: 'big', index: 0, required: false },
    ],
    [
      { field: 'at', keyword: 'skippedLocalTime', params: { offsetBefore: '+01:00', offsetAfter: '+02:00' } },
      { kind: 'date-time', name: 'at', index: 0, required: false },
    ],
    // Text the browser shows but cannot read as the input's kind (the form, from validity.badInput).
    [
      { field: 'guests', keyword: 'badInput', params: {} },
      { kind: 'integer', name: 'guests', index: 0, required: false },
    ],
    [
      { field: 'price', keyword: 'badInput', params: {} },
      { kind: 'number', name: 'price', index: 0, required: false },
    ],
    [
      { field: 'day', keyword: 'badInput', params: {} },
      { kind: 'date', name: 'day', index: 0, required: false },
    ],
    [
      { field: 'at', keyword: 'badInput', params: {} },
      { kind: 'date-time', name: 'at', index: 0, required: false },
    ],
  ];
})();

type StringArgs = Record<string, Array<unknown[]>>;

/** One unsupported request of each kind the parser reports, with its English reason. */
const unsupportedSamples = parseSuspension({
  inputRequests: {
    sampling: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } },
    roots: { method: 'roots/list' },
    other: { method: 'payments/charge' },
    mode: { method: 'elicitation/create', params: { mode: 'voice', message: 'Say it' } },
    schema: {
      method: 'elicitation/create',
      params: {
        message: 'Code?',
        requestedSchema: { type: 'object', properties: { c: { type: 'string', pattern: 'x' } } },
      },
    },
    options: {
      method: 'elicitation/create',
      params: {
        message: 'Where?',
        requestedSchema: {
          type: 'object',
          properties: { c: { type: 'string', enum: Array.from({ length: 1001 }, (_, i) => `o${i}`) } },
        },
      },
    },
    fields: {
      method: 'elicitation/create',
      params: {
        message: 'All of it?',
        requestedSchema: {
          type: 'object',
          properties: Object.fromEntries(
            Array.from({ length: 101 }, (_, i) => [`f${i}`, { type: 'string' }]),
          ),
        },
      },
    },
    broken: 'not a request',
    file: {
      method: 'elicitation/create',
      params: {
        message: 'Upload?',
        requestedSchema: {
          type: 'object',
          properties: { doc: { type: 'string', format: 'uri', 'x-mcp-file': {} } },
        },
      },
    },
  },
})
  .requests.concat(
    parseSuspension({ inputRequests: Array.from({ length: 9 }, (_, i) => ({ name: `f${i}` })) }).requests,
    parseSuspension({
      type: 'mcp-input-request',
      requests: [
        { key: 'a', method: 'roots/list' },
        { key: 'a', method: 'roots/list' },
      ],
    }).requests,
    parseSuspension({ code: -32042, message: 'Open a link' }).requests,
    [
      {
        kind: 'unsupported',
        key: 'host',
        method: 'sampling/createMessage',
        reasonCode: 'answerer-failed',
        reasonParams: { detail: ARG },
        problems: [],
      },
      {
        kind: 'unsupported',
        key: '',
        method: 'unknown',
        reasonCode: 'too-many-requests',
        reasonParams: { count: 12_345, limit: 20 },
        problems: [],
      },
    ],
  )
  .flatMap((request) => (request.kind === 'unsupported' ? [request] : []));

/** One failure of each code, as the card words them. */
const failureSamples: Array<[Failure]> = [
  [{ code: 'network', detail: 'Failed to fetch' }],
  [{ code: 'timeout', detail: 'timed out' }],
  [{ code: 'http', status: 503, detail: 'HTTP 503' }],
  [{ code: 'http', status: 503, detail: 'HTTP 503', retryAfterMs: 30_000 }],
  [{ code: 'http', status: 403, detail: 'HTTP 403' }],
  [{ code: 'stale', status: 409, detail: 'stale' }],
  [{ code: 'refused', detail: 'not JSON' }],
  [{ code: 'interrupted', detail: 'left' }],
  [{ code: 'unknown', detail: 'odd' }],
];

/** How to call each function message; the test below fails when a new key is missing here. */
const sampleCalls: StringArgs = {
  askedBy: [[ARG]],
  askedByClosed: [[ARG]],
  taskFrom: [[ARG]],
  answeringElsewhere: [[ARG], []],
  viaTool: [[ARG]],
  sendFailed: [...failureSamples, [{ code: 'http', status: 503, detail: 'HTTP 503' }, 'accept']],
  stopFailed: failureSamples,
  stateReadFailed: failureSamples,
  taskGoesOn: [['expired'], ['answered-elsewhere']],
  sendUncertain: failureSamples,
  announceAskedAgain: [[ARG], [undefined]],
  announceNewQuestions: [
    [1, ARG],
    [1, undefined],
    [3, ARG],
    [3, undefined],
  ],
  outcome: [
    ['accepted'],
    ['opened'],
    ['declined'],
    ['cancelled'],
    ['answered'],
    ['answered-elsewhere'],
    ['expired'],
    ['closed-unconfirmed'],
    ['stopped'],
  ],
  receiptAction: [
    ['accept', 'form'],
    ['accept', 'url'],
    ['accept', 'host'],
    ['decline', 'form'],
    ['cancel', 'url'],
  ],
  receiptValue: [
    [{ kind: 'boolean', value: true }],
    [{ kind: 'boolean', value: false }],
    [{ kind: 'secret' }],
    [{ kind: 'options', labels: ['Red', 'Blue'] }],
  ],
  taskProgress: [
    [3, 10],
    [3, undefined],
  ],
  workingFor: [[75]],
  textCut: [[995_000]],
  sectionAnswered: (['accept', 'decline', 'cancel'] as const).flatMap((action) =>
    (['waiting', 'sending', 'not-used', 'unconfirmed'] as const).map((phase) => [action, phase]),
  ),
  progress: [[3, 7]],
  refusalQuestion: [['decline'], ['cancel'], ['stop-task']],
  questionPosition: [[2, 3]],
  problemDetails: [[1], [3]],
  linkRefused: [[ARG]],
  linkWaiting: [[ARG]],
  linkPunycode: [[ARG, ARG]],
  linkMixedScript: [[ARG, ['Cyrl', 'Latn']]],
  showSecret: [[ARG]],
  hideSecret: [[ARG]],
  secretWarning: [[ARG]],
  failed: [[ARG], [undefined]],
  automaticAnswerFailed: failureSamples,
  restartFailed: failureSamples,
  fieldError: sampleErrors,
  checkFailedHere: [[ARG, ARG]],
  unsupportedReason: unsupportedSamples.map((request) => [request]),
  additionalInputRequired: [[[ARG, ARG]]],
  timeLeft: [
    [{ unit: 'day', value: 3, urgent: false }],
    [{ unit: 'hour', value: 1, urgent: false }],
    [{ unit: 'hour', value: 5, urgent: false }],
    [{ unit: 'minute', value: 1, urgent: false }],
    [{ unit: 'minute', value: 25, urgent: false }],
    [{ unit: 'minute', value: 0, urgent: true }],
  ],
  step: [[2, 5]],
  editAnswer: [[ARG]],
};

/** Every piece of fixed English text the built-in messages can produce. */
function englishFragments(): string[] {
  const texts: string[] = [];
  for (const [key, value] of Object.entries(englishMessages)) {
    if (typeof value === 'string') {
      texts.push(value);
      continue;
    }
    const calls = sampleCalls[key];
    if (!calls) throw new Error(`add sample arguments for englishMessages.${key} to this test`);
    for (const args of calls) texts.push((value as (...args: unknown[]) => string)(...args));
  }
  const fragments = texts
    // Cut out the arguments and numbers (in any locale's digits grouping).
    .flatMap((text) => text.split(new RegExp(`${ARG}|\\d[\\d,.]*`, 'u')))
    .map((fragment) => fragment.trim().replace(/^[.,:;"()]+\s*/, ''))
    // Too short to mean anything on its own ("of", "(", "."); the longer fragments around it still count.
    .filter((fragment) => (fragment.match(/\p{L}/gu) ?? []).length >= 4);
  return [...new Set(fragments)];
}

/**
 * What a person perceives: the text, plus names and values given in attributes. Left out: the
 * technical problem list behind an unsupported request's disclosure (schema paths and keyword
 * messages for developers), which the parser writes in English.
 */
function perceivedText(): string {
  const body = document.body.cloneNode(true) as HTMLElement;
  for (const parserText of body.querySelectorAll('[data-part="problems"] li')) {
    parserText.remove();
  }
  const attributes = [...body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap(
    (element) =>
      ['aria-label', 'title', 'placeholder', 'alt']
        .map((name) => element.getAttribute(name))
        .filter((value): value is string => value !== null),
  );
  return [body.textContent ?? '', ...attributes].join('\n');
}

function englishLeftIn(text: string): string[] {
  return englishFragments().filter((fragment) => text.includes(fragment));
}

const germanSchema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Ihr Name', minLength: 3 },
    betrag: { type: 'number', title: 'Betrag', maximum: 10000 },
    land: {
      type: 'string',
      title: 'Land',
      oneOf: [
        { const: 'de', title: 'Deutschland' },
        { const: 'at', title: 'Österreich' },
        { const: 'ch', title: 'Schweiz' },
        { const: 'li', title: 'Liechtenstein' },
        { const: 'lu', title: 'Luxemburg' },
      ],
    },
    '': { type: 'string' },
    schluessel: { type: 'string', title: 'Zugangsschlüssel' },
    themen: {
      type: 'array',
      title: 'Themen',
      items: { type: 'string', enum: ['Kalender', 'Post'] },
      minItems: 1,
    },
  },
  required: ['name', 'themen'],
};

function germanRound() {
  const suspension = parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        formular: {
          method: 'elicitation/create',
          params: { message: 'Bitte ergänzen Sie Ihre Angaben.', requestedSchema: germanSchema },
        },
        anmeldung: {
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: 'Melden Sie sich beim Kalender an.',
            url: 'http://nutzer:kennwort@xn--pple-43d.com/anmelden',
          },
        },
        netz: {
          method: 'elicitation/create',
          params: { mode: 'url', message: 'Router einrichten.', url: 'https://192.0.2.1/einrichtung' },
        },
        skript: {
          method: 'elicitation/create',
          params: { mode: 'url', message: 'Skript starten.', url: 'javascript:alert(1)' },
        },
        kaputt: {
          method: 'elicitation/create',
          params: { mode: 'url', message: 'Seite öffnen.', url: 'keine Adresse' },
        },
        zusammenfassung: {
          method: 'sampling/createMessage',
          params: { message: 'Zusammenfassung erstellen.', messages: [], maxTokens: 100 },
        },
      },
      requestState: 'v1.de',
    },
    { serverName: 'Kalender', toolName: 'termin_buchen' },
  );
  const form = suspension.requests[0];
  if (form?.kind !== 'form') throw new Error('expected a form');
  for (const field of form.fields) if (field.name === 'schluessel') field.secret = true;
  return suspension;
}

const anonymousRound = parseSuspension({
  inputRequests: {
    frage: {
      method: 'elicitation/create',
      params: {
        message: 'Geheimzahl eingeben.',
        requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^[0-9]+$' } } },
      },
    },
  },
});

let open: MockInstance<typeof window.open>;
beforeEach(() => {
  open = vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => {
  open.mockRestore();
});

describe('germanMessages', () => {
  it('has every key of the English messages, each of them translated', () => {
    expect(Object.keys(germanMessages).sort()).toStrictEqual(Object.keys(englishMessages).sort());
    for (const [key, value] of Object.entries(germanMessages)) {
      const english = englishMessages[key as keyof InputRequestMessages];
      if (typeof value === 'string') expect(value, key).not.toBe(english);
      else expect(typeof value, key).toBe('function');
    }
  });

  it('the sample calls in this test cover every function message', () => {
    const functionKeys = Object.entries(englishMessages)
      .filter(([, value]) => typeof value === 'function')
      .map(([key]) => key);
    expect(Object.keys(sampleCalls).sort()).toStrictEqual(functionKeys.sort());
  });

  it('translates every validation keyword, with German number formatting', () => {
    const english = englishFragments();
    for (const [error, field] of sampleErrors) {
      const text = germanMessages.fieldError(error, field);
      expect(
        english.filter((fragment) => text.includes(fragment)),
        text,
      ).toStrictEqual([]);
    }
    const german = sampleErrors.map(([error, field]) => germanMessages.fieldError(error, field));
    expect(german).toContain('Geben Sie eine Zahl von mindestens 12.345,5 ein.');
    expect(german).toContain('Geben Sie höchstens 12.345 Zeichen ein.');
    expect(german).toContain('Geben Sie mindestens 1 Zeichen ein.');
    expect(german).toContain('Wählen Sie mindestens 1 Option.');
    expect(german).toContain(
      'Diese Zahl hat zu viele Stellen, um sie genau zu senden. Geben Sie eine ganze Zahl von -9.007.199.254.740.991 bis 9.007.199.254.740.991 ein.',
    );
    expect(germanMessages.progress(1200, 3000)).toBe('1.200 von 3.000 beantwortet');
  });

  it('translates the errors validateAnswer really reports', () => {
    const schema: RequestedSchema = {
      type: 'object',
      properties: {
        a: { type: 'string', minLength: 2 },
        b: { type: 'integer', maximum: 10000 },
        c: { type: 'string', format: 'email' },
        d: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 2 },
        e: { type: 'string', enum: ['x'] },
        f: { type: 'boolean' },
      },
      required: ['a', 'f'],
    };
    const { errors } = validateAnswer(schema, { a: 'x', b: 10001, c: 'nope', d: ['x'], e: 'z' });
    const field: FieldSpec = { kind: 'text', name: 'x', index: 0, required: false };
    expect(errors.map((error) => germanMessages.fieldError(error, field))).toStrictEqual([
      'Geben Sie mindestens 2 Zeichen ein.',
      'Geben Sie eine Zahl von höchstens 10.000 ein.',
      'Geben Sie eine gültige E-Mail-Adresse ein.',
      'Wählen Sie mindestens 2 Optionen.',
      'Wählen Sie eine der angebotenen Optionen.',
      'Dieses Feld ist erforderlich.',
    ]);
  });

  it('words every reason code of an unsupported request, each differently', () => {
    const codes = unsupportedSamples.map((request) => request.reasonCode);
    expect(new Set(codes)).toStrictEqual(
      new Set([
        'sampling',
        'roots',
        'unknown-method',
        'unknown-mode',
        'schema',
        'malformed',
        'file',
        'too-many-fields',
        'too-many-options',
        'duplicate-key',
        'missing-link',
        'answerer-failed',
        'too-many-requests',
      ]),
    );
    for (const messages of [englishMessages, germanMessages]) {
      // Different codes never share words (one code may word its params differently).
      const textsByCode = new Map<string, Set<string>>();
      for (const request of unsupportedSamples) {
        const texts = textsByCode.get(request.reasonCode) ?? new Set<string>();
        texts.add(messages.unsupportedReason(request));
        textsByCode.set(request.reasonCode, texts);
      }
      const all = [...textsByCode.values()].flatMap((texts) => [...texts]);
      expect(new Set(all).size).toBe(all.length);
    }
    const file = unsupportedSamples.find((request) => request.reasonCode === 'file');
    expect(file && englishMessages.unsupportedReason(file)).toMatch(
      /asks for a file, which this app cannot send/,
    );
    expect(file && germanMessages.unsupportedReason(file)).toMatch(/verlangt eine Datei/);
  });

  it('words too many requests without made-up counts when the request carries none', () => {
    const many = unsupportedSamples.find((request) => request.reasonCode === 'too-many-requests');
    expect(many).toBeDefined();
    const bare = { ...many!, reasonParams: {} };
    expect(englishMessages.unsupportedReason(bare)).toBe(
      'The server asked too many questions at once. You can decline or cancel them all.',
    );
    expect(germanMessages.unsupportedReason(bare)).toBe(
      'Der Server hat zu viele Fragen auf einmal gestellt. Sie können alle ablehnen oder abbrechen.',
    );
  });

  it('words the question of a flat field list without server text', () => {
    expect(englishMessages.additionalInputRequired(['Stadt'])).toBe('Additional input required: Stadt.');
    expect(germanMessages.additionalInputRequired(['Stadt'])).toBe('Weitere Angaben erforderlich: Stadt.');
  });

  it('names scripts in German', () => {
    expect(germanMessages.linkMixedScript('аpple.com', ['Cyrl', 'Latn'])).toContain(
      '(Kyrillisch und Lateinisch)',
    );
  });
});

describe('failure wording', () => {
  it('keeps an error number with its word and a wait with its unit, in English and German', () => {
    const failure: Failure = { code: 'http', status: 503, retryAfterMs: 3000, detail: 'HTTP 503' };
    const english = englishMessages.sendFailed(failure);
    const german = germanMessages.sendFailed(failure);
    expect(english).toContain('(error\u00a0503)');
    expect(english).toContain('3\u00a0seconds before');
    expect(german).toContain('(Fehler\u00a0503)');
    expect(german).toContain('3\u00a0Sekunden zu warten');
  });
});

describe('counted words', () => {
  it('says a wait the way a person counts it: seconds, then minutes, then hours, singular for one', () => {
    const waitOf = (retryAfterMs: number) => {
      const failure: Failure = { code: 'http', status: 429, retryAfterMs, detail: 'HTTP 429' };
      return [englishMessages.sendFailed(failure), germanMessages.sendFailed(failure)];
    };
    expect(waitOf(1_000)).toEqual([
      expect.stringContaining('wait 1\u00a0second before'),
      expect.stringContaining('1\u00a0Sekunde zu warten'),
    ]);
    expect(waitOf(90_000)).toEqual([
      expect.stringContaining('wait 2\u00a0minutes before'),
      expect.stringContaining('2\u00a0Minuten zu warten'),
    ]);
    // Rounded up before the unit is chosen: never "60 minutes".
    expect(waitOf(3_599_000)).toEqual([
      expect.stringContaining('wait 1\u00a0hour before'),
      expect.stringContaining('1\u00a0Stunde zu warten'),
    ]);
    expect(waitOf(3_600_000)).toEqual([
      expect.stringContaining('wait 1\u00a0hour before'),
      expect.stringContaining('1\u00a0Stunde zu warten'),
    ]);
  });

  it('words every date-time the format check accepts, not only those Date.parse reads', () => {
    for (const value of ['2026-05-04T09:30:00+05', '2016-12-31T23:59:60Z', '2026-05-04 09:30:00Z']) {
      const worded = englishMessages.receiptValue({ kind: 'date-time', value });
      expect(worded).not.toBe(value);
      expect(worded).toMatch(/\b20(26|16|17)\b/);
    }
  });

  it('says one cut character in the singular', () => {
    expect(englishMessages.textCut(1)).toBe('(1 more character not shown)');
    expect(englishMessages.textCut(2)).toBe('(2 more characters not shown)');
    expect(germanMessages.textCut(1)).toBe('(1 weiteres Zeichen nicht angezeigt)');
    expect(germanMessages.textCut(1_000)).toBe('(1.000 weitere Zeichen nicht angezeigt)');
  });

  it('names the place a copy is answered in German whatever its article', () => {
    expect(germanMessages.answeringElsewhere('Seitenleiste')).toBe(
      'Wird gerade an anderer Stelle beantwortet: Seitenleiste.',
    );
  });
});

describe('English numbers', () => {
  it('formats every number the server or the round sets, as German does (1,000 of 2,500)', () => {
    expect(englishMessages.progress(1000, 2500)).toBe('1,000 of 2,500 answered');
    expect(englishMessages.problemDetails(1200)).toBe('Details: 1,200 problems');
    expect(englishMessages.questionPosition(1000, 2500)).toBe('Question 1,000 of 2,500');
    expect(englishMessages.taskProgress(1000, 2500)).toBe('Working… 1,000 of 2,500');
    expect(englishMessages.taskProgress(1000, undefined)).toBe('Working… 1,000 done');
    expect(englishMessages.step(1000, 2500)).toBe('Step 1,000 of 2,500');
    expect(englishMessages.announceNewQuestions(1000, undefined)).toBe(
      '1,000 new questions need your answer.',
    );
    expect(englishMessages.timeLeft({ unit: 'hour', value: 1000, urgent: false })).toBe(
      '1,000 hours left to answer.',
    );
    expect(englishMessages.textCut(1000)).toBe('(1,000 more characters not shown)');
    expect(englishAnsweredMessages.textCut(1000)).toBe('(1,000 more characters not shown)');
  });
});

describe('englishMessages.fieldError', () => {
  it('formats numbers with Intl', () => {
    const field: FieldSpec = { kind: 'number', name: 'n', index: 0, required: false };
    const error = (keyword: string, limit: number): FieldError => ({
      field: 'n',
      keyword,
      params: { limit },
    });
    expect(englishMessages.fieldError(error('maximum', 10000), field)).toBe(
      'Enter a number of at most 10,000.',
    );
    expect(englishMessages.fieldError(error('minLength', 1), field)).toBe('Enter at least 1 character.');
    expect(englishMessages.fieldError(error('maxItems', 1500), field)).toBe('Choose at most 1,500 options.');
  });

  it('words every code validateAnswer and the form report, in English and German, and only a foreign keyword gets the catch-all', () => {
    const worded = sampleErrors.map(([error, field]) => [
      `${error.field}: ${error.keyword}`,
      englishMessages.fieldError(error, field),
      germanMessages.fieldError(error, field),
    ]);
    expect(worded).toStrictEqual([
      ['required: required', 'This field is required.', 'Dieses Feld ist erforderlich.'],
      ['minLength1: minLength', 'Enter at least 1 character.', 'Geben Sie mindestens 1 Zeichen ein.'],
      ['minLength2: minLength', 'Enter at least 2 characters.', 'Geben Sie mindestens 2 Zeichen ein.'],
      ['maxLength1: maxLength', 'Enter at most 1 character.', 'Geben Sie höchstens 1 Zeichen ein.'],
      ['maxLength: maxLength', 'Enter at most 12,345 characters.', 'Geben Sie höchstens 12.345 Zeichen ein.'],
      [
        'minimum: minimum',
        'Enter a number of at least 12,345.5.',
        'Geben Sie eine Zahl von mindestens 12.345,5 ein.',
      ],
      ['maximum: maximum', 'Enter a number of at most 2.', 'Geben Sie eine Zahl von höchstens 2 ein.'],
      ['minItems1: minItems', 'Choose at least 1 option.', 'Wählen Sie mindestens 1 Option.'],
      ['minItems2: minItems', 'Choose at least 2 options.', 'Wählen Sie mindestens 2 Optionen.'],
      ['maxItems: maxItems', 'Choose at most 1 option.', 'Wählen Sie höchstens 1 Option.'],
      ['uniqueItems: uniqueItems', 'Choose each option only once.', 'Wählen Sie jede Option nur einmal.'],
      ['email: format', 'Enter a valid email address.', 'Geben Sie eine gültige E-Mail-Adresse ein.'],
      [
        'uri: format',
        'Enter a valid web address (for example https://example.com).',
        'Geben Sie eine gültige Webadresse ein (zum Beispiel https://example.com).',
      ],
      ['date: format', 'Enter a valid date (YYYY-MM-DD).', 'Geben Sie ein gültiges Datum ein (JJJJ-MM-TT).'],
      ['dateTime: format', 'Enter a valid date and time.', 'Geben Sie ein gültiges Datum mit Uhrzeit ein.'],
      ['integer: integer', 'Enter a whole number.', 'Geben Sie eine ganze Zahl ein.'],
      ['enum: enum', 'Choose one of the listed options.', 'Wählen Sie eine der angebotenen Optionen.'],
      ['typeNumber: type', 'Enter a number.', 'Geben Sie eine Zahl ein.'],
      ['typeBoolean: type', 'Choose yes or no.', 'Wählen Sie Ja oder Nein.'],
      ['typeString: type', 'Enter text.', 'Geben Sie Text ein.'],
      ['typeArray: type', 'Choose from the listed options.', 'Wählen Sie aus den angebotenen Optionen.'],
      ['typeItem: enum', 'Choose one of the listed options.', 'Wählen Sie eine der angebotenen Optionen.'],
      ['typeSelect: type', 'Choose one of the listed options.', 'Wählen Sie eine der angebotenen Optionen.'],
      [
        ': type',
        'This answer is not a set of fields; it cannot be sent.',
        'Diese Antwort besteht nicht aus Feldern und kann nicht gesendet werden.',
      ],
      ['other: multipleOf', 'Check this value.', 'Prüfen Sie diesen Wert.'],
      [
        'big: unsafeInteger',
        'This number has too many digits to send exactly. Enter a whole number from -9,007,199,254,740,991 to 9,007,199,254,740,991.',
        'Diese Zahl hat zu viele Stellen, um sie genau zu senden. Geben Sie eine ganze Zahl von -9.007.199.254.740.991 bis 9.007.199.254.740.991 ein.',
      ],
      [
        'at: skippedLocalTime',
        'This time does not exist here: the clocks go forward that night (UTC+01:00 to UTC+02:00). Choose a time before or after.',
        'Diese Uhrzeit gibt es hier nicht: In dieser Nacht werden die Uhren vorgestellt (UTC+01:00 auf UTC+02:00). Wählen Sie eine Zeit davor oder danach.',
      ],
      [
        'guests: badInput',
        'Enter a whole number in digits, such as 12.',
        'Geben Sie eine ganze Zahl in Ziffern ein, etwa 12.',
      ],
      [
        'price: badInput',
        'Enter a number in digits, such as 12 or 3.5.',
        'Geben Sie eine Zahl in Ziffern ein, etwa 12 oder 3,5.',
      ],
      ['day: badInput', 'Enter the full date.', 'Geben Sie das vollständige Datum ein.'],
      ['at: badInput', 'Enter the full date and time.', 'Geben Sie Datum und Uhrzeit vollständig ein.'],
    ]);
  });
});

describe('a card in German', () => {
  it('shows no English built-in text in any state it can reach', async () => {
    const user = userEvent.setup();
    const first = deferred<void>();
    const second = deferred<void>();
    const resume = vi
      .fn<(responses: InputResponses) => Promise<void>>()
      .mockImplementationOnce(() => first.promise)
      .mockImplementationOnce(() => second.promise);
    render(
      <>
        <InputRequestCard suspension={germanRound()} resume={resume} messages={germanMessages} />
        <InputRequestCard
          suspension={anonymousRound}
          resume={async () => undefined}
          messages={germanMessages}
        />
      </>,
    );
    const [card] = screen.getAllByRole('article');
    const inCard = within(card as HTMLElement);
    const expectNoEnglish = (state: string) =>
      expect(englishLeftIn(perceivedText()), state).toStrictEqual([]);

    // Answering: every kind of section, warnings, the secret field, the refused links.
    expect(inCard.getByRole('heading', { name: 'Anfrage von Kalender' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Anfrage eines Werkzeugs' })).toBeVisible();
    expect(inCard.getByText('0 von 6 beantwortet')).toBeVisible();
    expect(inCard.getByText('Feld ohne Namen')).toBeVisible();
    await user.click(screen.getByText('Einzelheiten: 1 Problem'));
    expectNoEnglish('answering');

    // Errors after a submit, with German numbers.
    const form = inCard.getByRole('form', { name: 'Frage 1 von 6 Bitte ergänzen Sie Ihre Angaben.' });
    await user.type(within(form).getByRole('textbox', { name: /Ihr Name/ }), 'Al');
    await user.type(within(form).getByRole('spinbutton', { name: 'Betrag' }), '10001');
    await user.click(within(form).getByRole('button', { name: 'Annehmen' }));
    expect(await within(form).findByText('Geben Sie mindestens 3 Zeichen ein.')).toBeVisible();
    expect(within(form).getByText('Geben Sie eine Zahl von höchstens 10.000 ein.')).toBeVisible();
    expect(within(form).getByText('Wählen Sie mindestens 1 Option.')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Zugangsschlüssel anzeigen' }));
    expect(within(form).getByRole('button', { name: 'Zugangsschlüssel ausblenden' })).toHaveAttribute(
      'data-shown',
    );
    expectNoEnglish('errors shown');

    // A link opened and waiting for Done.
    const login = inCard.getByRole('group', { name: 'Frage 2 von 6 Melden Sie sich beim Kalender an.' });
    // Its address has a warning: Open is no primary action, and says so.
    await user.click(within(login).getByRole('button', { name: 'Trotzdem öffnen' }));
    expect(within(login).getByRole('button', { name: 'Fertig' })).toHaveFocus();
    expect(
      within(login).getByText('Schließen Sie den Vorgang im neuen Tab ab und wählen Sie dann „Fertig“.'),
    ).toBeVisible();
    expectNoEnglish('link waiting');

    // Some sections answered, one of each kind of answer.
    await user.type(within(form).getByRole('textbox', { name: /Ihr Name/ }), 'i');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Betrag' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Kalender' }));
    await user.click(within(form).getByRole('button', { name: 'Annehmen' }));
    expect(await inCard.findByText('Angenommen – wartet auf die übrigen Fragen.')).toBeVisible();
    const net = inCard.getByRole('group', { name: 'Frage 3 von 6 Router einrichten.' });
    await user.click(within(net).getByRole('button', { name: 'Ablehnen' }));
    const script = inCard.getByRole('group', { name: 'Frage 4 von 6 Skript starten.' });
    await user.click(within(script).getByRole('button', { name: 'Abbrechen' }));
    expect(inCard.getByText('3 von 6 beantwortet')).toBeVisible();
    expect(inCard.getAllByRole('button', { name: 'Antwort ändern' })).toHaveLength(3);
    expectNoEnglish('partly answered');

    // The last answers send the round: submitting.
    await user.click(within(login).getByRole('button', { name: 'Fertig' }));
    await user.click(
      within(inCard.getByRole('group', { name: 'Frage 5 von 6 Seite öffnen.' })).getByRole('button', {
        name: 'Ablehnen',
      }),
    );
    const summary = card!.querySelector('[data-kind="unsupported"]') as HTMLElement;
    await user.click(within(summary).getByRole('button', { name: 'Ablehnen' }));
    expect(
      await inCard.findByText('Ihre Antwort wird gesendet…', { selector: '[data-part="sending"]' }),
    ).toBeVisible();
    expectNoEnglish('submitting');

    // The send fails: the error and Try again.
    // (503: the server refused it. A 502 or 504 from a gateway reads as unconfirmed.)
    first.reject(Object.assign(new Error('Service Unavailable'), { status: 503 }));
    expect(await inCard.findByRole('alert')).toHaveTextContent(
      'Ihre Antwort konnte nicht gesendet werden: Der Server hatte ein Problem (Fehler 503).',
    );
    expectNoEnglish('send failed');

    // Try again succeeds: sent.
    await user.click(inCard.getByRole('button', { name: 'Erneut versuchen' }));
    second.resolve();
    expect(await inCard.findByText('Sie haben geantwortet.')).toBeVisible();
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(2));
    expectNoEnglish('sent');
    expect(open).toHaveBeenCalledOnce();
  });

  it('marks the schema check’s English problem list as English in a German card', async () => {
    const user = userEvent.setup();
    render(
      <InputRequestCard
        suspension={anonymousRound}
        resume={async () => undefined}
        messages={germanMessages}
      />,
    );
    await user.click(screen.getByText('Einzelheiten: 1 Problem'));
    const list = screen.getByRole('list');
    // A screen reader reads it in an English voice, and a right-to-left card keeps it left to right.
    expect(list).toHaveAttribute('lang', 'en');
    expect(list).toHaveAttribute('dir', 'ltr');
    expect(within(list).getByRole('listitem')).toHaveTextContent('"pattern"');
  });

  it("words the question of a flat field list in German, not in the parser's English", () => {
    render(
      <InputRequestCard
        suspension={parseSuspension([{ name: 'stadt', label: 'Stadt' }])}
        resume={async () => undefined}
        messages={germanMessages}
      />,
    );
    expect(
      screen.getByRole('form', { name: 'Weitere Angaben erforderlich: \u2068Stadt\u2069.' }),
    ).toBeVisible();
    expect(englishLeftIn(perceivedText())).toStrictEqual([]);
  });

  it('the scan catches English text left in a German card', () => {
    render(
      <InputRequestCard
        suspension={germanRound()}
        resume={async () => undefined}
        messages={{ ...germanMessages, decline: englishMessages.decline }}
      />,
    );
    expect(englishLeftIn(perceivedText())).toContain('Decline');
  });
});
