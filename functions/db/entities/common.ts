import type { Attribute } from 'electrodb';

/**
 * Shared bits of every entity. Keys keep their case: ids are case-sensitive, and ElectroDB
 * lowercases composite values unless told otherwise.
 */
export const SERVICE = 'stepcast';

export const key = <const F extends string, const C extends readonly string[]>(field: F, composite: C) =>
  ({ field, composite, casing: 'none' }) as const;

export const createdAt = {
  type: 'number',
  required: true,
  readOnly: true,
  default: () => Date.now(),
} as const satisfies Attribute;

export const updatedAt = {
  type: 'number',
  required: true,
  watch: '*',
  default: () => Date.now(),
  set: () => Date.now(),
} as const satisfies Attribute;
