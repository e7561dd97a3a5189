import { decideClientAccess } from '../src/domain/client-access';

const reach = { widgetIDs: ['A1'], allowCreateAgents: false, disabled: false, workspaceId: 'W' };
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

  it('is locked out while the organisation disables client access', () => {
    expect(decide({ reach: { ...reach, disabled: true } })).toEqual({ outcome: 'denied', status: 403, message: 'Access is currently disabled. Pleas contact your provider!' });
  });

  it('never edits an agent; creates one in the agency workspace only with allowCreateAgents', () => {
    expect(decide({ write: true })).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decide({ write: true, agencyAdmin: true })).toEqual({ outcome: 'allowed' });
    expect(decide({ agent: null, agentId: 'NEW', write: true, creates: true })).toMatchObject({ outcome: 'denied', status: 403 });
    expect(decide({ reach: { ...reach, allowCreateAgents: true }, agent: null, agentId: 'NEW', write: true, creates: true })).toEqual({ outcome: 'create', workspaceId: 'W' });
    expect(decide({ agent: null, agentId: 'NEW' })).toMatchObject({ outcome: 'denied', status: 404 });
  });
});
