// The in-page half of the bench. Node only sequences calls to `window.benchApi`; every time is
// taken here with performance.now() (5 µs under cross-origin isolation).
import { Component, Profiler, type ReactElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { OPTIONS } from '../options/index.ts';
import { card, wireFor } from '../options/ours.tsx';
import { transcript, transcriptBackend } from '../options/ours-live.tsx';
import type { BenchOption } from '../options/types.ts';
import {
  CONTROL_SELECTOR,
  doStep,
  fieldSignature,
  fieldWrapper,
  findField,
  findFields,
  typeInto,
} from './dom.ts';
import { answerSteps, type JsonSchema, makeSchema } from './schema.ts';

declare const __PROFILING__: boolean;
declare const __CPU_PROFILE__: boolean;

interface BenchGlobals {
  acc: {
    js: number;
    last: number;
    callbacks: number;
    commits: number;
    lastCommit: number;
    onCommit: ((root: unknown) => void) | undefined;
  };
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => number;
  requestIdleCallback: (callback: () => void, options?: { timeout: number }) => number;
  yieldTask: () => Promise<void>;
}

/** console.profile: the CDP Profiler records exactly the region between the two calls. */
const cpuProfile = console as Console & { profile(label: string): void; profileEnd(label: string): void };

const B = (window as unknown as { __bench: BenchGlobals }).__bench;
const gc = () => (window as unknown as { gc?: () => void }).gc?.();
const sleep = (ms: number) => new Promise<void>((resolve) => B.setTimeout(resolve, ms));
const idle = () => new Promise<void>((resolve) => B.requestIdleCallback(resolve, { timeout: 300 }));

/** Waits until the page is quiet: at least `min` ms, and `gap` ms without a commit or callback. */
async function quiet(min = 30, gap = 15, max = 10_000): Promise<void> {
  const start = B.now();
  for (;;) {
    await sleep(4);
    const t = B.now();
    if (t - start >= min && t - Math.max(B.acc.last, start) >= gap) return;
    if (t - start > max) return;
  }
}

/** Quiet, then one idle period (work that libraries defer to idle time runs there), then quiet again. */
async function settle(): Promise<void> {
  await quiet();
  await idle();
  await quiet();
}

async function microtasks(count = 20): Promise<void> {
  for (let i = 0; i < count; i++) await null;
}

const optionById = new Map(OPTIONS.map((option) => [option.id, option]));
function option(id: string): BenchOption {
  const found = optionById.get(id);
  if (!found) throw new Error(`bench: no option ${id}`);
  return found;
}

const countControls = (container: Element) => container.querySelectorAll(CONTROL_SELECTOR).length;

// ---- what a settled mount of each option shows (the timed mounts wait for as many controls) ----

interface Calibration {
  controls: number;
  elements: number;
  fieldsFound: number;
  note: string;
}
const calibration = new Map<string, Calibration>();
const key = (id: string, n: number) => `${id}@${n}`;

let submittedAt = 0;
let submittedCount = 0;
const onValidSubmit = () => {
  submittedAt = B.now();
  submittedCount += 1;
};

// ---- counting renders (profiling build only) ----

const FUNCTION = 0;
const CLASS = 1;
const FORWARD_REF = 11;
const SIMPLE_MEMO = 15;
const PERFORMED_WORK = 1;
const HOST_TAGS = new Set([5, 26, 27]);

interface Fiber {
  tag: number;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  stateNode: unknown;
}

const counter = {
  commits: 0,
  components: 0,
  onRender: 0,
  actual: 0,
  fieldOf: undefined as Map<Element, number> | undefined,
  fieldsRendered: new Set<number>(),
  reset(fieldOf?: Map<Element, number>) {
    this.commits = 0;
    this.components = 0;
    this.onRender = 0;
    this.actual = 0;
    this.fieldOf = fieldOf;
    this.fieldsRendered = new Set();
  },
};

function hostElements(fiber: Fiber): Element[] {
  const out: Element[] = [];
  const visit = (node: Fiber | null) => {
    for (let f = node; f; f = f.sibling) {
      if (HOST_TAGS.has(f.tag) && f.stateNode instanceof Element) out.push(f.stateNode);
      else visit(f.child);
    }
  };
  visit(fiber.child);
  return out;
}

/** Which fields a rendered component draws: the fields of the controls under its host elements. */
function fieldsUnder(fiber: Fiber, fieldOf: Map<Element, number>): Set<number> {
  const fields = new Set<number>();
  for (const element of hostElements(fiber)) {
    const controls = element.matches(CONTROL_SELECTOR) ? [element] : [];
    controls.push(...element.querySelectorAll(CONTROL_SELECTOR));
    for (const control of controls) {
      const field = fieldOf.get(control);
      if (field !== undefined) fields.add(field);
    }
  }
  return fields;
}

/**
 * Counts the components that rendered in a commit, the way React DevTools highlights updates:
 * only fibers re-created in this commit (a subtree whose child pointer did not change bailed
 * out), and among them those with PerformedWork (or newly mounted).
 */
function countCommit(root: unknown): void {
  counter.commits += 1;
  const visit = (first: Fiber | null) => {
    for (let f = first; f; f = f.sibling) {
      const isComponent =
        f.tag === FUNCTION || f.tag === CLASS || f.tag === FORWARD_REF || f.tag === SIMPLE_MEMO;
      if (isComponent && (f.alternate === null || (f.flags & PERFORMED_WORK) !== 0)) {
        counter.components += 1;
        if (counter.fieldOf) {
          const fields = fieldsUnder(f, counter.fieldOf);
          if (fields.size === 1) for (const field of fields) counter.fieldsRendered.add(field);
        }
      }
      if (f.child && (f.alternate === null || f.child !== f.alternate.child)) visit(f.child);
    }
  };
  const current = (root as { current: Fiber }).current;
  if (current.child && current.child !== current.alternate?.child) visit(current.child);
}

if (__PROFILING__) B.acc.onCommit = countCommit;

function profiled(element: ReactElement): ReactElement {
  if (!__PROFILING__) return element;
  return (
    <Profiler
      id="bench"
      onRender={(_id, _phase, actualDuration) => {
        counter.onRender += 1;
        counter.actual += actualDuration;
      }}
    >
      {element}
    </Profiler>
  );
}

// ---- mounting ----

interface Host {
  container: HTMLElement;
  root: Root | undefined;
  teardown: (() => void) | undefined;
}

function newHost(opt: BenchOption, rootOptions?: Parameters<typeof createRoot>[1]): Host {
  const container = document.createElement('div');
  document.body.append(container);
  return {
    container,
    root: opt.render ? createRoot(container, rootOptions) : undefined,
    teardown: undefined,
  };
}

/** The timed part of a mount: render (React options: inside flushSync) or build. */
function mountInto(opt: BenchOption, host: Host, prepared: unknown): void {
  if (host.root && opt.render) {
    const { root } = host;
    flushSync(() => root.render(profiled((opt.render as (p: unknown) => ReactElement)(prepared))));
  } else if (opt.mount) host.teardown = opt.mount(host.container, prepared);
}

function unmount(host: Host): void {
  host.root?.unmount();
  host.teardown?.();
  host.container.remove();
}

async function mountSettled(id: string, n: number): Promise<Host> {
  const opt = option(id);
  const host = newHost(opt);
  mountInto(opt, host, opt.prepare(makeSchema(n), onValidSubmit));
  await settle();
  return host;
}

// ---- the measures ----

async function calibrate(id: string, n: number): Promise<Calibration> {
  const measure = async () => {
    const opt = option(id);
    const host = newHost(opt);
    mountInto(opt, host, opt.prepare(makeSchema(n), onValidSubmit));
    await settle();
    const { fields } = findFields(host.container, n);
    const result = {
      controls: countControls(host.container),
      elements: host.container.querySelectorAll('*').length,
      fieldsFound: fields.filter((field) => field.controls.length > 0).length,
      note: '',
    };
    unmount(host);
    return result;
  };
  const result = await measure();
  if (result.fieldsFound < n) result.note = `${n - result.fieldsFound} of ${n} fields render no control`;
  calibration.set(key(id, n), result);
  return result;
}

async function mountTimed(id: string, n: number) {
  const opt = option(id);
  const expected = calibration.get(key(id, n))?.controls ?? 0;
  const prepared = opt.prepare(makeSchema(n), onValidSubmit);
  const host = newHost(opt);
  gc();
  await B.yieldTask();
  B.acc.js = 0;
  B.acc.last = 0;
  if (__CPU_PROFILE__) cpuProfile.profile(id);
  const t0 = B.now();
  mountInto(opt, host, prepared);
  let waited = 0;
  while (countControls(host.container) < expected && waited < 1000) {
    await B.yieldTask();
    waited += 1;
  }
  const t1 = B.now();
  if (__CPU_PROFILE__) cpuProfile.profileEnd(id);
  void host.container.offsetHeight;
  const t2 = B.now();
  const syncJs = B.acc.js;
  await quiet();
  const result = { mount: t1 - t0, layout: t2 - t0, followJs: B.acc.js - syncJs, yields: waited };
  unmount(host);
  return result;
}

async function keysRound(id: string, n: number, count: number, mode: 'hot' | 'idle') {
  const host = await mountSettled(id, n);
  const input = findField(host.container, 0).controls[0];
  if (!input) throw new Error(`bench: ${id} has no input for field 0`);
  const samples: { sync: number; async: number; latency: number }[] = [];
  let value = '';
  for (let k = 0; k < count; k++) {
    if (mode === 'idle') await sleep(16);
    value += 'abcdefghij'[k % 10];
    B.acc.js = 0;
    B.acc.last = 0;
    const t0 = B.now();
    flushSync(() => typeInto(input, value));
    await microtasks();
    const t1 = B.now();
    await quiet();
    samples.push({ sync: t1 - t0, async: B.acc.js, latency: Math.max(t1, B.acc.last) - t0 });
  }
  unmount(host);
  return samples;
}

/** CPU-profile page only: `count` keystrokes back to back in one profile (one is too short to sample). */
async function keyBurst(id: string, n: number, count: number) {
  const host = await mountSettled(id, n);
  const input = findField(host.container, 0).controls[0];
  if (!input) throw new Error(`bench: ${id} has no input for field 0`);
  let value = '';
  cpuProfile.profile(`keys ${id}`);
  const t0 = B.now();
  for (let k = 0; k < count; k++) {
    // Start over before the field's maxLength, so every keystroke is an ordinary one.
    value = value.length >= 60 ? 'a' : value + 'abcdefghij'[k % 10];
    flushSync(() => typeInto(input, value));
    await microtasks();
  }
  const elapsed = B.now() - t0;
  cpuProfile.profileEnd(`keys ${id}`);
  unmount(host);
  return { perKeystroke: elapsed / count };
}

async function fill(host: Host, n: number, which: 'valid' | 'invalid') {
  const found = findFields(host.container, n);
  let missed = 0;
  for (const step of answerSteps(n, which)) {
    const field = found.fields[step.i];
    if (!field || !doStep(field, step)) missed += 1;
  }
  await settle();
  return { found, missed };
}

async function submitRound(id: string, n: number, which: 'valid' | 'invalid') {
  const opt = option(id);
  if (!opt.submit) throw new Error(`bench: ${id} has no submit`);
  const host = await mountSettled(id, n);
  const { missed } = await fill(host, n, which);
  gc();
  await B.yieldTask();
  submittedAt = 0;
  const before = submittedCount;
  B.acc.js = 0;
  B.acc.last = 0;
  if (__CPU_PROFILE__) cpuProfile.profile(`submit ${id} ${which}`);
  const t0 = B.now();
  flushSync(() => opt.submit?.(host.container));
  await microtasks();
  const t1 = B.now();
  await quiet(50);
  if (__CPU_PROFILE__) cpuProfile.profileEnd(`submit ${id} ${which}`);
  const result = {
    sync: t1 - t0,
    async: B.acc.js,
    latency: (which === 'valid' && submittedAt ? Math.max(submittedAt, t1) : Math.max(t1, B.acc.last)) - t0,
    submitted: submittedCount - before,
    invalidMarks: host.container.querySelectorAll('[aria-invalid="true"]').length,
    missed,
  };
  unmount(host);
  return result;
}

// ---- counting pass (profiling build) ----

async function countMount(id: string, n: number) {
  const opt = option(id);
  const host = newHost(opt);
  const prepared = opt.prepare(makeSchema(n), onValidSubmit);
  counter.reset();
  mountInto(opt, host, prepared);
  await settle();
  const result = { commits: counter.commits, components: counter.components, actual: counter.actual };
  unmount(host);
  return result;
}

async function countKeys(id: string, n: number, count: number) {
  const host = await mountSettled(id, n);
  const { fieldOf } = findFields(host.container, n);
  const input = findField(host.container, 0).controls[0];
  if (!input) throw new Error(`bench: ${id} has no input for field 0`);
  const samples: { commits: number; components: number; otherFields: number; actual: number }[] = [];
  let value = '';
  for (let k = 0; k < count; k++) {
    value += 'abcdefghij'[k % 10];
    counter.reset(fieldOf);
    flushSync(() => typeInto(input, value));
    await microtasks();
    await quiet();
    counter.fieldsRendered.delete(0);
    samples.push({
      commits: counter.commits,
      components: counter.components,
      otherFields: counter.fieldsRendered.size,
      actual: counter.actual,
    });
  }
  unmount(host);
  return samples;
}

async function countSubmit(id: string, n: number, which: 'valid' | 'invalid') {
  const opt = option(id);
  const host = await mountSettled(id, n);
  const { found } = await fill(host, n, which);
  const wrappers = found.fields.map((field, i) => fieldWrapper(field, i, found.fieldOf));
  const signature = () => found.fields.map((field, i) => fieldSignature(wrappers[i], field));
  const before = signature();
  counter.reset(found.fieldOf);
  flushSync(() => opt.submit?.(host.container));
  await microtasks();
  await quiet(50);
  const after = signature();
  const changed = new Set(before.flatMap((sig, i) => (sig === after[i] ? [] : [i])));
  const rendered = [...counter.fieldsRendered];
  const unchangedRendered = rendered.filter((i) => !changed.has(i)).sort((a, b) => a - b);
  const result = {
    commits: counter.commits,
    components: counter.components,
    fieldsRendered: rendered.length,
    fieldsChanged: changed.size,
    unchangedRendered: unchangedRendered.length,
    unchangedExamples: unchangedRendered.slice(0, 8),
  };
  unmount(host);
  return result;
}

// ---- ours only: hostile sizes, the transcript, heap cycles ----

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error !== undefined) {
      return (
        <p data-bench-error="">
          Render error: {String((this.state.error as Error)?.message ?? this.state.error)}
        </p>
      );
    }
    return this.props.children;
  }
}

