import { CLIENT_LOCKED_AGENT_FIELDS, CLIENT_PAGE_FIELDS, clientPagesOfField } from '@platform/contracts';
import { decideClientAccess, fieldOutsidePages, lockedFieldChanged, pageList, withStoredSecrets } from '../src/domain/client-access';

const reach = { widgetIDs: ['A1'], allowCreateAgents: false, disabled: false, workspaceId: 'W', canAccess: ['/home', '/convos'] };
const editor = { ...reach, canAccess: ['/home', '/overview'] };
const agent = { ID: 'A1', userId: 'W' };
const decide = (overrides: Partial<Parameters<typeof decideClientAccess>[0]>) =>
  decideClientAccess({ reach, agent, agentId: 'A1', write: false, creates: false, agencyAdmin: false, ...overrides });

describe("the agent rule for an agency client (ADR 0019)", () => {
  it("reads its organisation's agents only", () => {
    expect(decide({})).toEqual({ outcome: 'allowed' });
    expect(decide({ agent: { ID: 'B1', userId: 'W' }, agentId: 'B1' })).toMatchObject({ outcome: 'denied', status: 403 });
    // an id in widgetIDs of an agent another workspace owns is not the organisation's
    expect(decide({ agent: { ID: 'A1', userId: 'OTHER' } })).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decide({ reach: null })).toMatchObject({ outcome: 'denied', status: 403 });
  });

  it("opens a page's routes only when its access names the page; the agency admin opens every page (ADR 0036)", () => {
    expect(decide({ pages: ['convos'] })).toEqual({ outcome: 'allowed' });
    expect(decide({ pages: ['kb'] })).toEqual({ outcome: 'denied', status: 403, message: 'Your account cannot open Knowledge.' });
    expect(decide({ pages: ['kb'], reach: { ...reach, canAccess: ['/kb'] } })).toEqual({ outcome: 'allowed' });
    expect(decide({ pages: ['kb'], agencyAdmin: true })).toEqual({ outcome: 'allowed' });
    // another organisation's agent stays refused whatever the page
    expect(decide({ pages: ['kb'], reach: { ...reach, canAccess: ['/kb'] }, agent: { ID: 'B1', userId: 'W' }, agentId: 'B1' })).toMatchObject({ outcome: 'denied', status: 403 });
  });

  it('opens a route serving several pages (uploads) when its access names one of them', () => {
    expect(decide({ pages: ['overview', 'kb'], reach: { ...reach, canAccess: ['/kb'] } })).toEqual({ outcome: 'allowed' });
    expect(decide({ pages: ['overview', 'kb'], reach: editor })).toEqual({ outcome: 'allowed' });
    expect(decide({ pages: ['overview', 'kb'] })).toEqual({ outcome: 'denied', status: 403, message: 'Your account cannot open Widget or Knowledge.' });
    expect(pageList(['overview', 'voice', 'kb'])).toBe('Widget, Voice or Knowledge');
  });

  it('is locked out while the organisation disables client access', () => {
    expect(decide({ reach: { ...reach, disabled: true } })).toEqual({ outcome: 'denied', status: 403, message: 'Access is currently disabled. Pleas contact your provider!' });
  });

  it('edits an agent only with an editor page; creates one in the agency workspace only with allowCreateAgents', () => {
    expect(decide({ write: true })).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decide({ write: true, agencyAdmin: true })).toEqual({ outcome: 'allowed' });
    expect(decide({ agent: null, agentId: 'NEW', write: true, creates: true })).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decide({ reach: { ...reach, allowCreateAgents: true }, agent: null, agentId: 'NEW', write: true, creates: true })).toEqual({ outcome: 'create', workspaceId: 'W' });
    expect(decide({ agent: null, agentId: 'NEW' })).toMatchObject({ outcome: 'denied', status: 404 });
  });

  it('a client with an editor page saves its organisation\'s agent, but not the fields only the agency changes (ADR 0031)', () => {
    const stored = { ID: 'A1', userId: 'W', title: 'Old', maxTokensUsage: 100, internal: { websocketServer: 'nodejs' } };
    const save = (body: Record<string, unknown>, merge = false) => decide({ reach: editor, agent: stored, write: true, save: { body, merge } });
    expect(save({ ...stored, title: 'New' })).toEqual({ outcome: 'allowed' });
    expect(save({ ...stored, maxTokensUsage: 0 })).toEqual({ outcome: 'denied', status: 403, message: 'Only your agency can change maxTokensUsage.' });
    expect(save({ ...stored, internal: { websocketServer: 'python' } })).toMatchObject({ status: 403, message: 'Only your agency can change internal.' });
    // a whole-agent save without a locked field would remove it
    const { maxTokensUsage: _dropped, ...withoutLimit } = stored;
    expect(save(withoutLimit)).toMatchObject({ status: 403 });
    // a merge save (channel fields) leaves absent fields as they are; its fields are Channels'
    expect(decide({ reach: { ...editor, canAccess: ['/overview', '/channels'] }, agent: stored, write: true, save: { body: { whatsappToken: 't' }, merge: true } })).toEqual({ outcome: 'allowed' });
    // another organisation's agent stays refused, editor page or not
    expect(decide({ reach: editor, agent: { ID: 'B1', userId: 'W' }, agentId: 'B1', write: true, save: { body: {}, merge: false } })).toMatchObject({ status: 403, message: 'You do not have access to this agent.' });
    expect(decide({ write: true, save: { body: { ...stored }, merge: false } })).toMatchObject({ status: 403, message: 'Your account cannot create or change agents.' });
  });

  it('finds the first changed locked field', () => {
    expect(lockedFieldChanged({ vfApiKey: 'a' }, { body: { vfApiKey: 'a' }, merge: false })).toBeUndefined();
    expect(lockedFieldChanged({ vfApiKey: 'a' }, { body: { vfApiKey: 'b' }, merge: false })).toBe('vfApiKey');
  });

  it("a client's save changes only fields of the editor pages its access names (ADR 0036)", () => {
    const stored = { ID: 'A1', userId: 'W', ownerID: 'W', lastModified: 1, _version: 3, title: 'Old', vg_systemPrompt: 'Be kind', vg_kbTopChunks: 5, tools: [] as unknown[] };
    const saveAs = (canAccess: string[], body: Record<string, unknown>, merge = false) =>
      decide({ reach: { ...reach, canAccess }, agent: stored, write: true, save: { body: { ...(merge ? {} : stored), lastModified: 2, ...body }, merge } });
    // Widget's title, with /overview (or Settings, which edits it too)
    expect(saveAs(['/overview'], { title: 'New' })).toEqual({ outcome: 'allowed' });
    expect(saveAs(['/settings'], { title: 'New' })).toEqual({ outcome: 'allowed' });
    // Prompt's system prompt is not Widget's
    expect(saveAs(['/overview'], { vg_systemPrompt: 'Be rude' })).toEqual({ outcome: 'denied', status: 403, message: 'Your account cannot change vg_systemPrompt: it is edited on Prompt.' });
    expect(saveAs(['/nodes'], { vg_systemPrompt: 'Be rude' })).toEqual({ outcome: 'allowed' });
    // Knowledge's retrieval settings with /kb only; Tools' tools with /tools only
    expect(saveAs(['/kb'], { vg_kbTopChunks: 8 })).toEqual({ outcome: 'allowed' });
    expect(saveAs(['/kb'], { tools: [{ id: 't', name: 'lookup' }] })).toMatchObject({ status: 403, message: 'Your account cannot change tools: it is edited on Tools.' });
    expect(saveAs(['/tools'], { tools: [{ id: 't', name: 'lookup' }], assignedToolsIds: ['t'] })).toEqual({ outcome: 'allowed' });
    // a field of no page is the agency's; removing a page's field is changing it
    expect(saveAs(['/overview', '/settings'], { webhookUrl: 'https://example.com' })).toMatchObject({ status: 403, message: 'Only your agency can change webhookUrl.' });
    const { vg_systemPrompt: _dropped, ...withoutPrompt } = stored;
    expect(decide({ reach: { ...reach, canAccess: ['/overview'] }, agent: stored, write: true, save: { body: withoutPrompt, merge: false } })).toMatchObject({ status: 403 });
    // only the home pages: no editor page at all
    expect(saveAs(['/home', '/convos'], { title: 'New' })).toMatchObject({ status: 403, message: 'Your account cannot create or change agents.' });
    // the agency admin saves any field but the service's own
    expect(decide({ agencyAdmin: true, agent: stored, write: true, save: { body: { ...stored, webhookUrl: 'x' }, merge: false } })).toEqual({ outcome: 'allowed' });
  });

  it('ignores the fields the service sets on every save (owner, key, save time, its own)', () => {
    const stored = { ID: 'A1', userId: 'W', ownerID: 'W', SECRET_API_KEY: 'k', lastModified: 1, _version: 3 };
    expect(fieldOutsidePages(stored, { body: { ID: 'A1', lastModified: 9 }, merge: false }, ['/overview'])).toBeUndefined();
  });

  it('maps no locked field to a page, and every client editor page edits some field', () => {
    for (const field of CLIENT_LOCKED_AGENT_FIELDS) expect(clientPagesOfField(field)).toEqual([]);
    for (const page of ['overview', 'voice', 'nodes', 'prompt', 'settings', 'kb', 'tools'] as const) expect(CLIENT_PAGE_FIELDS[page]?.length).toBeGreaterThan(0);
    expect(clientPagesOfField('title')).toEqual(['overview', 'settings']);
  });
});

