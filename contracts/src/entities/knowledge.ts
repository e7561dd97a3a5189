import Joi from 'joi';
import { KNOWLEDGE_REFRESH_RATES, KNOWLEDGE_SOURCE_STATUSES, KNOWLEDGE_SOURCE_TYPES, type KnowledgeRefreshRate, type KnowledgeSourceStatus } from '../constants/agent';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, name, optionalUrl, stringList, text, timestamp } from './common';

/** A document or URL in an agent's knowledge base; only status is required. */
export interface KnowledgeSource {
  refreshRate?: KnowledgeRefreshRate;
  url?: string;
  name?: string;
  content?: string;
  contentURL?: string;
  tags?: string[];
  dimensions?: number;
  sourceType?: (typeof KNOWLEDGE_SOURCE_TYPES)[number];
  status: KnowledgeSourceStatus;
  charCount?: number;
  chunkIds?: string[];
  metadata?: { description?: string };
  userId?: string;
  agentId?: string;
  workspaceId?: string;
  agencyId?: string;
  createdAt?: number;
  updatedAt?: number;
}
export const knowledgeSourceSchema = Joi.object<KnowledgeSource, true>({
  refreshRate: Joi.string().valid(...KNOWLEDGE_REFRESH_RATES),
  url: optionalUrl(),
  name: name().allow(''),
  content: text(TEXT_LIMITS.knowledgeContent),
  contentURL: optionalUrl(),
  tags: stringList(),
  dimensions: Joi.number().integer().min(1),
  sourceType: Joi.string().valid(...KNOWLEDGE_SOURCE_TYPES),
  status: Joi.string().valid(...KNOWLEDGE_SOURCE_STATUSES).required(),
  charCount: Joi.number().integer().min(0),
  chunkIds: Joi.array().items(Joi.string().max(TEXT_LIMITS.id)).max(100_000),
  metadata: Joi.object({ description: text(TEXT_LIMITS.longText) }),
  userId: documentId(),
  agentId: documentId(),
  workspaceId: documentId(),
  agencyId: documentId(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

