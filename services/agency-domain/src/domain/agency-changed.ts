import type { Agency, Region } from '@platform/contracts';
import { catalogOutboxEntry, type OutboxEntry } from '@platform/kit';

/**
 * credentials.agency-changed, written with every change of an agency's secret, branding or
 * hosts: every gateway replica drops what it cached about the agency and these hosts.
 */
export function agencyChanged(region: Region, agency: Pick<Agency, 'ID' | 'userId' | 'VGsubDomain' | 'customDomain'>, ...moreHosts: Array<string | undefined>): OutboxEntry {
  const hosts = [...new Set([agency.VGsubDomain, agency.customDomain, ...moreHosts].filter((h): h is string => Boolean(h)))];
  return catalogOutboxEntry('credentials.agency-changed', { region, workspaceId: agency.userId!, data: { agencyId: agency.ID!, hosts } });
}
