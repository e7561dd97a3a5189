import { decideAccess, requestedWorkspace } from '../src/domain/access';

describe('agent access rule', () => {
  const agent = { region: 'eu' as const, workspaceId: 'ws1', agentId: 'agent1' };
  const workspaceLevel = { region: 'eu' as const, workspaceId: 'ws1' };

  it('members are asked about, the own workspace secret and agent key are allowed', () => {
    expect(decideAccess({ kind: 'user', userId: 'u', email: 'a@b.io' }, agent)).toEqual({ outcome: 'ask-membership', user: { userId: 'u', email: 'a@b.io' } });
    expect(decideAccess({ kind: 'workspace', workspaceId: 'ws1', region: 'eu' }, agent)).toEqual({ outcome: 'allowed', actor: 'workspace secret' });
    expect(decideAccess({ kind: 'agent', agentId: 'agent1', region: 'eu' }, agent)).toEqual({ outcome: 'allowed', actor: 'agent key' });
  });

  it('refuses strangers, other regions, other agents, and agent keys at workspace level', () => {
    expect(decideAccess({ kind: 'anonymous' }, agent)).toMatchObject({ outcome: 'denied', status: 401 });
    expect(decideAccess({ kind: 'workspace', workspaceId: 'ws2', region: 'eu' }, agent)).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decideAccess({ kind: 'workspace', workspaceId: 'ws1', region: 'na' }, agent)).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decideAccess({ kind: 'agent', agentId: 'agent2', region: 'eu' }, agent)).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decideAccess({ kind: 'agent', agentId: 'agent1', region: 'eu' }, workspaceLevel)).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decideAccess({ kind: 'agency', agencyId: 'x' }, agent)).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decideAccess({ kind: 'gateway' }, agent)).toMatchObject({ outcome: 'denied', status: 403 });
  });

  it('names the workspace of a list or create', () => {
    expect(requestedWorkspace({ kind: 'workspace', workspaceId: 'ws1', region: 'eu' }, undefined)).toEqual({ workspaceId: 'ws1' });
    expect(requestedWorkspace({ kind: 'workspace', workspaceId: 'ws1', region: 'eu' }, 'ws2')).toMatchObject({ status: 403 });
    expect(requestedWorkspace({ kind: 'user', userId: 'u', email: 'a@b.io' }, 'ws2')).toEqual({ workspaceId: 'ws2' });
    expect(requestedWorkspace({ kind: 'user', userId: 'u', email: 'a@b.io' }, undefined)).toEqual({ status: 400, problem: 'Please choose a workspace.' });
    expect(requestedWorkspace({ kind: 'anonymous' }, 'ws1')).toMatchObject({ status: 401 });
    expect(requestedWorkspace({ kind: 'agent', agentId: 'a', region: 'eu' }, 'ws1')).toMatchObject({ status: 403 });
  });
});
