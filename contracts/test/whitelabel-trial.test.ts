import { whitelabelTrialState } from '../src';

const now = Date.UTC(2026, 10, 23, 12);
const day = 24 * 60 * 60 * 1000;

describe('whitelabelTrialState: who is offered Start Trial', () => {
  it('offers the trial to a workspace with neither the add-on nor a trial ever', () => {
    expect(whitelabelTrialState({ entitled: false, via: null }, now)).toEqual({ kind: 'eligible' });
  });

  it('shows the days left, rounded up, while the trial runs', () => {
    expect(whitelabelTrialState({ entitled: true, via: 'trial', trialEndsAt: now + 14 * day }, now)).toEqual({ kind: 'running', daysLeft: 14 });
    expect(whitelabelTrialState({ entitled: true, via: 'trial', trialEndsAt: now + 13 * day + 1 }, now)).toEqual({ kind: 'running', daysLeft: 14 });
    expect(whitelabelTrialState({ entitled: true, via: 'trial', trialEndsAt: now + 1000 }, now)).toEqual({ kind: 'running', daysLeft: 1 });
  });

  it('offers nothing with the paid add-on, after the trial, or before billing answers', () => {
    expect(whitelabelTrialState({ entitled: true, via: 'addon' }, now)).toEqual({ kind: 'none' });
    expect(whitelabelTrialState({ entitled: false, via: null, trialEndsAt: now - day }, now)).toEqual({ kind: 'none' });
    expect(whitelabelTrialState(undefined, now)).toEqual({ kind: 'none' });
  });
});
