import { LOADING_WELCOME, loadingMessage, nextLoadingProgress } from '../src/logic/loading-progress';

describe('agents loading progress', () => {
  it('never passes 85 % before the data arrives', () => {
    let percent = 0;
    for (let i = 0; i < 100; i++) percent = nextLoadingProgress(percent, false, 9);
    expect(percent).toBe(85);
    expect(nextLoadingProgress(84, false, 50)).toBe(85);
  });

  it('jumps to 100 % when the data is there', () => {
    expect(nextLoadingProgress(12, true)).toBe(100);
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
