import type { CreditLogEntry, UsageReport } from '@platform/contracts';

/** Log entries on one page of the usage report. */
export const USAGE_LOGS_PAGE_SIZE = 50;

const day = (ts: number) => new Date(ts).toISOString().slice(0, 10);
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const add = (map: Map<string, number>, key: string, amount: number) => map.set(key, round((map.get(key) ?? 0) + amount));

/**
 * The usage report of a workspace's credit log over a range (billing §3): key metrics, one page
 * of logs (newest first) and the five charts' data.
 */
export function usageReport(entries: CreditLogEntry[], logsPage = 0): UsageReport {
  const consumed = entries.filter((e) => e.direction !== 'increase');
  const byFeature = new Map<string, number>();
  const byAgent = new Map<string, number>();
  const byDay = new Map<string, number>();
  const byAgentDay = new Map<string, Map<string, number>>();
  const tokensByModel: Record<string, { inputTokens: number; outputTokens: number }> = {};
  for (const e of consumed) {
    add(byFeature, e.featureKey ?? e.causedBy ?? 'other', e.amount);
    add(byDay, day(e.ts), e.amount);
    if (e.agentId) {
      add(byAgent, e.agentId, e.amount);
      const days = byAgentDay.get(day(e.ts)) ?? new Map<string, number>();
      add(days, e.agentId, e.amount);
      byAgentDay.set(day(e.ts), days);
    }
    if (e.model) {
      const tokens = (tokensByModel[e.model] ??= { inputTokens: 0, outputTokens: 0 });
      tokens.inputTokens += e.inputTokens ?? 0;
      tokens.outputTokens += e.outputTokens ?? 0;
    }
  }
  const sorted = [...entries].sort((a, b) => b.ts - a.ts);
  const sum = (list: CreditLogEntry[]) => round(list.reduce((total, e) => total + e.amount, 0));
  const days = [...byDay.keys()].sort();
  return {
    keyMetrics: {
      creditsCharged: sum(entries.filter((e) => e.direction === 'increase')),
      creditsConsumed: sum(consumed),
      tokensByModel,
      usageByAgent: Object.fromEntries(byAgent),
    },
    logs: sorted.slice(logsPage * USAGE_LOGS_PAGE_SIZE, (logsPage + 1) * USAGE_LOGS_PAGE_SIZE),
    charts: {
      'usage-across-features': { type: 'pie', data: [...byFeature].map(([name, value]) => ({ name, value })) },
      'usage-across-agents': { type: 'pie', data: [...byAgent].map(([name, value]) => ({ name, value })) },
      'credits-usage-global': { type: 'line', data: days.map((date) => ({ date, credits: byDay.get(date)! })) },
      'llm-tokens-usage': { type: 'bar', data: Object.entries(tokensByModel).map(([model, t]) => ({ model, ...t })) },
      'credits-usage-agents': { type: 'bar', data: days.map((date) => ({ date, ...Object.fromEntries(byAgentDay.get(date) ?? []) })) },
    },
  };
}
