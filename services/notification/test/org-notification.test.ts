import { NOTIFICATION_MESSAGES, visibleLevels, type StoredNotification } from '@platform/contracts';
import { emailRecipients, humanRequestNotification, isAddressedTo, notificationEmail, notificationId, pushPayload, pushRecipients, pushSubscriptionOf } from '../src/domain/org-notification';

const level = (notificationLevel: 1 | 2, notifyOnly?: string[]): StoredNotification => ({ ID: 'n1', ts: 1, notificationLevel, title: 'T', body: 'B', ...(notifyOnly ? { notifyOnly } : {}) });

describe('organisation notifications', () => {
  it('shows levels by notifyIf: all 1 and 2, requestsOnly 2 (the default), none nothing', () => {
    expect(visibleLevels('all')).toEqual([1, 2]);
    expect(visibleLevels('requestsOnly')).toEqual([2]);
    expect(visibleLevels(undefined)).toEqual([2]);
    expect(visibleLevels('none')).toEqual([]);
  });

  it('is for everyone without notifyOnly, else only for the listed clients', () => {
    expect(isAddressedTo(level(1), 'c1')).toBe(true);
    expect(isAddressedTo(level(1, []), 'c1')).toBe(true);
    expect(isAddressedTo(level(1, ['c2']), 'c1')).toBe(false);
    expect(isAddressedTo(level(1, ['c1', 'c2']), 'c1')).toBe(true);
  });

  it('e-mails the clients it is addressed to, whose notifyIf shows its level and whose notifyThrough is email or all', () => {
    const clients = [
      { ID: 'all', email: 'all@x.io', notificationsSettings: { notifyThrough: 'all' as const, notifyIf: 'all' as const } },
      { ID: 'default', email: 'default@x.io' },
      { ID: 'push', email: 'push@x.io', notificationsSettings: { notifyThrough: 'push' as const, notifyIf: 'all' as const } },
      { ID: 'mute', email: 'mute@x.io', notificationsSettings: { notifyThrough: 'email' as const, notifyIf: 'none' as const } },
      { ID: 'mail', email: 'mail@x.io', notificationsSettings: { notifyThrough: 'email' as const, notifyIf: 'requestsOnly' as const } },
    ];
    expect(emailRecipients(level(2), clients)).toEqual(['all@x.io', 'default@x.io', 'mail@x.io']);
    expect(emailRecipients(level(1), clients)).toEqual(['all@x.io']);
    expect(emailRecipients(level(2, ['mail']), clients)).toEqual(['mail@x.io']);
  });

  it('pushes to the clients it is addressed to, whose notifyIf shows its level, whose notifyThrough is push or all, with a valid subscription', () => {
    const subscription = (id: string) => ({ endpoint: `https://push.example.com/${id}`, keys: { p256dh: 'BPk', auth: 'au' } });
    const token = (id: string) => JSON.stringify(subscription(id));
    const clients = [
      { ID: 'all', email: 'all@x.io', notificationsSettings: { notifyThrough: 'all' as const, notifyIf: 'all' as const }, pushToken: token('all') },
      { ID: 'default', email: 'default@x.io', pushToken: token('default') },
      { ID: 'push', email: 'push@x.io', notificationsSettings: { notifyThrough: 'push' as const, notifyIf: 'requestsOnly' as const }, pushToken: token('push') },
      { ID: 'mail', email: 'mail@x.io', notificationsSettings: { notifyThrough: 'email' as const, notifyIf: 'all' as const }, pushToken: token('mail') },
      { ID: 'none', email: 'none@x.io', notificationsSettings: { notifyThrough: 'all' as const, notifyIf: 'all' as const } },
      { ID: 'broken', email: 'broken@x.io', notificationsSettings: { notifyThrough: 'all' as const, notifyIf: 'all' as const }, pushToken: '{"endpoint":"javascript:alert(1)"}' },
    ];
    expect(pushRecipients(level(2), clients).map((r) => r.clientId)).toEqual(['all', 'default', 'push']);
    expect(pushRecipients(level(1), clients)).toEqual([{ clientId: 'all', subscription: subscription('all') }]);
    expect(pushRecipients(level(2, ['push']), clients).map((r) => r.clientId)).toEqual(['push']);
    expect(pushSubscriptionOf('not json')).toBeNull();
    expect(JSON.parse(pushPayload({ ...level(2), urlPathname: '/convos?agentId=a' }, 'na'))).toEqual({ ID: 'n1', title: 'T', body: 'B', urlPathname: '/convos?agentId=a', notificationLevel: 2, region: 'na' });
  });

  it('makes a level-2 request of a human request, with one id per event and organisation', () => {
    const data = { agentId: 'agent1', conversationId: 'conv1', channel: 'web', text: 'Can I talk to a person?' };
    const notification = humanRequestNotification('event-1', 'org1', data, 1_700_000_000_000);
    expect(notification).toEqual({
      ID: notificationId('event-1', 'org1'),
      title: NOTIFICATION_MESSAGES.humanRequestedTitle,
      body: 'Can I talk to a person?',
      ts: 1_700_000_000_000,
      urlPathname: '/convos?agentId=agent1&conversationId=conv1',
      seen: false,
      notificationLevel: 2,
    });
    expect(humanRequestNotification('event-1', 'org1', data, 5).ID).toBe(notification.ID);
    expect(humanRequestNotification('event-1', 'org2', data, 5).ID).not.toBe(notification.ID);
    expect(notification.ID).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });

  it("e-mails the title, the escaped body and a link to the notification's page", () => {
    const mail = notificationEmail({ ...level(2), title: 'Help', body: '<script>x</script>', urlPathname: '/convos?agentId=a' }, 'https://acme.example');
    expect(mail.subject).toBe('Help');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://acme.example/convos?agentId=a"');
  });
});
