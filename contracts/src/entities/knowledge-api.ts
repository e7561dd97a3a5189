import Joi from 'joi';
import { KNOWLEDGE_REFRESH_RATES, type KnowledgeRefreshRate } from '../constants/agent';
import { TEXT_LIMITS } from '../constants/text-limits';
import type { SuccessResponse } from '../api/endpoint';
import { name, stringList } from './common';
import type { KnowledgeSource } from './knowledge';
import type { ToolFieldValue } from './tools';

/** A knowledge source as the Knowledge tab lists it: its id, the reason of an ERROR, the chunk count. */
export interface KnowledgeSourceView extends Omit<KnowledgeSource, 'content' | 'chunkIds'> {
  id: string;
  /** why the source is in ERROR, shown under it */
  error?: string;
  chunkCount: number;
  /** pages read (url sources) */
  pageCount?: number;
  /** when the next refresh is due (unix ms); absent when the rate is never */
  nextRefreshAt?: number;
}

/** POST /v2/agents/{agentId}/knowledge: a website to crawl, or an uploaded file (its URL from /procedures/uploadFile). */
export interface CreateKnowledgeSourceRequest {
  sourceType: 'url' | 'doc';
  url?: string;
  contentURL?: string;
  name?: string;
  tags?: string[];
  refreshRate?: KnowledgeRefreshRate;
}
export const createKnowledgeSourceSchema = Joi.object<CreateKnowledgeSourceRequest>({
  sourceType: Joi.string().valid('url', 'doc').required(),
  url: Joi.when('sourceType', {
    is: 'url',
    then: Joi.string().trim().max(TEXT_LIMITS.url).uri({ scheme: ['http', 'https'] }).required().messages({ 'string.uri': 'Please enter a valid website URL', 'string.uriCustomScheme': 'Please enter a valid website URL', 'any.required': 'Please enter a valid website URL' }),
    otherwise: Joi.forbidden(),
  }),
  contentURL: Joi.when('sourceType', { is: 'doc', then: Joi.string().trim().max(TEXT_LIMITS.url).required(), otherwise: Joi.forbidden() }),
  name: name().allow(''),
  tags: stringList(),
  refreshRate: Joi.string().valid(...KNOWLEDGE_REFRESH_RATES),
});

/** POST /v2/agents/{agentId}/knowledge/{sourceId}: the refresh rate and tags of a source. */
export interface UpdateKnowledgeSourceRequest {
  refreshRate?: KnowledgeRefreshRate;
  tags?: string[];
}
export const updateKnowledgeSourceSchema = Joi.object<UpdateKnowledgeSourceRequest, true>({
  refreshRate: Joi.string().valid(...KNOWLEDGE_REFRESH_RATES),
  tags: stringList(),
}).min(1);

/** POST /v2/agents/{agentId}/knowledge/search: which chunks a question retrieves. */
export interface KnowledgeSearchRequest {
  query: string;
}
export const knowledgeSearchSchema = Joi.object<KnowledgeSearchRequest, true>({ query: Joi.string().trim().min(1).max(TEXT_LIMITS.shortText).required() });

/** A chunk that grounded an answer (stored on the conversation message) or a search hit. */
export interface KnowledgeChunkHit {
  sourceId: string;
  chunkId: string;
  /** the source's name, or the page's title */
  name: string;
  /** the page the chunk came from (url sources) */
  url?: string;
  text: string;
  /** cosine similarity, 0..1 */
  score: number;
}

export interface KnowledgeSourcesResponse extends SuccessResponse {
  data: KnowledgeSourceView[];
}
export interface KnowledgeSourceResponse extends SuccessResponse {
  data: KnowledgeSourceView;
}
export interface KnowledgeSearchResponse extends SuccessResponse {
  data: { query: string; searchQuery: string; chunks: KnowledgeChunkHit[] };
}

/** POST /v2/agents/{agentId}/tools/test: what the tool server answered, and how long it took. */
export interface VoiceToolTestResponse extends SuccessResponse {
  data: { status: number; durationMs: number; body: string; arguments: Record<string, ToolFieldValue> };
}
