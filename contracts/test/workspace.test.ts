import {
  WORKSPACE_SECRET_PATTERN,
  createWorkspaceRequestSchema,
  inviteToWorkspaceRequestSchema,
  joinWorkspaceRequestSchema,
  newWorkspaceSecret,
  newWorkspaceUid,
  removeWorkspaceMemberRequestSchema,
  saveWorkspaceRequestSchema,
  workspaceLogRequestSchema,
  workspaceSchema,
  workspacePermissionsSchema,
  workspaceWebhookEventSchema,
} from '@platform/contracts';
import { errorOf, tooLong, valueOf } from './helpers';

const validWorkspace = {
  uid: newWorkspaceUid(),
  email: 'owner@example.com',
  joinedAt: 1_700_000_000,
  region: 'eu',
  loadTokens: 0,
  freeLTsTS: 99999999999999,
  workspaceName: 'PersonalAb12C',
  workspaceSecret: newWorkspaceSecret(),
  workspaceEmails: ['owner@example.com'],
  stripeConnect: { accountId: 'acct_1', isConnected: true, USDPerToken: 0.003, plans: [{ name: 'Basic Plan', credits: 5000, features: ['Voice Channels'] }] },
  internal: { isNewUser: true, customPlan: { userId: 'u1', billingCycle: 'monthly', limits: { workspaceSeats: 3 } }, events: { endpoint: 'https://hooks.example.com/x', subscribedEvents: ['agent.created'] } },
};

describe('workspace record', () => {
  it('accepts a full record', () => {
    expect(errorOf(workspaceSchema, validWorkspace)).toBeUndefined();
    expect(errorOf(workspaceSchema, {})).toBeUndefined();
  });

  it('requires a workspace name when one is given', () => {
    expect(errorOf(workspaceSchema, { workspaceName: '' })).toBe('Please enter a workspace name.');
    expect(errorOf(workspaceSchema, { workspaceName: '   ' })).toBe('Please enter a workspace name.');
  });

  it('checks the secret shape: vg_ plus 20', () => {
    expect(WORKSPACE_SECRET_PATTERN.test(newWorkspaceSecret())).toBe(true);
    expect(errorOf(workspaceSchema, { workspaceSecret: 'vg_short' })).toMatch(/workspaceSecret/);
    expect(errorOf(workspaceSchema, { workspaceSecret: 'xx_' + 'a'.repeat(20) })).toMatch(/workspaceSecret/);
  });

  it('rejects wrong types, unknown regions and unknown fields', () => {
    expect(errorOf(workspaceSchema, { loadTokens: 'lots' })).toMatch(/loadTokens/);
    expect(errorOf(workspaceSchema, { region: 'us' })).toMatch(/region/);
    expect(errorOf(workspaceSchema, { workspaceEmails: ['not an email'] })).toMatch(/workspaceEmails/);
    expect(errorOf(workspaceSchema, { isAdmin: true })).toMatch(/not allowed/);
  });

  it('rejects overlong strings', () => {
    expect(errorOf(workspaceSchema, { workspaceName: tooLong(100) })).toMatch(/workspaceName.*100/);
    expect(errorOf(workspaceSchema, { displayName: tooLong(100) })).toMatch(/displayName/);
  });

  it('requires userId and billingCycle on a custom plan', () => {
    expect(errorOf(workspaceSchema, { internal: { customPlan: { billingCycle: 'monthly' } } })).toMatch(/userId.*required/);
    expect(errorOf(workspaceSchema, { internal: { customPlan: { userId: 'u1' } } })).toMatch(/billingCycle.*required/);
  });
});

