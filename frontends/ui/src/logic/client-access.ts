import { CLIENT_PAGE_CHOICES, type CustomTab } from '@platform/contracts';

/** A page a client may be given: a built-in page of the dashboard or an agency custom tab. */
export interface PageChoice {
  path: string;
  label: string;
}

/** The pages a client may be given (spec 3.6 canAccess): the dashboard's, then the agency's custom tabs. */
export const pageChoices = (customTabs: readonly Pick<CustomTab, 'href' | 'label'>[] = []): PageChoice[] => [
  ...CLIENT_PAGE_CHOICES,
  ...customTabs.filter((tab) => tab.href).map((tab) => ({ path: tab.href!, label: tab.label || tab.href! })),
];

/** Moves one entry of a list up (-1) or down (+1); the list is unchanged at its ends. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * Access and tab order edited together: giving a page adds it at the end of the order, taking
 * it away removes it, so the order only ever lists pages the client may open.
 */
export function toggleAccess(access: readonly string[], order: readonly string[], path: string): { access: string[]; order: string[] } {
  if (access.includes(path)) return { access: access.filter((p) => p !== path), order: order.filter((p) => p !== path) };
  const nextAccess = [...access, path];
  return { access: nextAccess, order: [...order.filter((p) => nextAccess.includes(p)), path] };
}

/** The order shown for a client: its clientTabOrder, then any accessible page it does not list yet. */
export const effectiveOrder = (access: readonly string[], order: readonly string[] | undefined) => [
  ...(order ?? []).filter((p) => access.includes(p)),
  ...access.filter((p) => !(order ?? []).includes(p)),
];

