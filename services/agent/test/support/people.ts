import { newAgentDraft, type AgentDraft, type Region } from '@platform/contracts';
import type { Harness } from './harness';
import { someone, workspaceIdentity } from './harness';

export type Person = ReturnType<typeof someone>;

/** A person with a workspace made from the switcher in `region` (they are its only member). */
export async function personWithWorkspace(h: Harness, region: Region = 'eu', prefix = 'user') {
  const person = someone(prefix);
  const res = await h.workspaceAs(person, region).post('/v2/workspaces', { workspaceName: 'Agents team' }).expect(201);
  const workspace = res.body.data as { uid: string; workspaceSecret: string };
  return { person, workspace, secret: workspaceIdentity(workspace.uid, region) };
}

/** The New Agent drawer's draft, created through POST /v2/agents/{ID}. */
export async function createAgent(h: Harness, person: Person, workspaceId: string, region: Region = 'eu', overrides: Partial<AgentDraft> = {}) {
  const draft = { ...newAgentDraft({ title: 'Support bot', ownerID: workspaceId }), ...overrides };
  const res = await h.as(person, region).post(`/v2/agents/${draft.ID}`, draft).expect(200);
  return res.body.agent as AgentDraft & { ID: string; SECRET_API_KEY: string; userId: string };
}
