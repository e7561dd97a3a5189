/** Reading and writing nested agent fields by dotted path ("vgOptions.maxChunkSize", "tools.0.name"). */
export function getIn(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const copyOf = (value: unknown): Record<string, unknown> | unknown[] =>
  Array.isArray(value) ? [...value] : value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};

/** A copy of `source` with `path` set; parents (objects or arrays) are copied, never mutated. `undefined` removes the key. */
export function setIn<T extends object>(source: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const copy = copyOf(source) as Record<string, unknown>;
  if (rest.length === 0) {
    if (value === undefined && !Array.isArray(copy)) delete copy[head];
    else copy[head] = value;
    return copy as T;
  }
  copy[head] = setIn(copyOf(copy[head]), rest.join('.'), value);
  return copy as T;
}
