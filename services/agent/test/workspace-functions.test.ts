import { hostOf, workspaceFunctions } from '../src/tools/domain/workspace-functions';

describe('the Functions page rows', () => {
  it("lists each agent's tools in the agents' order, edited in Tools, or in the Canvas when nodes are on", () => {
    const rows = workspaceFunctions([
      { ID: 'a1', title: 'Support', tools: [{ id: 't1', name: 'lookup', description: 'd', serverUrl: 'https://api.example.com:8443/x', serverUrlSecret: 's', fields: [{ key: 'k' }] }] },
      { ID: 'a2', enableNodes: true, tools: [{ id: 't2', name: 'book', description: 'e' }] },
      { ID: 'a3' },
    ]);
    expect(rows).toEqual([
      { agentId: 'a1', agentTitle: 'Support', editIn: 'tools', id: 't1', name: 'lookup', description: 'd', host: 'api.example.com:8443', fields: 1 },
      { agentId: 'a2', editIn: 'nodes', id: 't2', name: 'book', description: 'e', fields: 0 },
    ]);
    expect(JSON.stringify(rows)).not.toContain('"s"');
  });

  it('has no host for a missing or broken server URL', () => {
    expect(hostOf(undefined)).toBeUndefined();
    expect(hostOf('not a url')).toBeUndefined();
  });
});
