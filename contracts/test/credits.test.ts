import {
  creditConsumeRequestSchema,
  creditConsumeResponseSchema,
  creditLogEntrySchema,
  knowledgeSourceSchema,
  toolArguments,
  toolSchema,
  usageQuerySchema,
  usageReportSchema,
  voiceToolTestRequestSchema,
} from '@platform/contracts';
import { errorOf, tooLong } from './helpers';

describe('credit log and consumption', () => {
  it('credit log entries need amount and ts', () => {
    const entry = { amount: 1.5, ts: 1_700_000_000, direction: 'decrease', causedBy: 'agent', agentId: 'a1', featureKey: 'llm', inputTokens: 100, outputTokens: 20, model: 'gpt-4o' };
    expect(errorOf(creditLogEntrySchema, entry)).toBeUndefined();
    expect(errorOf(creditLogEntrySchema, { ts: 1 })).toMatch(/amount.*required/);
    expect(errorOf(creditLogEntrySchema, { amount: 1 })).toMatch(/ts.*required/);
    expect(errorOf(creditLogEntrySchema, { amount: 1, ts: 1, direction: 'sideways' })).toMatch(/direction/);
    expect(errorOf(creditLogEntrySchema, { amount: 1, ts: 1, causedBy: 'user' })).toMatch(/causedBy/);
    expect(errorOf(creditLogEntrySchema, { amount: 1, ts: 1, logMessage: tooLong(500) })).toMatch(/logMessage/);
  });

  it('consume requests need an amount only', () => {
    expect(errorOf(creditConsumeRequestSchema, { amount: 2 })).toBeUndefined();
    expect(errorOf(creditConsumeRequestSchema, { amount: 2, returnSafeUser: true, logData: { causedBy: 'feature', featureKey: 'tts' }, userData: { uid: 'u' }, idempotencyKey: 'call-1' })).toBeUndefined();
    expect(errorOf(creditConsumeRequestSchema, {})).toMatch(/amount.*required/);
    expect(errorOf(creditConsumeRequestSchema, { amount: -1 })).toMatch(/amount/);
    expect(errorOf(creditConsumeRequestSchema, { amount: 'two' })).toMatch(/amount/);
    expect(errorOf(creditConsumeRequestSchema, { amount: 1, logData: { amount: 3 } })).toMatch(/not allowed/);
    expect(errorOf(creditConsumeResponseSchema, { creditsConsumed: 2, metrics: { balance: 10 } })).toBeUndefined();
  });

  it('usage queries are by agent or by logs page', () => {
    expect(errorOf(usageQuerySchema, { agent_id: 'a1', start: 1, end: 2 })).toBeUndefined();
    expect(errorOf(usageQuerySchema, { start: 1, end: 2, logsPage: 0 })).toBeUndefined();
    expect(errorOf(usageQuerySchema, { start: 1, end: 2 })).toBeDefined();
    expect(errorOf(usageQuerySchema, { agent_id: 'a1', start: 5, end: 2 })).toBeDefined();
  });

  it('usage reports carry metrics, logs and the known charts', () => {
    const report = {
      keyMetrics: { creditsCharged: 10, creditsConsumed: 8, tokensByModel: { 'gpt-4o': { inputTokens: 10, outputTokens: 5 } }, usageByAgent: { a1: 8 } },
      logs: [{ amount: 8, ts: 1 }],
      charts: { 'usage-across-agents': { type: 'pie', data: [{ agent: 'a1', value: 8 }] }, 'llm-tokens-usage': { type: 'line', data: [] } },
    };
    expect(errorOf(usageReportSchema, report)).toBeUndefined();
    expect(errorOf(usageReportSchema, { ...report, charts: { 'usage-by-moon': { type: 'pie', data: [] } } })).toBeDefined();
    expect(errorOf(usageReportSchema, { ...report, charts: { 'credits-usage-global': { type: 'donut', data: [] } } })).toMatch(/type/);
  });
});

describe('knowledge sources', () => {
  it('need a status', () => {
    expect(errorOf(knowledgeSourceSchema, { status: 'PENDING', sourceType: 'url', url: 'https://acme.io/faq', refreshRate: '24h', tags: ['faq'] })).toBeUndefined();
    expect(errorOf(knowledgeSourceSchema, { sourceType: 'doc' })).toMatch(/status.*required/);
    expect(errorOf(knowledgeSourceSchema, { status: 'DONE' })).toMatch(/status/);
    expect(errorOf(knowledgeSourceSchema, { status: 'ERROR', refreshRate: '2h' })).toMatch(/refreshRate/);
    expect(errorOf(knowledgeSourceSchema, { status: 'ERROR', sourceType: 'pdf' })).toMatch(/sourceType/);
  });
});

describe('voice tools', () => {
  const tool = {
    id: 't1',
    name: 'Order lookup',
    description: 'Finds an order by number',
    serverUrl: 'https://tools.acme.io/orders',
    fields: [
      { in: 'query', key: 'orderId', type: 'string', required: true, defaultValue: 'A-1' },
      { in: 'header', key: 'x-shop', type: 'string', value: 'main' },
      { in: 'body', key: 'verbose', type: 'boolean', value: false },
      { in: 'body', key: 'empty', type: 'number' },
    ],
  };

  it('need id, name and description, and a valid server URL', () => {
    expect(errorOf(toolSchema, tool)).toBeUndefined();
    for (const field of ['id', 'name', 'description'] as const) expect(errorOf(toolSchema, { ...tool, [field]: undefined })).toMatch(new RegExp(`${field}.*required`));
    expect(errorOf(toolSchema, { ...tool, serverUrl: 'ftp://x' })).toMatch(/serverUrl/);
    expect(errorOf(toolSchema, { ...tool, fields: [{ in: 'cookie' }] })).toMatch(/in/);
    expect(errorOf(toolSchema, { ...tool, fields: [{ type: 'date' }] })).toMatch(/type/);
  });

  it('turn fields into a name/value argument map', () => {
    expect(toolArguments(tool.fields as never)).toEqual({ orderId: 'A-1', 'x-shop': 'main', verbose: false });
    expect(toolArguments()).toEqual({});
    expect(errorOf(voiceToolTestRequestSchema, { tool })).toBeUndefined();
  });
});