function nested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function hostileWire(kind: string): unknown {
  switch (kind) {
    case 'options-10k':
    case 'options-1k':
      return wireFor({
        type: 'object',
        properties: {
          tags: {
            type: 'array',
            title: 'Tags',
            items: {
              type: 'string',
              enum: Array.from({ length: kind === 'options-1k' ? 1000 : 10_000 }, (_, i) => `tag-${i}`),
            },
          },
        },
      });
    case 'fields-10k':
      return wireFor(makeSchema(10_000));
    case 'message-1mb':
      return wireFor(makeSchema(10), {
        message: 'All work and no play makes a long message. '.repeat(24_000).slice(0, 1_048_576),
      });
    case 'word-1mb':
      return wireFor(makeSchema(10), { message: 'x'.repeat(1_048_576) });
    case 'default-1mb': {
      const schema = makeSchema(10);
      schema.properties.q0 = { type: 'string', title: 'Notes', default: 'x'.repeat(1_048_576) };
      return wireFor(schema);
    }
    case 'requests-10k': {
      const one = (wireFor(makeSchema(1)) as { inputRequests: { details: unknown } }).inputRequests.details;
      return {
        resultType: 'input_required',
        inputRequests: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`q${i}`, one])),
        requestState: 'bench-state',
      };
    }
    case 'deep-meta':
      return wireFor(makeSchema(10), { meta: nested(10_000) });
    case 'deep-schema': {
      const schema = makeSchema(10);
      (schema.properties.q0 as Record<string, unknown>)['x-deep'] = nested(10_000);
      return wireFor(schema);
    }
    default:
      throw new Error(`bench: no hostile case ${kind}`);
  }
}

