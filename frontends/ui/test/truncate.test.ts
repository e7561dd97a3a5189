import { LIST_NAME_MAX, SHORT_NAME_MAX, truncateName } from '../src/logic/truncate';

describe('truncateName', () => {
  it('uses the spec lengths 20 and 25', () => {
    expect([SHORT_NAME_MAX, LIST_NAME_MAX]).toEqual([20, 25]);
  });

  it('keeps names up to the limit and cuts longer ones with an ellipsis', () => {
    expect(truncateName('a'.repeat(25))).toBe('a'.repeat(25));
    expect(truncateName('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
    expect(truncateName('Acme Marketing Agency Workspace', SHORT_NAME_MAX)).toBe('Acme Marketing Agenc...');
  });

  it('trims surrounding spaces before measuring', () => {
    expect(truncateName('  Personal  ', SHORT_NAME_MAX)).toBe('Personal');
  });
});
