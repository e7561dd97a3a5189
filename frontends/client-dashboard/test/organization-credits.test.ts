/**
 * @jest-environment node
 */
import { clientApi } from '../src/api/client-api';

describe("the top bar's credits", () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it("reads the organisation's ledger balance from billing, the billing modal's source, not the organisation document", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: { orgId: 'org1', allowBilling: false, loadTokens: 437.25, automaticBilling: false } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await expect(clientApi('eu').organizationCredits('org1')).resolves.toBe(437.25);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/eu/billing/stripe/connect/organization/org1');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
  });
});
