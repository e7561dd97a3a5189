import { forgetInvitation, isInvitationLink, pendingInvitation, rememberInvitation } from '../src/auth/pending-invitation';
import { postSignInPath } from '../src/auth/post-sign-in';

const link = '/no-auth/workspaces/abcDEF123456789/invite?secret=s3cret&email=a%40b.co';

describe('pending invitation (spec 4.5)', () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers a magic link until it is used', () => {
    expect(pendingInvitation()).toBeUndefined();
    rememberInvitation(link);
    expect(pendingInvitation()).toBe(link);
    forgetInvitation();
    expect(pendingInvitation()).toBeUndefined();
  });

  it('accepts only the magic-link shape, so storage cannot redirect a session elsewhere', () => {
    expect(isInvitationLink(link)).toBe(true);
    for (const other of ['https://evil.example/x', '//evil.example/no-auth/workspaces/a/invite?x', '/no-auth/workspaces/a/b/invite?x', '/app/eu/agents']) {
      expect(isInvitationLink(other)).toBe(false);
      rememberInvitation(other);
      expect(pendingInvitation()).toBeUndefined();
    }
    window.localStorage.setItem('platform.pendingInvitation', JSON.stringify('https://evil.example'));
    expect(pendingInvitation()).toBeUndefined();
  });

  it('sends a freshly signed-in person to the invitation before anything else', () => {
    const session = { workspaces: [], needsOnboarding: true };
    expect(postSignInPath(session, undefined, link)).toBe(link);
    expect(postSignInPath(session, undefined)).toBe('/onboarding?region=eu');
  });
});
