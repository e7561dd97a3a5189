import { newAgentDraft, type Region } from '@platform/contracts';
import type { Identity } from '@platform/kit';
import { anonymous, gateway, someone, uniqueEmail } from './identities';
import type { AgentService, RunningService } from './services';

/** The password every client of `setUpAgencyWithClients` signs in with. */
export const CLIENT_PASSWORD = 'Abcdefghij12345';

/** An agency's workspace with agent X in organisation 1 and agent Y in organisation 2; clients signed in on demand. */
export interface AgencyWithClients {
  owner: Identity;
  /** the agency's workspace */
  uid: string;
  agencyId: string;
  agentX: string;
  agentY: string;
  org1: string;
  org2: string;
  /** A client of the organisation (canAccess absent: the default pages; other drawer fields in `fields`), signed in: its gateway identity. */
  addClient: (orgId: string, canAccess?: string[], fields?: object) => Promise<Identity>;
  /** The agency signed in with its secret on the organisation's dashboard (every page). */
  signInAgencyAdmin: (orgId: string) => Promise<Identity>;
  /** A sign-in token, verified as the gateway verifies it. */
  verified: (token: string, region?: Region) => Promise<Identity>;
}

/**
 * The clients' route tests' set-up (issue 12): an agency owner's workspace and agency, two agents,
 * two organisations with one agent each, on the real agent and agency-domain services.
 */
export async function setUpAgencyWithClients(h: AgentService, agency: RunningService<unknown>, agencyName: string): Promise<AgencyWithClients> {
  const owner = someone('agency');
  const uid = (await h.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Agency' }).expect(201)).body.data.uid as string;
  const created = (await agency.as(owner).post(`/v2/workspaces/${uid}/agency`, { name: agencyName }).expect(200)).body.agency as { ID: string; secret: string };
  const createAgent = async (title: string) => {
    const draft = newAgentDraft({ title, ownerID: uid });
    return (await h.as(owner).post(`/v2/agents/${draft.ID}`, draft).expect(200)).body.agent.ID as string;
  };
  const agentX = await createAgent('X');
  const agentY = await createAgent('Y');
  const createOrg = async (name: string, agentId: string) => {
    const orgId = (await agency.as(owner).post(`/v2/workspaces/${uid}/orgs`, { name }).expect(201)).body.organization.ID as string;
    await agency.as(owner).post(`/v2/workspaces/${uid}/orgs/${orgId}`, { ID: orgId, name, widgetIDs: [agentId] }).expect(200);
    return orgId;
  };
  const org1 = await createOrg('One', agentX);
  const org2 = await createOrg('Two', agentY);
  const verified = async (token: string, region: Region = 'eu') => (await agency.as(gateway, region).post('/internal/credentials/verify', { credential: token }).expect(200)).body.identity as Identity;
  const addClient = async (orgId: string, canAccess?: string[], fields: object = {}) => {
    const email = uniqueEmail('client');
    await agency.as(owner).post(`/v2/workspaces/${uid}/clients`, { orgId, name: 'Client', email, dashboardPassword: CLIENT_PASSWORD, ...(canAccess ? { canAccess } : {}), ...fields }).expect(200);
    return verified((await agency.as(anonymous).post('/client-auth/login', { email, password: CLIENT_PASSWORD, agencyId: created.ID }).expect(200)).body.token);
  };
  const signInAgencyAdmin = async (orgId: string) =>
    verified((await agency.as(anonymous).post('/client-auth/agency-admin', { agencyId: created.ID, secret: created.secret, orgId }).expect(200)).body.token);
  return { owner, uid, agencyId: created.ID, agentX, agentY, org1, org2, addClient, signInAgencyAdmin, verified };
}
