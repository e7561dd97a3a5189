import { agentsPath, hasSubscription, isAgentPage, planWorkspaceSwitch, selectWorkspace, shouldShowUpgradePrompt, shouldSignOut } from '@platform/contracts';

describe('workspace selection (4.5)', () => {
  const list = [
    { uid: 'shared', region: 'eu' as const, isOwn: false },
    { uid: 'me', region: 'eu' as const, isOwn: true },
    { uid: 'me', region: 'na' as const, isOwn: true },
    { uid: 'team', region: 'na' as const, isOwn: false },
  ];

  it('keeps the saved selection only when uid and region both match', () => {
    expect(selectWorkspace(list, { uid: 'team', region: 'na' }, 'eu')).toBe(list[3]);
    expect(selectWorkspace(list, { uid: 'me', region: 'na' }, 'eu')).toBe(list[2]);
    expect(selectWorkspace(list, { uid: 'team', region: 'eu' }, 'eu')).toBe(list[1]);
  });

  it("falls back to the user's own workspace in the current region, then the first", () => {
    expect(selectWorkspace(list, null, 'na')).toBe(list[2]);
    expect(selectWorkspace(list, undefined, 'eu')).toBe(list[1]);
    expect(selectWorkspace([list[0]!, list[3]!], null, 'eu')).toBe(list[0]);
    expect(selectWorkspace([], null, 'eu')).toBeUndefined();
  });

  it('switches region through the switching screen, otherwise reloads on agent pages', () => {
    expect(planWorkspaceSwitch('eu', { uid: 'x', region: 'na' }, '/app/eu/agents/a1/overview')).toEqual({
      kind: 'change-region',
      message: 'Switching to NA region...',
      path: '/app/na/agents',
    });
    expect(planWorkspaceSwitch('eu', { uid: 'x', region: 'eu' }, '/app/eu/agents/a1/overview')).toEqual({ kind: 'reload' });
    expect(planWorkspaceSwitch('eu', { uid: 'x', region: 'eu' }, '/app/eu/clients')).toEqual({ kind: 'navigate', path: agentsPath('eu') });
    expect(planWorkspaceSwitch('na', { uid: 'x', region: 'na' }, '/app/na/agents')).toEqual({ kind: 'navigate', path: '/app/na/agents' });
  });

  it('signs out on a directory error or with neither user nor secret', () => {
    expect(shouldSignOut({ directoryError: true, hasUser: true, hasSecret: true })).toBe(true);
    expect(shouldSignOut({ directoryError: false, hasUser: false, hasSecret: false })).toBe(true);
    expect(shouldSignOut({ directoryError: false, hasUser: false, hasSecret: true })).toBe(false);
    expect(shouldSignOut({ directoryError: false, hasUser: true, hasSecret: false })).toBe(false);
  });

  it('tells agent pages from the rest', () => {
    expect(isAgentPage('/app/eu/agents/abc')).toBe(true);
    expect(isAgentPage('/app/na/agents/abc/voice?tab=phoneNumbers')).toBe(true);
    expect(isAgentPage('/app/eu/agents')).toBe(false);
    expect(isAgentPage('/app/eu/agents/')).toBe(false);
    expect(isAgentPage('/app/eu/account/billing')).toBe(false);
  });
});

describe('upgrade prompt (5)', () => {
  const now = 1_800_000_000;
  const week = 604_800;
  const show = (workspace: Parameters<typeof shouldShowUpgradePrompt>[0]['workspace'], pathname = '/app/eu/agents') =>
    shouldShowUpgradePrompt({ workspace, pathname, nowSeconds: now });

  it('shows for accounts older than 604800 s or with fewer than 500 tokens', () => {
    expect(show({ joinedAt: now - week - 1, loadTokens: 10_000 })).toBe(true);
    expect(show({ joinedAt: now - week, loadTokens: 10_000 })).toBe(false);
    expect(show({ joinedAt: now, loadTokens: 499 })).toBe(true);
    expect(show({ joinedAt: now, loadTokens: 500 })).toBe(false);
    expect(show({ joinedAt: now })).toBe(true);
  });

  it('never shows with a subscription or on agent pages', () => {
    expect(show({ joinedAt: 0, loadTokens: 0, stripeSubscriptionId: 'sub_1' })).toBe(false);
    expect(show({ joinedAt: 0, loadTokens: 0, v2StripeConfig: { subscriptionId: 'sub_2' } })).toBe(false);
    expect(show({ joinedAt: 0, loadTokens: 0 }, '/app/eu/agents/a1/overview')).toBe(false);
    expect(hasSubscription({ stripeSubscriptionId: '' })).toBe(false);
  });
});
