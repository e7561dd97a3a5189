import { usageReportSchema, type CreditLogEntry } from '@platform/contracts';
import { USAGE_LOGS_PAGE_SIZE, usageReport } from '../src/domain/usage-report';

const day1 = Date.parse('2026-11-20T10:00:00Z');
const day2 = Date.parse('2026-11-21T10:00:00Z');
const entries: CreditLogEntry[] = [
  { amount: 5000, ts: day1, direction: 'increase', logMessage: 'Top-up' },
  { amount: 3, ts: day1, direction: 'decrease', causedBy: 'agent', agentId: 'agentA', featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 100, outputTokens: 40 },
  { amount: 2, ts: day2, direction: 'decrease', causedBy: 'agent', agentId: 'agentB', featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 50, outputTokens: 10 },
  { amount: 1.5, ts: day2, direction: 'decrease', causedBy: 'feature', featureKey: 'crawler' },
];

describe('usage report', () => {
  it('sums charged and consumed credits, tokens per model and credits per agent', () => {
    const report = usageReport(entries);
    expect(report.keyMetrics).toEqual({
      creditsCharged: 5000,
      creditsConsumed: 6.5,
      tokensByModel: { 'gpt-4o-mini': { inputTokens: 150, outputTokens: 50 } },
      usageByAgent: { agentA: 3, agentB: 2 },
    });
    expect(usageReportSchema.validate(report).error).toBeUndefined();
  });

  it('draws the five charts', () => {
    const { charts } = usageReport(entries);
    expect(charts['usage-across-features']).toEqual({ type: 'pie', data: [{ name: 'chat', value: 5 }, { name: 'crawler', value: 1.5 }] });
    expect(charts['usage-across-agents']).toEqual({ type: 'pie', data: [{ name: 'agentA', value: 3 }, { name: 'agentB', value: 2 }] });
    expect(charts['credits-usage-global']).toEqual({ type: 'line', data: [{ date: '2026-11-20', credits: 3 }, { date: '2026-11-21', credits: 3.5 }] });
    expect(charts['llm-tokens-usage']).toEqual({ type: 'bar', data: [{ model: 'gpt-4o-mini', inputTokens: 150, outputTokens: 50 }] });
    expect(charts['credits-usage-agents']).toEqual({ type: 'bar', data: [{ date: '2026-11-20', agentA: 3 }, { date: '2026-11-21', agentB: 2 }] });
  });

  it('pages the logs newest first', () => {
    const many: CreditLogEntry[] = Array.from({ length: USAGE_LOGS_PAGE_SIZE + 5 }, (_, i) => ({ amount: 1, ts: day1 + i }));
    expect(usageReport(many, 0).logs[0]!.ts).toBe(day1 + USAGE_LOGS_PAGE_SIZE + 4);
    expect(usageReport(many, 1).logs).toHaveLength(5);
    expect(usageReport(many, 2).logs).toEqual([]);
  });
});
