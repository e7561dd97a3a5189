import type { StoredNotification } from '@platform/contracts';
import { IGNORED_AFTER_MS, isOnPage, popupCandidate, soundSchedule, visibleNotifications, withNotification } from '../src/notifications/notification-rules';

const now = 1_700_000_000_000;
const n = (ID: string, level: 1 | 2, ageMs: number, extra: Partial<StoredNotification> = {}): StoredNotification => ({ ID, notificationLevel: level, ts: now - ageMs, seen: false, title: ID, ...extra });

describe('the bell rules', () => {
  it('filters by notifyIf, newest first', () => {
    const list = [n('old2', 2, 50_000), n('new1', 1, 1_000), n('new2', 2, 2_000)];
    expect(visibleNotifications(list, 'all').map((x) => x.ID)).toEqual(['new1', 'new2', 'old2']);
    expect(visibleNotifications(list, 'requestsOnly').map((x) => x.ID)).toEqual(['new2', 'old2']);
    expect(visibleNotifications(list).map((x) => x.ID)).toEqual(['new2', 'old2']);
    expect(visibleNotifications(list, 'none')).toEqual([]);
  });

  it('pops up only the newest, unseen, younger than 180 s, addressed to the client', () => {
    expect(popupCandidate([n('a', 2, 1_000), n('b', 2, 5_000)], { nowMs: now })?.ID).toBe('a');
    // the newest is seen: the older unseen one is not considered
    expect(popupCandidate([n('a', 2, 1_000, { seen: true }), n('b', 2, 5_000)], { nowMs: now })).toBeNull();
    expect(popupCandidate([n('a', 2, IGNORED_AFTER_MS + 1)], { nowMs: now })).toBeNull();
    expect(popupCandidate([n('a', 2, IGNORED_AFTER_MS)], { nowMs: now })?.ID).toBe('a');
    expect(popupCandidate([n('a', 2, 1_000, { notifyOnly: ['c2'] })], { nowMs: now, clientId: 'c1' })).toBeNull();
    expect(popupCandidate([n('a', 2, 1_000, { notifyOnly: ['c1'] })], { nowMs: now, clientId: 'c1' })?.ID).toBe('a');
    // a level-1 notification under requestsOnly pops up only on its page (where its sound plays, spec §4.8)
    expect(popupCandidate([n('a', 1, 1_000)], { nowMs: now, notifyIf: 'requestsOnly' })).toBeNull();
    expect(popupCandidate([n('a', 1, 1_000, { urlPathname: '/convos?agentId=A1' })], { nowMs: now, notifyIf: 'requestsOnly', pathname: '/app/eu/agents/A1/leads' })).toBeNull();
    expect(popupCandidate([n('a', 1, 1_000, { urlPathname: '/convos?agentId=A1' })], { nowMs: now, notifyIf: 'requestsOnly', pathname: '/app/eu/agents/A1/convos' })?.ID).toBe('a');
    expect(popupCandidate([n('a', 2, 1_000, { urlPathname: '/convos' })], { nowMs: now, notifyIf: 'none', pathname: '/app/eu/agents/A1/convos' })).toBeNull();
    // only the newest is considered, whatever its level: a newer level 1 hides an older request from the popup
    expect(popupCandidate([n('a', 1, 1_000), n('b', 2, 2_000)], { nowMs: now, notifyIf: 'requestsOnly' })).toBeNull();
    expect(popupCandidate([], { nowMs: now })).toBeNull();
  });

  it('sounds level 1 once (notifyIf all, or its page open), level 2 twice 2 s apart (all or requestsOnly)', () => {
    expect(soundSchedule(1, 'all', false)).toEqual([0]);
    expect(soundSchedule(1, 'requestsOnly', false)).toEqual([]);
    expect(soundSchedule(1, 'requestsOnly', true)).toEqual([0]);
    expect(soundSchedule(2, 'all', false)).toEqual([0, 2000]);
    expect(soundSchedule(2, 'requestsOnly', false)).toEqual([0, 2000]);
    expect(soundSchedule(2, 'none', true)).toEqual([]);
  });

  it("matches the open page against the notification's path without its query", () => {
    expect(isOnPage('/convos?agentId=a', '/convos')).toBe(true);
    expect(isOnPage('/convos?agentId=a', '/agent1/convos')).toBe(true);
    expect(isOnPage('/convos', '/leads')).toBe(false);
    expect(isOnPage(undefined, '/convos')).toBe(false);
  });

  it('adds a pushed notification once, in order', () => {
    const list = [n('a', 2, 5_000)];
    expect(withNotification(list, n('b', 2, 1_000)).map((x) => x.ID)).toEqual(['b', 'a']);
    expect(withNotification(list, { ...list[0]!, seen: true })).toEqual([{ ...list[0], seen: true }]);
  });
});
