/**
 * @deprecated Moved to `json.ts`, the one module of JSON helpers. This re-export only keeps
 * modules outside the parse layer compiling (validate.ts, round.ts and the hooks) until they
 * import `json.ts` themselves; delete it then.
 */
export { fingerprint, isPlainObject, own as ownValue, setOwn, stableStringify } from './json.js';
