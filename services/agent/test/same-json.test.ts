import { runInNewContext } from 'node:vm';
import { sameJson } from '../src/domain/json';

describe('sameJson (what a save compares to find the fields it changed)', () => {
  it('calls equal JSON the same, even made in another realm', () => {
    const stored = { voiceConfig: { config: { recordAudio: true } }, nodes: [], internal: { accountCreationConfig: 'v2' } };
    const elsewhere = runInNewContext('({ voiceConfig: { config: { recordAudio: true } }, nodes: [], internal: { accountCreationConfig: "v2" } })');
    expect(sameJson(stored, elsewhere)).toBe(true);
    expect(sameJson(structuredClone(stored), stored)).toBe(true);
  });

  it('tells apart what a save must write', () => {
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: undefined }, {})).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson(new Date(1), new Date(2))).toBe(false);
    expect(sameJson(new Date(1), new Date(1))).toBe(true);
  });
});