async function hostile(kind: string) {
  const wire = hostileWire(kind);
  const container = document.createElement('div');
  document.body.append(container);
  let caught: unknown;
  const root = createRoot(container, {
    onCaughtError: (error) => {
      caught ??= error;
    },
    onUncaughtError: (error) => {
      caught ??= error;
    },
  });
  gc();
  await B.yieldTask();
  B.acc.js = 0;
  B.acc.last = 0;
  let thrown: unknown;
  if (__CPU_PROFILE__) cpuProfile.profile(`hostile ${kind}`);
  const t0 = B.now();
  try {
    flushSync(() => root.render(<Boundary>{card(wire, () => new Promise<void>(() => {}))}</Boundary>));
  } catch (error) {
    thrown = error;
  }
  const t1 = B.now();
  await quiet(30, 15, 20_000);
  if (__CPU_PROFILE__) cpuProfile.profileEnd(`hostile ${kind}`);
  const error = thrown ?? caught;
  const text = (container.textContent ?? '').replace(/\s+/g, ' ').trim();
  const result = {
    sync: t1 - t0,
    total: Math.max(t1, B.acc.last) - t0,
    controls: countControls(container),
    elements: container.querySelectorAll('*').length,
    threw: thrown === undefined ? '' : String((thrown as Error)?.message ?? thrown).slice(0, 200),
    renderError: caught === undefined ? '' : String((caught as Error)?.message ?? caught).slice(0, 200),
    text: error === undefined ? text.slice(0, 300) : '',
    textLength: text.length,
  };
  root.unmount();
  container.remove();
  return result;
}

