import { anonymous, codeIn, linkIn, mailsTo, nthMailTo, userIdentity, type Caller } from '@platform/test-support';
import { verifySession, type Identity } from '@platform/kit';
import type { Harness } from './harness';

export { someone, uniqueEmail } from '@platform/test-support';

/** Signs in with a real e-mailed code, as the shell does; returns the identity the gateway would derive. */
export async function signInWithCode(h: Harness, email: string, region: 'eu' | 'na' = 'eu', extra: object = {}) {
  const before = (await mailsTo(email)).length;
  await h.as(anonymous, region).post('/v2/auth/code', { email }).expect(200);
  const code = codeIn(await nthMailTo(email, before + 1));
  const res = await h.as(anonymous, region).post('/v2/auth/verify', { email, code, ...extra }).expect(200);
  const token = sessionToken(res);
  const { sessionId } = verifySession(token, h.config.platform.jwtSecret)!;
  return { identity: { ...userIdentity(res.body.user.userId, email), sessionId }, userId: res.body.user.userId as string, response: res, token };
}

/** The session JWT a sign-in answer sets as its cookie. */
export function sessionToken(res: { headers: Record<string, unknown> }): string {
  const cookie = ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('session='));
  return cookie!.slice('session='.length).split(';')[0]!;
}

/** A workspace made from the switcher by `creator`. */
export async function createWorkspace(h: { as: (identity: Identity, region?: 'eu' | 'na') => Caller }, creator: Identity, region: 'eu' | 'na' = 'eu', workspaceName = 'Team space') {
  const res = await h.as(creator, region).post('/v2/workspaces', { workspaceName }).expect(201);
  return res.body.data as { uid: string; workspaceSecret: string; workspaceEmails: string[]; region: string };
}

/** Invites `email` into the workspace and returns the link's query, as read from the real e-mail. */
export async function inviteByMail(h: Harness, inviter: Identity, uid: string, email: string, region: 'eu' | 'na' = 'eu') {
  const before = (await mailsTo(email)).length;
  const res = await h.as(inviter, region).post(`/v2/workspaces/${uid}/email`, { to: email }).expect(200);
  const mail = await nthMailTo(email, before + 1);
  const link = new URL(linkIn(mail));
  return { link, response: res, path: `${link.pathname}${link.search}` };
}
