type Doc = Record<string, unknown>;
const isDoc = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `target` given the values `source` holds at `paths`: a top-level `head`, or
 * `head.leaf` inside an object or inside every item of a list, items matched by `id` (an item
 * without one cannot be told apart from the others and is left alone). A field `source` lacks
 * is never touched; with `onlyAbsent` a field `target` already has is kept too.
 */
export function withFieldsFrom<T extends object>(target: T, source: object, paths: readonly string[], { onlyAbsent }: { onlyAbsent: boolean }): T {
  const copy: Doc = { ...(target as Doc) };
  const from = source as Doc;
  const wanted = (holder: Doc, key: string) => !onlyAbsent || !(key in holder);
  for (const path of paths) {
    const [head, leaf] = path.split('.') as [string, string | undefined];
    const value = from[head];
    if (value === undefined) continue;
    if (!leaf) {
      if (wanted(copy, head)) copy[head] = value;
      continue;
    }
    const fill = (item: unknown, holder: unknown) =>
      isDoc(item) && isDoc(holder) && holder[leaf] !== undefined && wanted(item, leaf) ? { ...item, [leaf]: holder[leaf] } : item;
    const into = copy[head];
    if (Array.isArray(into) && Array.isArray(value)) {
      const byId = new Map(value.filter((item) => isDoc(item) && item.id !== undefined).map((item) => [(item as Doc).id, item]));
      copy[head] = into.map((item) => fill(item, isDoc(item) && item.id !== undefined ? byId.get(item.id) : undefined));
    } else if (isDoc(into)) {
      copy[head] = fill(into, value);
    }
  }
  return copy as T;
}
