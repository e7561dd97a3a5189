import { AGENT_DRAFT_DEFAULTS, VOICE_CONFIG_DEFAULT, newAgentDraft, newAgentId } from '@platform/contracts';
import { checkChannelSave, checkNewAgent, checkSavedAgent, isChannelSave } from '../src/domain/agent-input';
import { agentRecord, replacement } from '../src/domain/agent-record';
import { invalidFieldName } from '../src/domain/json';

describe('agent input', () => {
  const id = newAgentId();

  it('fills the draft defaults of the spec for fields left out', () => {
    const { agent } = checkNewAgent({ title: 'Sales bot', ownerID: 'ws1' }, id);
    // Exactly these fields: the spec's defaults (proven word for word in contracts) and nothing else.
    expect(agent).toEqual({ ID: id, title: 'Sales bot', ownerID: 'ws1', agentPlatform: 'vg', theme: 'blue-light', nodes: [], ...AGENT_DRAFT_DEFAULTS, voiceConfig: VOICE_CONFIG_DEFAULT });
  });

  it("merges the starter defaults under a 'vg' agent without nodes; the caller's values win", () => {
    const { agent } = checkNewAgent({ title: 'Bot', enableNodes: false, vg_temperature: 0.9 }, id);
    expect(agent).toMatchObject({
      vg_defaultModel: 'gpt-4o',
      vg_enableUIEngine: true,
      vg_temperature: 0.9,
      vg_maxTokens: 1024,
      vg_kbDefaultDimension: 1536,
      internal: { websocketServer: 'nodejs', accountCreationConfig: 'v2' },
      vgOptions: { maxChunkSize: 2424 },
      enableGeoAnalytics: true,
      voiceConfig: { ...VOICE_CONFIG_DEFAULT, transcriber: { ...VOICE_CONFIG_DEFAULT.transcriber, utteranceThreshold: 150 } },
    });
    expect(agent!.vg_systemPrompt).toEqual(expect.any(String));
    expect(agent!.vg_initMessages!.length).toBeGreaterThan(0);
    // 'vf' agents and agents with nodes get none of it.
    expect(checkNewAgent({ title: 'Bot', enableNodes: false, agentPlatform: 'vf' }, id).agent!.vg_defaultModel).toBeUndefined();
    expect(checkNewAgent({ title: 'Bot' }, id).agent!.vg_defaultModel).toBeUndefined();
  });

  it("keeps the shell's newAgentDraft as it is", () => {
    for (const enableNodes of [true, false]) {
      const draft = newAgentDraft({ title: 'Bot', ownerID: 'ws1', enableNodes });
      expect(checkNewAgent(draft as never, draft.ID).agent).toEqual(draft);
    }
  });

  it('reports problems: name, chunk size, id mismatch, field names', () => {
    expect(checkNewAgent({ title: '' }, id).problem).toBe('Please provide a name for the agent.');
    expect(checkNewAgent({}, id).problem).toBe('Please provide a name for the agent.');
    expect(checkSavedAgent({ title: 'x', lastModified: 1, vgOptions: { maxChunkSize: 999 } }, id).problem).toBe('Max chunk size must be greater than 1000');
    expect(checkSavedAgent({ title: 'x', lastModified: 1, vgOptions: { maxChunkSize: 1000 } }, id).problem).toBeUndefined();
    expect(checkSavedAgent({ title: 'x', lastModified: 1, ID: 'other' }, id).problem).toBe('the agent ID does not match the address');
    expect(checkSavedAgent({ title: 'x', lastModified: 1, nodes: [{ type: 'start', data: { $where: 1 } }] }, id).problem).toBe('field name "$where" is not allowed');
    expect(checkSavedAgent({ title: 'x' }, id).problem).toBe('lastModified is required');
    expect(checkNewAgent({ title: 'x' }, 'short').problem).toMatch(/^ID /);
  });

  it('tells channel saves from whole agents and merges them', () => {
    expect(isChannelSave({ whatsappToken: 't', whatsappNumberId: '1', lastModified: 5 })).toBe(true);
    expect(isChannelSave({ gcloudClientEmail: 'a@b.io', gcloudPrivateKey: 'k' })).toBe(true);
    expect(isChannelSave({ lastModified: 5 })).toBe(false);
    expect(isChannelSave({ whatsappToken: 't', title: 'x' })).toBe(false);
    const { agent } = checkChannelSave({ ID: id, title: 'Bot', lang: 'de' }, { waTestNumber: '+4912', lastModified: 3 }, id);
    expect(agent).toEqual({ ID: id, title: 'Bot', lang: 'de', waTestNumber: '+4912' });
  });

  it("applies Google Business's rules wherever its fields are saved: '@' in the e-mail, the key required, newlines to commas", () => {
    const required = 'Please fill in the required fields.';
    expect(checkChannelSave({ ID: id }, { gcloudClientEmail: 'svc.example.com', gcloudPrivateKey: 'k' }, id).problem).toBe(required);
    expect(checkChannelSave({ ID: id }, { gcloudClientEmail: 'svc@example.com' }, id).problem).toBe(required);
    expect(checkChannelSave({ ID: id }, { gcloudClientEmail: 'svc@example.com', gcloudPrivateKey: '' }, id).problem).toBe(required);
    expect(checkChannelSave({ ID: id }, { gcloudClientEmail: 'svc@example.com', gcloudPrivateKey: '-----BEGIN-----\nabc\r\ndef' }, id).agent).toMatchObject({ gcloudPrivateKey: '-----BEGIN-----,abc,def' });
    // a whole agent's save too
    expect(checkSavedAgent({ title: 'x', lastModified: 1, gcloudClientEmail: 'no-at', gcloudPrivateKey: 'k' }, id).problem).toBe(required);
    expect(checkSavedAgent({ title: 'x', lastModified: 1, gcloudClientEmail: 'a@b.io', gcloudPrivateKey: 'a\nb' }, id).agent).toMatchObject({ gcloudPrivateKey: 'a,b' });
    // other channel saves and agents without them are left alone
    expect(checkChannelSave({ ID: id, gcloudClientEmail: 'old' }, { waTestNumber: '+4912' }, id).problem).toBeUndefined();
    expect(checkSavedAgent({ title: 'x', lastModified: 1, gcloudClientEmail: '', gcloudPrivateKey: '' }, id).problem).toBeUndefined();
  });

  it('finds keys a document store refuses at any depth', () => {
    expect(invalidFieldName({ a: [{ b: { 'c.d': 1 } }] })).toBe('c.d');
    expect(invalidFieldName({ a: [1, 'x', { ok: true }] })).toBeUndefined();
  });

  it('a save replaces fields: unset what the new agent lacks, never the outbox', () => {
    const server = { ID: id, workspaceId: 'ws1', secretKey: 'vg_AAAAAAAAAAAAAAAAAAAA', now: 10, version: 1 };
    const seen = { ...agentRecord({ title: 'a', lang: 'en', ...AGENT_DRAFT_DEFAULTS }, server), _outbox: [] };
    const next = agentRecord({ title: 'b' }, { ...server, now: 11, version: 2 });
    const { $set, $unset } = replacement(seen, next);
    expect($set).toMatchObject({ title: 'b', lastModified: 11, _version: 2, ownerID: 'ws1', userId: 'ws1', ID: id });
    expect($unset).toHaveProperty('lang');
    expect($unset).not.toHaveProperty('_outbox');
    expect($unset).not.toHaveProperty('title');
  });
});
