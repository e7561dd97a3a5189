import {
  ID_ALPHABET,
  newAgencySecret,
  newAgentId,
  newAgentSecretKey,
  newClientDashboardPassword,
  newDiscordChannelId,
  newDocumentId,
  newPersonalWorkspaceName,
  newUploadFileName,
  newWorkspaceSecret,
  newWorkspaceUid,
  randomChars,
} from '@platform/contracts';

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

describe('id and secret generators', () => {
  it.each([
    ['newAgentId', newAgentId, /^[A-Za-z0-9]{16}$/],
    ['newWorkspaceUid', newWorkspaceUid, /^[A-Za-z0-9]{15}$/],
    ['newWorkspaceSecret', newWorkspaceSecret, /^vg_[A-Za-z0-9]{20}$/],
    ['newAgentSecretKey', newAgentSecretKey, /^vg_[A-Za-z0-9]{20}$/],
    ['newAgencySecret', newAgencySecret, /^[A-Za-z0-9]{25}$/],
    ['newClientDashboardPassword', newClientDashboardPassword, /^[A-Za-z0-9]{15}$/],
    ['newDiscordChannelId', newDiscordChannelId, /^[A-Za-z0-9]{15}$/],
    ['newUploadFileName', newUploadFileName, /^[A-Za-z0-9]{8}$/],
    ['newDocumentId', newDocumentId, /^[A-Za-z0-9]{20}$/],
    ['newPersonalWorkspaceName', newPersonalWorkspaceName, /^Personal[A-Za-z0-9]{5}$/],
  ])('%s has the spec shape and does not repeat over 2000 draws', (_name, generate, shape) => {
    const values = Array.from({ length: 2000 }, generate);
    for (const value of values) expect(value).toMatch(shape);
    expect(new Set(values).size).toBe(values.length);
  });

  it('uses the alphanumeric alphabet', () => {
    expect(ID_ALPHABET).toHaveLength(62);
    expect(ID_ALPHABET).toMatch(ALPHANUMERIC);
    expect(new Set(ID_ALPHABET).size).toBe(62);
  });

  it('draws every character of the alphabet, roughly uniformly', () => {
    const sample = randomChars(62 * 2000);
    const counts = new Map<string, number>();
    for (const char of sample) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 2000 expected per character; rejection sampling keeps every count close to it
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(1600);
      expect(count).toBeLessThan(2400);
    }
  });

  it('honours a custom alphabet and length', () => {
    expect(randomChars(0)).toBe('');
    expect(randomChars(300, 'ab')).toMatch(/^[ab]{300}$/);
    expect(randomChars(40, 'x')).toBe('x'.repeat(40));
  });

  it('refuses impossible arguments', () => {
    expect(() => randomChars(-1)).toThrow(RangeError);
    expect(() => randomChars(1.5)).toThrow(RangeError);
    expect(() => randomChars(4, '')).toThrow(RangeError);
    expect(() => randomChars(4, 'a'.repeat(257))).toThrow(RangeError);
  });

  it('uses the Web Crypto API, not Math.random', () => {
    const mathRandom = jest.spyOn(Math, 'random');
    const getRandomValues = jest.spyOn(globalThis.crypto, 'getRandomValues');
    newAgentId();
    expect(mathRandom).not.toHaveBeenCalled();
    expect(getRandomValues).toHaveBeenCalled();
    mathRandom.mockRestore();
    getRandomValues.mockRestore();
  });
});
