import { resolveApiRoute } from '../src/domain/routing';
import { serviceUrlEnvName } from '../src/domain/services';

describe('resolveApiRoute', () => {
  it('resolves the service, strips the prefix and keeps the query', () => {
    expect(resolveApiRoute('/workspace/v2/workspaces/u1?a=1', undefined, 'eu')).toEqual({
      ok: true,
      service: 'workspace',
      region: 'eu',
      upstreamPath: '/v2/workspaces/u1?a=1',
    });
    expect(resolveApiRoute('/agency-domain', undefined, 'na')).toMatchObject({ service: 'agency-domain', region: 'na', upstreamPath: '/' });
  });

  it('prefers the path region over the header over the default', () => {
    expect(resolveApiRoute('/na/agent/x', 'eu', 'eu')).toMatchObject({ region: 'na', service: 'agent', upstreamPath: '/x' });
    expect(resolveApiRoute('/agent/x', 'na', 'eu')).toMatchObject({ region: 'na' });
    expect(resolveApiRoute('/agent/x', ' ', 'na')).toMatchObject({ region: 'na' });
  });

  it('refuses unknown regions with 400 and unknown services with 404', () => {
    expect(resolveApiRoute('/agent/x', 'mars', 'eu')).toEqual({ ok: false, status: 400, message: 'Unknown region' });
    expect(resolveApiRoute('/agent/x', ['eu', 'na'], 'eu')).toMatchObject({ status: 400 });
    expect(resolveApiRoute('/us/agent/x', undefined, 'eu')).toMatchObject({ status: 400, message: 'Unknown region' });
    expect(resolveApiRoute('/nope/x', undefined, 'eu')).toMatchObject({ status: 404 });
    expect(resolveApiRoute('/eu/nope', undefined, 'eu')).toMatchObject({ status: 404 });
    expect(resolveApiRoute('/eu', undefined, 'eu')).toMatchObject({ status: 404 });
    expect(resolveApiRoute('/', undefined, 'eu')).toMatchObject({ status: 404 });
  });

  it('hides internal endpoints in every spelling', () => {
    for (const url of ['/workspace/internal/x', '/eu/agent/Internal', '/workspace//internal/x', '/workspace/%69nternal/x']) {
      expect(resolveApiRoute(url, undefined, 'eu')).toMatchObject({ ok: false, status: 404 });
    }
    expect(resolveApiRoute('/workspace/x/internal', undefined, 'eu')).toMatchObject({ ok: true });
  });

  it('refuses dot segments and undecodable paths', () => {
    for (const url of ['/workspace/x/../internal', '/workspace/./x', '/workspace/..%2Finternal', '/workspace/%E0%A4%A']) {
      expect(resolveApiRoute(url, undefined, 'eu')).toMatchObject({ ok: false, status: 400 });
    }
  });

  it('names the URL variable of each service', () => {
    expect(serviceUrlEnvName('agency-domain')).toBe('SERVICE_URL_AGENCY_DOMAIN');
    expect(serviceUrlEnvName('workspace')).toBe('SERVICE_URL_WORKSPACE');
  });

  it("sends the providers' webhooks on the agent API to channels, at the same path", () => {
    expect(resolveApiRoute('/eu/agent/v2/agents/AAAAAAAAAAAAAAAA/telegram-webhook', undefined, 'na')).toEqual({
      ok: true,
      service: 'channels',
      region: 'eu',
      upstreamPath: '/v2/agents/AAAAAAAAAAAAAAAA/telegram-webhook',
    });
    expect(resolveApiRoute('/agent/agents/AAAAAAAAAAAAAAAA/wa-webhook?hub.mode=subscribe', undefined, 'na')).toMatchObject({ service: 'channels', upstreamPath: '/agents/AAAAAAAAAAAAAAAA/wa-webhook?hub.mode=subscribe' });
    expect(resolveApiRoute('/agent/v2/agents/AAAAAAAAAAAAAAAA', undefined, 'na')).toMatchObject({ service: 'agent' });
    expect(resolveApiRoute('/agent/v2/agents/AAAAAAAAAAAAAAAA/telegram-webhook/x', undefined, 'na')).toMatchObject({ service: 'agent' });
  });
});