describe('workspace requests', () => {
  it('needs a workspace name to create or save', () => {
    expect(errorOf(createWorkspaceRequestSchema, {})).toBe('Please enter a workspace name.');
    expect(errorOf(saveWorkspaceRequestSchema, { workspaceName: '' })).toBe('Please enter a workspace name.');
    expect(errorOf(saveWorkspaceRequestSchema, { workspaceName: 'Team', internal: { isAgentOnboardingDone: true, isNewUser: false } })).toBeUndefined();
  });

  it('never takes credits, billing or the secret from a save', () => {
    expect(errorOf(saveWorkspaceRequestSchema, { workspaceName: 'Team', loadTokens: 1e9 })).toMatch(/loadTokens.*not allowed/);
    expect(errorOf(saveWorkspaceRequestSchema, { workspaceName: 'Team', workspaceSecret: newWorkspaceSecret() })).toMatch(/not allowed/);
    expect(errorOf(saveWorkspaceRequestSchema, { workspaceName: 'Team', internal: { customPlan: {} } })).toMatch(/not allowed/);
  });

  describe('invitation', () => {
    it('needs an e-mail with @ and .', () => {
      for (const to of [undefined, '', 'plainaddress', 'a@b', 'a.b.c']) {
        expect(errorOf(inviteToWorkspaceRequestSchema, { to })).toBe('Please enter a valid email');
      }
      expect(errorOf(inviteToWorkspaceRequestSchema, { to: tooLong(254) + '@x.io' })).toBe('Please enter a valid email');
      expect(errorOf(inviteToWorkspaceRequestSchema, { to: 'friend@example.com', subject: 'Join', html: '<p>hi</p>' })).toBeUndefined();
    });

    it("refuses the inviter's own e-mail, in any case", () => {
      const context = { selfEmail: 'me@example.com' };
      expect(errorOf(inviteToWorkspaceRequestSchema, { to: 'me@example.com' }, { context })).toBe("You can't invite yourself lol");
      expect(errorOf(inviteToWorkspaceRequestSchema, { to: 'ME@Example.com' }, { context })).toBe("You can't invite yourself lol");
      expect(errorOf(inviteToWorkspaceRequestSchema, { to: 'you@example.com' }, { context })).toBeUndefined();
    });
  });

  it('refuses removing oneself', () => {
    const context = { selfEmail: 'me@example.com' };
    expect(errorOf(removeWorkspaceMemberRequestSchema, { email: 'me@example.com' }, { context })).toBe(
      'You cannot remove yourself from the workspace.',
    );
    expect(errorOf(removeWorkspaceMemberRequestSchema, { email: 'other@example.com' }, { context })).toBeUndefined();
  });

  it('joins with an e-mail', () => {
    expect(errorOf(joinWorkspaceRequestSchema, { email: 'new@example.com' })).toBeUndefined();
    expect(errorOf(joinWorkspaceRequestSchema, {})).toMatch(/email.*required/);
  });

  it('describes the events webhook and the logs call', () => {
    const secret = newWorkspaceSecret();
    expect(valueOf(workspaceWebhookEventSchema, { type: 'agent.created', payload: { createdAt: 1, workspaceSecret: secret, agentId: 'a' } }).payload).toMatchObject({ agentId: 'a' });
    expect(errorOf(workspaceWebhookEventSchema, { type: 'x', payload: { createdAt: 1 } })).toMatch(/workspaceSecret.*required/);
    expect(errorOf(workspaceLogRequestSchema, { userId: 'u1', type: 'error', region: 'na', metadata: { a: 1 } })).toBeUndefined();
    expect(errorOf(workspaceLogRequestSchema, { userId: 'u1', type: 'error', region: 'asia' })).toMatch(/region/);
  });

  it('lists permissions per member', () => {
    expect(errorOf(workspacePermissionsSchema, { userId: 'u1', permissions: ['agents:write'] })).toBeUndefined();
    expect(errorOf(workspacePermissionsSchema, { userId: 'u1' })).toMatch(/permissions.*required/);
    expect(errorOf(workspacePermissionsSchema, { userId: 'u1', permissions: [tooLong(100)] })).toMatch(/permissions/);
  });
});
