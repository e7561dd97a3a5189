/**
 * @jest-environment node
 */
import { AGENT_API, WORKSPACE_API, gatewayPath } from '@platform/contracts';
import { ApiError, apiRequest } from '../src/api/http';
import { workspaceApi } from '../src/api/workspace-api';
import { agentApi, listAgents } from '../src/api/agent-api';

const answer = (status: number, body?: unknown) =>
  Promise.resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('API client', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('calls the paths of the catalog in contracts, through the gateway', () => {
    expect(gatewayPath(WORKSPACE_API.getSession)).toBe('/api/workspace/v2/auth/session');
    expect(gatewayPath(WORKSPACE_API.inviteToWorkspace, { uid: 'abc' }, 'na')).toBe('/api/na/workspace/v2/workspaces/abc/email');
    expect(gatewayPath(AGENT_API.listAgents, {}, 'eu')).toBe('/api/eu/agent/v2/agents');
    expect(gatewayPath(AGENT_API.listAgents, {}, 'eu', { workspaceId: 'w 1' })).toBe('/api/eu/agent/v2/agents?workspaceId=w+1');
    expect(gatewayPath(AGENT_API.getAgent, { agentId: 'a1' }, 'na')).toBe('/api/na/agent/v2/agents/a1');
    expect(gatewayPath(AGENT_API.restoreAgentVersion, { agentId: 'a1', versionId: 'v2' }, 'eu')).toBe('/api/eu/agent/v2/agents/a1/versions/v2/restore');
    expect(gatewayPath(AGENT_API.exportAgentToJson, {}, 'na')).toBe('/api/na/agent/procedures/exportAgentToJson');
    // the spec's own paths below /api
    expect(gatewayPath(AGENT_API.generateCss)).toBe('/api/ai-css-generator');
    expect(gatewayPath(AGENT_API.listTranslateLanguages)).toBe('/api/translate');
  });

  it('joins with the magic link: its uid and query, the default region', async () => {
    fetchMock.mockReturnValue(answer(200, { success: true, data: { uid: 'w1' } }));
    await workspaceApi.joinWorkspace('/no-auth/workspaces/w1/invite?secret=s3cr3t&email=ann%40x.io', 'ann@x.io');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/workspace/no-auth/workspaces/w1/invite?secret=s3cr3t&email=ann%40x.io');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ email: 'ann@x.io' });
  });

  it('throws the server message with the status', async () => {
    fetchMock.mockReturnValue(answer(409, { success: false, message: 'You have reached the maximum number of seats' }));
    await expect(apiRequest('/x')).rejects.toEqual(new ApiError('You have reached the maximum number of seats', 409));
  });

  it('reads a missing agent service (404, 502) as no agents', async () => {
    fetchMock.mockReturnValueOnce(answer(404, { message: 'Not found' })).mockReturnValueOnce(answer(502));
    await expect(listAgents('eu')).resolves.toEqual([]);
    await expect(listAgents('eu')).resolves.toEqual([]);
  });

  it("lists the workspace's agents in the service's order (newest first)", async () => {
    fetchMock.mockReturnValue(answer(200, { success: true, agents: [{ ID: 'b', lastModified: 3 }, { ID: 'a', lastModified: 1 }] }));
    const agents = await listAgents('na', 'w1');
    expect(agents.map((a) => a.ID)).toEqual(['b', 'a']);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/na/agent/v2/agents?workspaceId=w1');
  });

  it('reads agents, versions and procedure answers from the envelopes the contracts define', async () => {
    fetchMock
      .mockReturnValueOnce(answer(200, { success: true, agent: { ID: 'a1', title: 'A' } }))
      .mockReturnValueOnce(answer(200, { success: true, versions: [{ versionId: 'v2', savedAt: 20, agent: { ID: 'a1' } }, { versionId: 'v1', savedAt: 10 }] }))
      .mockReturnValueOnce(answer(200, { success: true, agentCreated: { ID: 'b2', enableNodes: true } }))
      .mockReturnValueOnce(answer(200, { success: true, agentTemplate: { key: 'k', name: 'A', template: {} } }));
    await expect(agentApi.get('eu', 'a1')).resolves.toEqual({ ID: 'a1', title: 'A' });
    expect((await agentApi.versions('eu', 'a1')).map((v) => v.versionId)).toEqual(['v2', 'v1']);
    await expect(agentApi.convertTemplate('eu', 'B', { key: 'k' }, 'w1')).resolves.toEqual({ ID: 'b2', enableNodes: true });
    expect(JSON.parse(fetchMock.mock.calls[2][1].body)).toEqual({ agentName: 'B', agentTemplate: { key: 'k' }, workspaceId: 'w1' });
    await expect(agentApi.exportTemplate('eu', 'a1')).resolves.toEqual({ key: 'k', name: 'A', template: {} });
  });

  it('keeps the 404 body of a missing agent (it may name the other region)', async () => {
    fetchMock.mockReturnValue(answer(404, { success: false, message: 'Agent not found', region: 'na' }));
    await expect(agentApi.get('eu', 'a1')).rejects.toMatchObject({ status: 404, body: { region: 'na' } });
  });

  it('saves the full agent with a fresh lastModified', async () => {
    fetchMock.mockReturnValue(answer(200, { success: true }));
    await agentApi.save('eu', { ID: 'a1', title: 'A', lastModified: 1 });
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/eu/agent/v2/agents/a1');
    expect(body.title).toBe('A');
    expect(body.lastModified).toBeGreaterThan(1_600_000_000);
  });

  it('invites with the contract body {to} and deletes with the typed confirmation', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true }));
    await workspaceApi.invite('eu', 'w1', 'new@example.com');
    await workspaceApi.deleteWorkspace('eu', 'w1');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ to: 'new@example.com' });
    expect(fetchMock.mock.calls[1][1].method).toBe('DELETE');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ confirmation: 'THIS ACTION CANNOT BE UNDONE' });
  });
});
