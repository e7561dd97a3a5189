import type { SessionWorkspace } from '@platform/ui';
import { postSignInPath } from '../src/auth/post-sign-in';
import { pickWorkspace, planSwitch, workspacesIn } from '../src/contexts/workspace-selection';

const ws = (uid: string, region: 'eu' | 'na', isOwn = false): SessionWorkspace => ({ uid, region, isOwn, workspaceName: uid });
const list = [ws('shared-eu', 'eu'), ws('me', 'eu', true), ws('me', 'na', true), ws('shared-na', 'na')];

describe('workspace selection (spec 4.5)', () => {
  it('prefers the saved selection, matched on uid and region', () => {
    expect(pickWorkspace(list, { uid: 'shared-na', region: 'na' }, 'eu')).toBe(list[3]);
    // same uid, other region: no match
    expect(pickWorkspace(list, { uid: 'shared-na', region: 'eu' }, 'eu')).toBe(list[1]);
  });

  it("falls back to the user's own workspace in the current region, then the first", () => {
    expect(pickWorkspace(list, undefined, 'na')).toBe(list[2]);
    expect(pickWorkspace([ws('x', 'na'), ws('y', 'eu')], undefined, 'eu')).toEqual(ws('x', 'na'));
    expect(pickWorkspace([], undefined, 'eu')).toBeUndefined();
  });

  it('switches region through the switching screen, reloads agent pages, else opens the agents list', () => {
    expect(planSwitch(list[3], 'eu', '/app/eu/agents')).toEqual({ kind: 'region-switch', region: 'na', to: '/app/na/agents' });
    expect(planSwitch(list[0], 'eu', '/app/eu/agents/a1/voice')).toEqual({ kind: 'reload' });
    expect(planSwitch(list[0], 'eu', '/app/eu/agency')).toEqual({ kind: 'navigate', to: '/app/eu/agents' });
  });

  it('splits workspaces into the EU and NA lists', () => {
    expect(workspacesIn(list, 'na').map((w) => w.uid)).toEqual(['me', 'shared-na']);
  });

  it('sends a signed-in user to onboarding or to the agents of the chosen region', () => {
    expect(postSignInPath({ workspaces: list, needsOnboarding: true })).toBe('/onboarding?region=eu');
    expect(postSignInPath({ workspaces: list, needsOnboarding: false }, { uid: 'shared-na', region: 'na' })).toBe('/app/na/agents');
    expect(postSignInPath({ workspaces: [], needsOnboarding: false })).toBe('/app/eu/agents');
  });
});