/** Registers the transcript's task states with the bench server (what the backend would hold). */
async function registerBackend(answered: number, pending: number, base: string): Promise<JsonSchema> {
  const schema = makeSchema(10);
  const response = await fetch('/api/setup', {
    method: 'POST',
    body: JSON.stringify(transcriptBackend(answered, pending, schema, base)),
  });
  if (!response.ok) throw new Error('bench: backend setup failed');
  return schema;
}

async function transcriptRound(answered: number, pending: number, base: string) {
  const schema = await registerBackend(answered, pending, base);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  gc();
  await B.yieldTask();
  B.acc.js = 0;
  B.acc.last = 0;
  if (__CPU_PROFILE__) cpuProfile.profile(`transcript ${answered}+${pending}`);
  const t0 = B.now();
  flushSync(() => root.render(transcript(answered, pending, schema, base)));
  const tSync = B.now();
  let waited = 0;
  // Every card in the DOM and none of them still loading: each shows the state it was restored with.
  const shown = () =>
    container.querySelectorAll('article').length >= answered + pending &&
    container.querySelector('article[data-state="loading"]') === null;
  while (!shown() && waited < 1000) {
    await B.yieldTask();
    waited += 1;
  }
  const t1 = B.now();
  if (__CPU_PROFILE__) cpuProfile.profileEnd(`transcript ${answered}+${pending}`);
  const syncJs = B.acc.js;
  await quiet();
  const result = {
    mount: t1 - t0,
    sync: tSync - t0,
    followJs: B.acc.js - syncJs,
    cards: container.querySelectorAll('article').length,
    controls: countControls(container),
  };
  root.unmount();
  container.remove();
  return result;
}

