import { AGENCY_SETTINGS_TABS } from '@platform/contracts';

/** The query parameter activeTabIndex selects the initial tab; anything else opens Overview. */
export function initialTab(search: string): string {
  const index = Number(new URLSearchParams(search).get('activeTabIndex'));
  return Number.isInteger(index) && index >= 0 && index < AGENCY_SETTINGS_TABS.length
    ? AGENCY_SETTINGS_TABS[index]
    : AGENCY_SETTINGS_TABS[0];
}
