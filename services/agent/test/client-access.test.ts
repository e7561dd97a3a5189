import { decideClientAccess, lockedFieldChanged } from '../src/domain/client-access';

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
    expect(decide({ page: 'convos' })).toEqual({ outcome: 'allowed' });
    expect(decide({ page: 'kb' })).toEqual({ outcome: 'denied', status: 403, message: 'Your account cannot open Knowledge.' });
    expect(decide({ page: 'kb', reach: { ...reach, canAccess: ['/kb'] } })).toEqual({ outcome: 'allowed' });
    expect(decide({ page: 'kb', agencyAdmin: true })).toEqual({ outcome: 'allowed' });
    // another organisation's agent stays refused whatever the page
    expect(decide({ page: 'kb', reach: { ...reach, canAccess: ['/kb'] }, agent: { ID: 'B1', userId: 'W' }, agentId: 'B1' })).toMatchObject({ outcome: 'denied', status: 403 });
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
    // a merge save (channel fields) leaves absent fields as they are
    expect(save({ whatsappToken: 't' }, true)).toEqual({ outcome: 'allowed' });
    // another organisation's agent stays refused, editor page or not
    expect(decide({ reach: editor, agent: { ID: 'B1', userId: 'W' }, agentId: 'B1', write: true, save: { body: {}, merge: false } })).toMatchObject({ status: 403, message: 'You do not have access to this agent.' });
    expect(decide({ write: true, save: { body: { ...stored }, merge: false } })).toMatchObject({ status: 403, message: 'Your account cannot create or change agents.' });
  });

  it('finds the first changed locked field', () => {
    expect(lockedFieldChanged({ vfApiKey: 'a' }, { body: { vfApiKey: 'a' }, merge: false })).toBeUndefined();
    expect(lockedFieldChanged({ vfApiKey: 'a' }, { body: { vfApiKey: 'b' }, merge: false })).toBe('vfApiKey');
  });
});
