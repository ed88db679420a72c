import { fingerprint, isPlainObject, ownValue } from '../identity.js';
import type { InputRequest, Suspension, SuspensionDialect, SuspensionMeta } from '../model.js';
import { readEmbeddedRequest } from './request.js';

/** Who asks, as the wire itself says (a task, a host payload); {@link SuspensionMeta} wins over it. */
export interface WireFacts {
  serverName?: string | undefined;
  toolName?: string | undefined;
  taskId?: string | undefined;
  createdAt?: string | undefined;
}

/** Everything {@link buildSuspension} needs to assemble one round. */
export interface RoundParts {
  dialect: SuspensionDialect;
  requests: InputRequest[];
  /** What the round's default id is fingerprinted from, when neither `meta.id` nor `id` is given. */
  identitySource: unknown;
  /** A ready-made id (e.g. a task's `taskId:keys`); `meta.id` still wins. */
  id?: string;
  requestState?: string | undefined;
  wire?: WireFacts;
}

/**
 * Assembles a {@link Suspension}. `meta` wins over what the wire says; without any id the round
 * gets `round-<fingerprint>` of the task, creation time and identity source, so a re-ask with
 * other questions is never mistaken for the same round.
 */
export function buildSuspension(parts: RoundParts, meta: SuspensionMeta): Suspension {
  const serverName = meta.serverName ?? parts.wire?.serverName;
  const toolName = meta.toolName ?? parts.wire?.toolName;
  const taskId = meta.taskId ?? parts.wire?.taskId;
  const createdAt = meta.createdAt ?? parts.wire?.createdAt;
  const id =
    meta.id ?? parts.id ?? `round-${fingerprint([taskId ?? null, createdAt ?? null, parts.identitySource])}`;
  return {
    id,
    dialect: parts.dialect,
    ...(serverName === undefined ? {} : { serverName }),
    ...(toolName === undefined ? {} : { toolName }),
    ...(taskId === undefined ? {} : { taskId }),
    ...(createdAt === undefined ? {} : { createdAt }),
    ...(parts.requestState === undefined ? {} : { requestState: parts.requestState }),
    requests: parts.requests,
  };
}

/** The set of keys a host says were already answered (empty when it says nothing). */
export function answeredKeySet(meta: SuspensionMeta): ReadonlySet<string> {
  return new Set(meta.answeredKeys ?? []);
}

/**
 * Reads an MCP `inputRequests` map (`{ [key]: { method, params } }`) in key order, leaving out
 * keys the host lists as answered. Never throws: odd entries become `unsupported` requests.
 */
export function readInputRequestMap(
  inputRequests: Record<string, unknown>,
  answered: ReadonlySet<string>,
): InputRequest[] {
  return Object.keys(inputRequests)
    .filter((key) => !answered.has(key))
    .map((key) => readEmbeddedRequest(key, inputRequests[key]));
}

/** A string own property, or `undefined`. */
export function ownString(record: Record<string, unknown>, key: string): string | undefined {
  const value = ownValue(record, key);
  return typeof value === 'string' ? value : undefined;
}

/** A finite number own property, or `undefined`. */
export function ownNumber(record: Record<string, unknown>, key: string): number | undefined {
  const value = ownValue(record, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A plain-object own property, or `undefined`. */
export function ownObject(record: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = ownValue(record, key);
  return isPlainObject(value) ? value : undefined;
}

/** Escapes one JSON-pointer segment (`~` → `~0`, `/` → `~1`); names are data, never paths. */
export function pointerSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Describes a value for an error message without echoing it. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return isPlainObject(value) ? 'an object' : 'a non-plain object';
  return `a ${typeof value}`;
}
