import { makeEvent, newAgentDraft, stripAgentSecrets, type PlatformEvent } from '@platform/contracts';

/** One valid event of every type, built the way producers build them. */
export function sampleEvents(): PlatformEvent[] {
  const agent = stripAgentSecrets(newAgentDraft({ title: 'Support bot', ownerID: 'workspace1', enableNodes: false }));
  const where = { region: 'eu' as const, workspaceId: 'workspace1' };
  return [
    makeEvent('new-agent', { ...where, data: { agent } }),
    makeEvent('new-channel-connection', { ...where, data: { agentId: agent.ID, agentType: 'vg', channelId: '123456', channelType: 'telegram' } }),
    makeEvent('new-agency-subdomain', {
      ...where,
      data: {
        agency: { ID: 'agency1', userId: 'workspace1', name: 'Acme', VGsubDomain: 'acme.example.com', isVerifiedSubDomain: false },
        user: { uid: 'workspace1', email: 'owner@acme.io', displayName: 'Owner' },
        domain: 'acme.example.com',
      },
    }),
    makeEvent('channel.message-received', {
      ...where,
      data: { agentId: agent.ID, channelType: 'whatsapp', channelId: 'phone1', senderId: '+4915112345678', externalMessageId: 'wamid.1', text: 'Hi', receivedAt: new Date().toISOString() },
    }),
    makeEvent('credits.consumed', { ...where, data: { amount: 0.25, ts: 1_700_000_000, direction: 'decrease', causedBy: 'agent', agentId: agent.ID, model: 'gpt-4o', inputTokens: 120, outputTokens: 30 } }),
    makeEvent('notification.requested', { ...where, data: { channel: 'email', to: ['owner@acme.io'], subject: 'Invitation', html: '<p>Join</p>' } }),
    makeEvent('notification.requested', {
      ...where,
      data: { channel: 'organization', orgId: 'org1', notification: { title: 'New lead', body: 'Ada left her e-mail', ts: 1, notificationLevel: 2, seen: false } },
    }),
    makeEvent('workspace.created', { ...where, data: { uid: 'workspace1', email: 'owner@acme.io', workspaceName: 'PersonalAb12C' } }),
    makeEvent('workspace.updated', { ...where, data: { uid: 'workspace1', changedFields: ['workspaceName'] } }),
    makeEvent('workspace.deleted', { ...where, data: { uid: 'workspace1' } }),
    makeEvent('workspace.member-joined', { ...where, data: { uid: 'workspace1', email: 'friend@acme.io' } }),
    makeEvent('workspace.member-removed', { ...where, data: { uid: 'workspace1', email: 'friend@acme.io' } }),
    makeEvent('platform.probe', { region: 'na', workspaceId: 'infra', data: { probeId: 'probe-1' } }),
    makeEvent('credentials.session-ended', { ...where, data: { userId: 'user1', sessionId: 'session-1' } }),
    makeEvent('credentials.user-sessions-ended', { ...where, data: { userId: 'user1', exceptSessionId: 'session-2' } }),
    makeEvent('credentials.user-sessions-ended', { ...where, data: { userId: 'user1' } }),
    makeEvent('credentials.workspace-secret-rotated', { ...where, data: { uid: 'workspace1' } }),
    makeEvent('credentials.agent-secret-key-rotated', { ...where, data: { agentId: agent.ID } }),
    makeEvent('credentials.agency-changed', { ...where, data: { agencyId: 'agency1', hosts: ['acme.localhost'] } }),
    makeEvent('channel.reply-requested', {
      ...where,
      data: { agentId: agent.ID, channelType: 'telegram', channelId: '123456', recipientId: '987', inReplyTo: '42', conversationId: 'conversation-1', text: 'Hello!' },
    }),
    makeEvent('conversation.human-requested', { ...where, data: { agentId: agent.ID, conversationId: 'conversation1', channel: 'web', text: 'Can I talk to a person?' } }),
    makeEvent('notification.created', { ...where, data: { orgId: 'org1', notification: { ID: 'n1', title: 'A visitor asks for a person', ts: 1, notificationLevel: 2, seen: false, urlPathname: '/convos' } } }),
    makeEvent('credits.low', { ...where, data: { orgId: 'org1', balance: 420.5, threshold: 500 } }),
    makeEvent('credits.low', { ...where, data: { balance: -3, threshold: 500 } }),
  ];
}
