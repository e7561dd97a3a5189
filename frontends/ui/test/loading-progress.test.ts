import { LOADING_WELCOME, loadingMessage, nextLoadingProgress } from '../src/logic/loading-progress';

describe('agents loading progress', () => {
  it('never passes 85 % while the agents load', () => {
    let percent = 0;
    for (let i = 0; i < 100; i++) percent = nextLoadingProgress(percent, 'agents', 9);
    expect(percent).toBe(85);
    expect(nextLoadingProgress(84, 'agents', 50)).toBe(85);
  });

  it('stays on the workspace message while the workspace loads, and starts the agents stage after it', () => {
    let percent = 0;
    for (let i = 0; i < 100; i++) percent = nextLoadingProgress(percent, 'workspace', 9);
    expect(percent).toBe(24);
    expect(loadingMessage(percent)).toBe('Initializing your workspace...');
    expect(nextLoadingProgress(0, 'agents', 0)).toBe(25);
    expect(loadingMessage(nextLoadingProgress(0, 'agents', 0))).toBe('Loading your agents...');
  });

  it('is 100 % once done', () => {
    expect(nextLoadingProgress(12, 'done')).toBe(100);
  });

  it('shows the spec message for each band and the welcome at 100', () => {
    expect(loadingMessage(0)).toBe('Initializing your workspace...');
    expect(loadingMessage(24)).toBe('Initializing your workspace...');
    expect(loadingMessage(25)).toBe('Loading your agents...');
    expect(loadingMessage(49)).toBe('Loading your agents...');
    expect(loadingMessage(50)).toBe('Preparing navigation...');
    expect(loadingMessage(75)).toBe('Almost ready...');
    expect(loadingMessage(85)).toBe('Almost ready...');
    expect(loadingMessage(99)).toBe('Almost ready...');
    expect(loadingMessage(100)).toBe(LOADING_WELCOME);
  });
});
