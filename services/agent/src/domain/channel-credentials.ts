import { CHANNEL_CREDENTIAL_FIELDS } from '@platform/contracts';
import { withFieldsFrom } from './secret-fields';

type Doc = Record<string, unknown>;
const isObject = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of the agent with `change` applied to every channel credential it holds (top-level
 * fields, `parent.leaf` fields, and `leaf` of every element when the parent is a list, like
 * `tools.serverUrlSecret`). Other fields are shared, not copied.
 */
export function mapChannelCredentials<T extends object>(agent: T, change: (value: unknown) => unknown): T {
  const copy: Doc = { ...(agent as Doc) };
  for (const path of CHANNEL_CREDENTIAL_FIELDS) {
    const [head, leaf] = path.split('.') as [string, string | undefined];
    const value = copy[head];
    if (value === undefined || value === null) continue;
    if (!leaf) {
      copy[head] = change(value);
      continue;
    }
    const inHolder = (holder: unknown) => (isObject(holder) && holder[leaf] !== undefined && holder[leaf] !== null ? { ...holder, [leaf]: change(holder[leaf]) } : holder);
    copy[head] = Array.isArray(value) ? value.map(inHolder) : inHolder(value);
  }
  return copy as T;
}

/**
 * `restored` (a kept version, which holds no credentials) with the credentials `current`
 * holds now: restoring an old version must not disconnect the agent's channels. Nested
 * ones go where the restored agent still has their holder (list items matched by `id`).
 */
export function withCredentialsFrom<T extends object>(restored: T, current: object): T {
  return withFieldsFrom(restored, current, CHANNEL_CREDENTIAL_FIELDS, { onlyAbsent: false });
}
