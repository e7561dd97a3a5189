/** Fields a save changes by itself; they never make an agent "edited" (spec 4.6). */
export const PUBLISH_IGNORED_FIELDS = ['lastModified', 'ts', 'ownerID', 'userId'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Deep equality of JSON data; a key holding undefined counts as absent (forms clear fields that way). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!deepEqual(a[key], b[key])) return false;
  return true;
}

const withoutIgnored = (agent: Record<string, unknown>) => {
  const copy = { ...agent };
  for (const key of PUBLISH_IGNORED_FIELDS) delete copy[key];
  return copy;
};

/** True when the edited agent equals the stored one, ignoring lastModified, ts, ownerID and userId. */
export function isAgentUnchanged(edited: object | undefined, stored: object | undefined): boolean {
  if (!edited || !stored) return true;
  return deepEqual(withoutIgnored(edited as Record<string, unknown>), withoutIgnored(stored as Record<string, unknown>));
}

export interface PublishButtonState {
  label: 'Publish' | 'Published';
  disabled: boolean;
}

/** Spec 4.6: disabled and labelled Published when nothing changed; Publish otherwise. */
export function publishButtonState(edited: object | undefined, stored: object | undefined, busy = false): PublishButtonState {
  const unchanged = isAgentUnchanged(edited, stored);
  return { label: unchanged ? 'Published' : 'Publish', disabled: unchanged || busy };
}
