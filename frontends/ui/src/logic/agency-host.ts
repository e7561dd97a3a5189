import { AGENCY_HOST_DATA_ID, type AgencyHostData } from '@platform/contracts';

let read: AgencyHostData | null | undefined;

/**
 * The agency whose host this page is on (the gateway's JSON data block, ADR 0020), or null on
 * the product's own hosts. Read once: the page's host does not change.
 */
export function readAgencyHost(): AgencyHostData | null {
  if (read !== undefined) return read;
  const text = typeof document === 'undefined' ? null : document.getElementById(AGENCY_HOST_DATA_ID)?.textContent;
  try {
    read = text ? (JSON.parse(text) as AgencyHostData) : null;
  } catch {
    read = null;
  }
  return read;
}
