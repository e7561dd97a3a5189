import Joi from 'joi';
import { CHART_TYPES, CREDIT_CAUSES, CREDIT_DIRECTIONS, USAGE_CHART_KEYS } from '../constants/billing';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, freeObject, text, timestamp, type JsonObject } from './common';

/** One change of a credit balance; amount and ts are required. */
export interface CreditLogEntry {
  amount: number;
  ts: number;
  direction?: (typeof CREDIT_DIRECTIONS)[number];
  causedBy?: (typeof CREDIT_CAUSES)[number];
  agentId?: string;
  featureKey?: string;
  logMessage?: string;
  inputTokens?: number;
  outputTokens?: number;
  model?: string;
}
const creditLogKeys: Joi.StrictSchemaMap<CreditLogEntry> = {
  amount: Joi.number().min(0).required(),
  ts: timestamp().required(),
  direction: Joi.string().valid(...CREDIT_DIRECTIONS),
  causedBy: Joi.string().valid(...CREDIT_CAUSES),
  agentId: documentId(),
  featureKey: Joi.string().max(TEXT_LIMITS.name),
  logMessage: text(TEXT_LIMITS.shortText),
  inputTokens: Joi.number().integer().min(0),
  outputTokens: Joi.number().integer().min(0),
  model: Joi.string().max(TEXT_LIMITS.name),
};
export const creditLogEntrySchema = Joi.object<CreditLogEntry, true>(creditLogKeys);

/** Log data a consumer attaches to a consume request: a credit log entry without amount and ts. */
export type CreditLogData = Omit<CreditLogEntry, 'amount' | 'ts'>;
const { amount: _amount, ts: _ts, ...logDataKeys } = creditLogKeys;
export const creditLogDataSchema = Joi.object<CreditLogData, true>(logDataKeys);

/**
 * Consume credits; only `amount` is required. `idempotencyKey` is ours, not the spec's: a retried
 * request with the same key is applied once.
 */
export interface CreditConsumeRequest {
  amount: number;
  returnSafeUser?: boolean;
  logData?: CreditLogData;
  userData?: JsonObject;
  idempotencyKey?: string;
}
export const creditConsumeRequestSchema = Joi.object<CreditConsumeRequest, true>({
  amount: Joi.number().min(0).required(),
  returnSafeUser: Joi.boolean(),
  logData: creditLogDataSchema,
  userData: freeObject(),
  idempotencyKey: Joi.string().max(TEXT_LIMITS.id),
});

export interface CreditConsumeResponse {
  creditsConsumed: number;
  metrics?: JsonObject;
}
export const creditConsumeResponseSchema = Joi.object<CreditConsumeResponse, true>({
  creditsConsumed: Joi.number().min(0).required(),
  metrics: freeObject(),
});

/** Usage of one agent over a range. */
export interface AgentUsageQuery {
  agent_id: string;
  start: number;
  end: number;
}
/** Usage of the workspace over a time range, one page of logs. */
export interface LogsUsageQuery {
  start: number;
  end: number;
  logsPage: number;
}
export type UsageQuery = AgentUsageQuery | LogsUsageQuery;
const range = {
  start: timestamp().required(),
  end: timestamp().min(Joi.ref('start')).required(),
};
export const agentUsageQuerySchema = Joi.object<AgentUsageQuery, true>({ agent_id: documentId().required(), ...range });
export const logsUsageQuerySchema = Joi.object<LogsUsageQuery, true>({ ...range, logsPage: Joi.number().integer().min(0).required() });
export const usageQuerySchema = Joi.alternatives<UsageQuery>().try(agentUsageQuerySchema, logsUsageQuerySchema);

export type UsageChartKey = (typeof USAGE_CHART_KEYS)[number];
export interface UsageChart {
  type: (typeof CHART_TYPES)[number];
  data: JsonObject[];
}
export interface UsageReport {
  keyMetrics: {
    creditsCharged: number;
    creditsConsumed: number;
    /** model name to its input and output tokens */
    tokensByModel?: Record<string, { inputTokens: number; outputTokens: number }>;
    /** agent id to credits consumed */
    usageByAgent?: Record<string, number>;
  };
  logs: CreditLogEntry[];
  charts: Partial<Record<UsageChartKey, UsageChart>>;
}
export const usageReportSchema = Joi.object<UsageReport, true>({
  keyMetrics: Joi.object({
    creditsCharged: Joi.number().min(0).required(),
    creditsConsumed: Joi.number().min(0).required(),
    tokensByModel: Joi.object().pattern(
      Joi.string().max(TEXT_LIMITS.name),
      Joi.object({ inputTokens: Joi.number().min(0).required(), outputTokens: Joi.number().min(0).required() }),
    ),
    usageByAgent: Joi.object().pattern(documentId(), Joi.number().min(0)),
  }).required(),
  logs: Joi.array().items(creditLogEntrySchema).required(),
  charts: Joi.object()
    .pattern(
      Joi.string().valid(...USAGE_CHART_KEYS),
      Joi.object({ type: Joi.string().valid(...CHART_TYPES).required(), data: Joi.array().items(freeObject()).required() }),
    )
    .required(),
});