let liveTranscript: Root | undefined;
async function transcriptStart(answered: number, pending: number, base: string) {
  const schema = await registerBackend(answered, pending, base);
  const container = document.createElement('div');
  document.body.append(container);
  liveTranscript = createRoot(container);
  const root = liveTranscript;
  flushSync(() => root.render(transcript(answered, pending, schema, base)));
  await settle();
  return { cards: container.querySelectorAll('article').length };
}

async function heapCycles(count: number, n: number, id = 'ours') {
  const opt = option(id);
  const start = B.now();
  for (let i = 0; i < count; i++) {
    const host = newHost(opt);
    mountInto(opt, host, opt.prepare(makeSchema(n), onValidSubmit));
    unmount(host);
    // Let effects, timers and idle work of unmounted cards run, as a page between messages would.
    if (i % 10 === 9) await sleep(20);
    else await B.yieldTask();
  }
  const elapsed = B.now() - start;
  await sleep(300);
  await idle();
  return { cycles: count, elapsed };
}

const api = {
  calibration: () => Object.fromEntries(calibration),
  setCalibration: (entries: Record<string, Calibration>) => {
    for (const [name, value] of Object.entries(entries)) calibration.set(name, value);
  },
  options: () => OPTIONS.map((opt) => ({ id: opt.id, label: opt.label, submit: opt.submit !== undefined })),
  crossOriginIsolated: () => window.crossOriginIsolated,
  calibrate,
  mountTimed,
  keysRound,
  keyBurst,
  submitRound,
  countMount,
  countKeys,
  countSubmit,
  hostile,
  transcriptRound,
  transcriptStart,
  heapCycles,
};
(window as unknown as { benchApi: typeof api }).benchApi = api;
