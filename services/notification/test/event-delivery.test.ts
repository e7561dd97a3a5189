import { NOTIFICATION_MESSAGES } from '@platform/contracts';
import { deliveryBody, failureNotice, isDelivered, isSubscribed, nextAttemptDelay, publicEventType, signatureHeader, verifySignatureHeader } from '../src/domain/event-delivery';

describe('workspace event delivery', () => {
  it('names the platform events a workspace may subscribe to, and only those', () => {
    expect(publicEventType({ type: 'new-agent' })).toBe('agent.created');
    expect(publicEventType({ type: 'conversation.human-requested' })).toBe('conversation.human-requested');
    expect(publicEventType({ type: 'workspace.member-joined' })).toBe('member.joined');
    expect(publicEventType({ type: 'credits.consumed' })).toBeNull();
    expect(publicEventType({ type: 'credentials.session-ended' })).toBeNull();
  });

  it('sends only subscribed types, and the test event always', () => {
    expect(isSubscribed(['agent.created'], 'agent.created', false)).toBe(true);
    expect(isSubscribed(['agent.created'], 'member.joined', false)).toBe(false);
    expect(isSubscribed([], 'test', true)).toBe(true);
  });

  it('posts {type, payload: {createdAt, workspaceSecret, ...data}}; the data cannot override the two', () => {
    const body = JSON.parse(deliveryBody('agent.created', { agent: { ID: 'a1' }, workspaceSecret: 'forged', createdAt: 'x' }, '2026-01-01T00:00:00.000Z', 'vg_secret'));
    expect(body).toEqual({ type: 'agent.created', payload: { agent: { ID: 'a1' }, createdAt: '2026-01-01T00:00:00.000Z', workspaceSecret: 'vg_secret' } });
  });

  it('signs with the workspace secret and a timestamp; a receiver refuses another body, secret or an old signature', () => {
    const body = '{"type":"test"}';
    const header = signatureHeader('vg_secret', body, 1_000_000);
    expect(header).toMatch(/^t=1000000,v1=[0-9a-f]{64}$/);
    expect(verifySignatureHeader(header, 'vg_secret', body, 1_000_000 + 1_000)).toBe(true);
    expect(verifySignatureHeader(header, 'vg_other', body, 1_000_000)).toBe(false);
    expect(verifySignatureHeader(header, 'vg_secret', '{"type":"tampered"}', 1_000_000)).toBe(false);
    expect(verifySignatureHeader(header, 'vg_secret', body, 1_000_000 + 10 * 60_000)).toBe(false);
    expect(verifySignatureHeader(undefined, 'vg_secret', body, 1_000_000)).toBe(false);
    expect(verifySignatureHeader('t=1000000,v1=abc', 'vg_secret', body, 1_000_000)).toBe(false);
  });

  it('waits 4 times longer after each failure and gives up after the last attempt', () => {
    const policy = { maxAttempts: 4, baseDelayMs: 1000 };
    expect([1, 2, 3].map((attempts) => nextAttemptDelay(attempts, policy))).toEqual([1000, 4000, 16000]);
    expect(nextAttemptDelay(4, policy)).toBeNull();
    expect(nextAttemptDelay(1, { maxAttempts: 1, baseDelayMs: 1000 })).toBeNull();
  });

  it('counts only 2xx answers as delivered', () => {
    expect([200, 204, 299].every(isDelivered)).toBe(true);
    expect([199, 301, 400, 410, 500].some(isDelivered)).toBe(false);
  });

  it('tells the members which endpoint failed, escaped', () => {
    const notice = failureNotice({ endpoint: 'https://h.example/<x>', type: 'agent.created', attempts: 6, lastError: 'The endpoint answered 500' });
    expect(notice.subject).toBe(NOTIFICATION_MESSAGES.endpointFailedSubject);
    expect(notice.html).toContain('https://h.example/&#60;x&#62;');
    expect(notice.html).toContain('after 6 attempts');
  });
});
