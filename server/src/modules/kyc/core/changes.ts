import type { FieldChange } from '#common/kyc-responses.js';

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  value !== null && typeof value === 'object';

/** A value as a leaf: null for an object or array, and for nothing (null counts as absent). */
const leafOf = (value: unknown): unknown =>
  isContainer(value) || value === undefined ? null : value;

const keysOf = (value: unknown): string[] => (isContainer(value) ? Object.keys(value) : []);
const childOf = (value: unknown, key: string): unknown =>
  isContainer(value) ? (value as Record<string, unknown>)[key] : undefined;

/** Walks both values together, level by level, so the changes come in the data's own order. */
function collect(before: unknown, after: unknown, path: string, into: FieldChange[]): void {
  const [old, now] = [leafOf(before), leafOf(after)];
  if (old !== now) into.push({ field: path, before: old, after: now });
  for (const key of new Set([...keysOf(before), ...keysOf(after)])) {
    collect(childOf(before, key), childOf(after, key), path ? `${path}.${key}` : key, into);
  }
}

/**
 * Every leaf that differs between `before` and `after`, objects per key and arrays per index:
 * an added or removed person shows as its leaves appearing or disappearing.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const changes: FieldChange[] = [];
  collect(before, after, '', changes);
  return changes;
}
