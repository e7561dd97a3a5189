import { MENU_NAME_TRUNCATION } from '@platform/contracts';

/** Menu lengths of the spec: 20 for the compact label, 25 for list entries. */
export const [SHORT_NAME_MAX, LIST_NAME_MAX] = MENU_NAME_TRUNCATION;

/** Cuts a name to `max` characters and marks the cut with '...'. */
export function truncateName(name: string, max: number = LIST_NAME_MAX): string {
  const clean = name.trim();
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}
