import { CLIENT_DEFAULTS, DEFAULT_CLIENT_ACCESS, newClientDashboardPassword, type OrganizationView, type SaveClientRequest } from '@platform/contracts';
import { effectiveOrder } from '@platform/ui';

/** A new client of an organisation: its default access and order, a 15-character password (spec 3.6). */
export function newClientDraft(org: OrganizationView): SaveClientRequest {
  const access = [...(org.defaultClientAccess ?? DEFAULT_CLIENT_ACCESS)];
  return {
    orgId: org.ID,
    name: '',
    email: '',
    dashboardPassword: newClientDashboardPassword(),
    canAccess: access,
    clientTabOrder: effectiveOrder(access, org.defaultClientTabOrder),
    notificationsSettings: { notifyThrough: CLIENT_DEFAULTS.notifyThrough, notifyIf: CLIENT_DEFAULTS.notifyIf },
    preferredLanguage: org.preferredLanguage ?? CLIENT_DEFAULTS.preferredLanguage,
  };
}
