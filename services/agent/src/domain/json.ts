/** Plain JSON helpers for agent documents. */
import { isDeepStrictEqual } from 'node:util';

export type JsonObject = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deep copy of plain data (constants, bodies), dropping readonly. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** `overrides` over `base`, objects merged key by key, anything else (arrays too) replaced. */
export function deepMerge(base: JsonObject, overrides: JsonObject): JsonObject {
  const merged: JsonObject = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? deepMerge(merged[key] as JsonObject, value) : value;
  }
  return merged;
}

/** Keys a document store refuses or that are unsafe in JavaScript objects. */
const badKey = (key: string) => key.startsWith('$') || key.includes('.') || key === '__proto__' || key === 'constructor' || key === 'prototype';

/** The first key, at any depth, that may not be stored; undefined when all are fine. */
export function invalidFieldName(value: unknown, depth = 0): string | undefined {
  if (depth > 64) return '(nesting too deep)';
  // Array items have no key of their own.
  const entries: Array<[string | undefined, unknown]> = Array.isArray(value)
    ? value.map((item) => [undefined, item])
    : isPlainObject(value)
      ? Object.entries(value)
      : [];
  for (const [key, inner] of entries) {
    if (key !== undefined && badKey(key)) return key;
    const found = invalidFieldName(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The object without `keys` (top level). */
export function omit(value: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

const isJsonContainer = (value: unknown) => ['[object Object]', '[object Array]'].includes(Object.prototype.toString.call(value));

/**
 * Whether two values are the same JSON: same primitives (strictly), same keys and lengths,
 * whatever their objects' prototypes (a copy made by structuredClone may come from another
 * realm, and then util.isDeepStrictEqual calls every object of it different). Anything that
 * is not a plain object or array (a Date, a Buffer) is compared by util.isDeepStrictEqual.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (!isJsonContainer(a) || !isJsonContainer(b)) return isDeepStrictEqual(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson((a as JsonObject)[key], (b as JsonObject)[key]));
}
