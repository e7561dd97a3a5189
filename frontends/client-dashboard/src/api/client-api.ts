import { CLIENT_DASHBOARD_API, CLIENT_FEEDBACK_API, CLIENTS_API, CONNECT_API, gatewayPath, type ClientEmailCodeRequest, type ClientFeedbackRequest, type ClientLoginRequest, type OrgAdminSaveClientRequest, type Region, type SaveOwnOrganizationRequest, type UpdateOwnClientRequest } from '@platform/contracts';
import { callApi } from '@platform/ui';

/**
 * The signed-in client's calls (agency-domain's CLIENTS_API), in the region whose database holds
 * the agency. Sign-in answers set the client session cookie on this (the agency's) host.
 */
export function clientApi(region: Region) {
  return {
    session: () => callApi(CLIENTS_API.getClientSession, { region }),
    login: (body: ClientLoginRequest) => callApi(CLIENTS_API.clientLogin, { region, body }),
    /** without a code: e-mails one; with it: a one-time login token */
    sso: (body: ClientEmailCodeRequest) => callApi(CLIENTS_API.ssoClient, { region, body }),
    signInWithToken: (token: string) => callApi(CLIENTS_API.validateClientLoginToken, { region, body: { token } }),
    agencyAdmin: (agencyId: string, secret: string) => callApi(CLIENTS_API.agencyAdminLogin, { region, body: { agencyId, secret } }),
    logout: () => callApi(CLIENTS_API.clientLogout, { region, body: {} }),
    updateOwn: (body: UpdateOwnClientRequest) => callApi(CLIENTS_API.updateOwnClient, { region, body }),
    saveOwnOrganization: (body: SaveOwnOrganizationRequest) => callApi(CLIENTS_API.saveOwnOrganization, { region, body }),
    saveOrgClient: (body: OrgAdminSaveClientRequest) => callApi(CLIENTS_API.saveOrgClient, { region, body }),
    /** the organisation's users (organisation admins) */
    orgClients: async () => (await callApi(CLIENTS_API.listOrgClients, { region })).clients,
    recordTabClick: (tab: string, agentId?: string) => callApi(CLIENTS_API.recordTabClick, { region, body: { tab, ...(agentId ? { agentId } : {}) } }),
    sendFeedback: (body: ClientFeedbackRequest) => callApi(CLIENT_FEEDBACK_API.sendClientFeedback, { region, body }),
    agents: () => callApi(CLIENTS_API.listClientAgents, { region }),
    /** a new session (cookie) for another organisation of this sign-in */
    switchOrganization: (orgId: string) => callApi(CLIENT_DASHBOARD_API.switchClientOrganization, { region, body: { orgId } }),
    /** the organisation's credits as billing's ledger holds them (the billing modal's source; only the client's own organisation) */
    organizationCredits: async (orgId: string) => (await callApi(CONNECT_API.getOrganizationBilling, { region, params: { orgId } })).data.loadTokens,
    /** an html custom tab's page, served under its own sandboxing CSP (the frame's src) */
    customTabSrc: (href: string, agentId?: string) => gatewayPath(CLIENT_DASHBOARD_API.renderClientCustomTab, undefined, region, { href, agentId }),
  };
}
export type ClientApi = ReturnType<typeof clientApi>;