describe("a client's save keeps the secrets it never reads", () => {
  const stored = { title: 'A', whatsappToken: 'wa', SECRET_API_KEY: 'key', flowise: { url: 'u', webhookSecret: 'fs' }, tools: [{ id: 't1', serverUrlSecret: 's1' }, { id: 't2', serverUrlSecret: 's2' }] };

  it('fills what the body lacks, top-level, nested and in list items by id', () => {
    const body = { title: 'B', flowise: { url: 'v' }, tools: [{ id: 't2' }, { id: 't3' }] };
    expect(withStoredSecrets(body, stored)).toEqual({
      title: 'B', whatsappToken: 'wa', SECRET_API_KEY: 'key', flowise: { url: 'v', webhookSecret: 'fs' }, tools: [{ id: 't2', serverUrlSecret: 's2' }, { id: 't3' }],
    });
    expect(body).toEqual({ title: 'B', flowise: { url: 'v' }, tools: [{ id: 't2' }, { id: 't3' }] });
  });

  it('keeps a secret the body sends, and fills no holder the body removed', () => {
    expect(withStoredSecrets({ whatsappToken: 'new', tools: [{ id: 't1', serverUrlSecret: 'mine' }] }, stored)).toMatchObject({ whatsappToken: 'new', tools: [{ id: 't1', serverUrlSecret: 'mine' }] });
    expect(withStoredSecrets({ title: 'B' }, stored)).not.toHaveProperty('flowise');
  });
});
