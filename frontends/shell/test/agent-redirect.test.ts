import { missingAgentRedirect, regionFromMissingAgent } from '../src/agent-area/logic/redirect';

const at = { region: 'eu' as const, agentId: 'a1', section: 'settings', search: '?tab=handoff' };

describe('missing agent redirect (spec 4.7)', () => {
  it('goes to the other region when the 404 names it, keeping section and query', () => {
    expect(missingAgentRedirect({ status: 404, body: { success: false, region: 'na' } }, at)).toBe('/app/na/agents/a1/settings?tab=handoff');
    expect(missingAgentRedirect({ status: 404, body: { data: { region: 'NA' } } }, at)).toBe('/app/na/agents/a1/settings?tab=handoff');
  });

  it('reads the agent database names as regions', () => {
    expect(regionFromMissingAgent(404, { region: '(default)' })).toBe('na');
    expect(regionFromMissingAgent(404, { region: 'voiceglow-eu' })).toBe('eu');
  });

  it('goes to /404 otherwise', () => {
    expect(missingAgentRedirect({ status: 404, body: { message: 'Agent not found' } }, at)).toBe('/404');
    expect(missingAgentRedirect({ status: 404, body: { region: 'eu' } }, at)).toBe('/404');
    expect(missingAgentRedirect({ status: 404, body: { region: 'mars' } }, at)).toBe('/404');
    expect(missingAgentRedirect({ status: 500, body: { region: 'na' } }, at)).toBe('/404');
    expect(missingAgentRedirect(undefined, at)).toBe('/404');
  });
});
