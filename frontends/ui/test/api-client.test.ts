/**
 * @jest-environment node
 */
import { API_PATHS } from '../src/api/paths';
import { ApiError, apiRequest } from '../src/api/http';
import { listAgents, workspaceApi } from '../src/api/workspace-api';

const answer = (status: number, body?: unknown) =>
  Promise.resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('API client', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('keeps the gateway paths in one place', () => {
    expect(API_PATHS.auth.session).toBe('/api/workspace/v2/auth/session');
    expect(API_PATHS.workspaces.invite('na', 'abc')).toBe('/api/na/workspace/v2/workspaces/abc/email');
    expect(API_PATHS.agents.list('eu')).toBe('/api/eu/agent/v2/agents');
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

  it('sorts agents by lastModified, newest first, and sends the workspace secret', async () => {
    fetchMock.mockReturnValue(answer(200, { agents: [{ ID: 'a', lastModified: 1 }, { ID: 'b', lastModified: 3 }, { ID: 'c' }] }));
    const agents = await listAgents('na', 'vg_secret');
    expect(agents.map((a) => a.ID)).toEqual(['b', 'a', 'c']);
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer vg_secret');
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
