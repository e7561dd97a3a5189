import { deepEqual, isAgentUnchanged, publishButtonState } from '../../src/agent-editor/logic/publish';

const stored = { ID: 'a1', title: 'Support', lastModified: 100, ts: 5, ownerID: 'w1', userId: 'u1', vgOptions: { maxChunkSize: 2424 }, nodes: [{ type: 'start' }] };

describe('publish state (spec 4.6)', () => {
  it('is Published and disabled when the edited agent equals the stored one', () => {
    expect(publishButtonState({ ...stored }, stored)).toEqual({ label: 'Published', disabled: true });
  });

  it('ignores lastModified, ts, ownerID and userId', () => {
    const edited = { ...stored, lastModified: 999, ts: 1, ownerID: 'other', userId: 'someone' };
    expect(isAgentUnchanged(edited, stored)).toBe(true);
    const withoutThem = { ID: 'a1', title: 'Support', vgOptions: { maxChunkSize: 2424 }, nodes: [{ type: 'start' }] };
    expect(isAgentUnchanged(withoutThem, stored)).toBe(true);
  });

  it('reads Publish when any other field differs, deep inside too', () => {
    expect(publishButtonState({ ...stored, title: 'Sales' }, stored)).toEqual({ label: 'Publish', disabled: false });
    expect(isAgentUnchanged({ ...stored, vgOptions: { maxChunkSize: 3000 } }, stored)).toBe(false);
    expect(isAgentUnchanged({ ...stored, nodes: [{ type: 'start' }, { type: 'end' }] }, stored)).toBe(false);
    expect(isAgentUnchanged({ ...stored, enableHumanHandoff: true }, stored)).toBe(false);
  });

  it('does not care about key order or keys holding undefined', () => {
    const reordered = { nodes: [{ type: 'start' }], vgOptions: { maxChunkSize: 2424 }, title: 'Support', ID: 'a1', description: undefined };
    expect(isAgentUnchanged(reordered, stored)).toBe(true);
  });

  it('stays disabled while saving', () => {
    expect(publishButtonState({ ...stored, title: 'x' }, stored, true)).toEqual({ label: 'Publish', disabled: true });
  });

  it('compares arrays by position and length', () => {
    expect(deepEqual([1, 2], [1, 2])).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});
