import { AGENT_LIMITS, KNOWLEDGE_DOCUMENT_EXTENSIONS, KNOWLEDGE_MESSAGES, newDocumentId, type CreateKnowledgeSourceRequest, type KnowledgeSourceView, type Region, type UpdateKnowledgeSourceRequest } from '@platform/contracts';
import { badRequest, notFound } from '@platform/kit';
import type { AgentRecord } from '../../domain/agent-record';
import { extensionOf } from '../clients/document-text';
import { nextRefreshAt } from '../domain/refresh';
import { NOT_DUE, viewOf, type SourceDocument } from '../store/sources';
import type { KnowledgeDeps } from './deps';

/** The file name of an upload's public URL (…/files/{name}). */
/** The most sources the Crawler page lists at once. */
export const WORKSPACE_SOURCES_SHOWN = 500;

export const uploadNameOf = (contentURL: string) => /\/files\/([^/?#]+)$/.exec(contentURL)?.[1];

/** The Knowledge tab's sources: listed, added (read off the request path), re-rated, tagged, deleted. */
export class KnowledgeSourceUseCases {
  constructor(private readonly deps: KnowledgeDeps) {}

  async list(region: Region, agentId: string): Promise<KnowledgeSourceView[]> {
    return (await this.deps.sources.listForAgent(region, agentId)).map(viewOf);
  }

  /** The Crawler page: every agent's sources in the workspace, newest first (capped: a page, not an export). */
  async listForWorkspace(region: Region, workspaceId: string): Promise<KnowledgeSourceView[]> {
    return (await this.deps.sources.listForWorkspace(region, workspaceId, WORKSPACE_SOURCES_SHOWN)).map(viewOf);
  }

  /** Stores the source INITIALIZED and due now; the worker reads it. */
  async create(region: Region, agent: AgentRecord, request: CreateKnowledgeSourceRequest): Promise<KnowledgeSourceView> {
    const now = this.deps.now();
    let name = request.name?.trim();
    if (request.sourceType === 'doc') {
      const fileName = uploadNameOf(request.contentURL!);
      if (!fileName) throw badRequest(KNOWLEDGE_MESSAGES.fileNotFound);
      name ||= fileName;
      if (!(KNOWLEDGE_DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name)) && !(KNOWLEDGE_DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))) throw badRequest(KNOWLEDGE_MESSAGES.unsupportedFile);
    } else {
      name ||= new URL(request.url!).hostname;
    }
    const source: SourceDocument = {
      _id: newDocumentId(),
      agentId: agent.ID,
      workspaceId: agent.userId,
      sourceType: request.sourceType,
      ...(request.url ? { url: request.url } : {}),
      ...(request.contentURL ? { contentURL: request.contentURL } : {}),
      name,
      tags: request.tags ?? [],
      refreshRate: request.refreshRate ?? 'never',
      status: 'INITIALIZED',
      dimensions: agent.vg_kbDefaultDimension ?? AGENT_LIMITS.defaultKbDimension,
      maxChunkSize: agent.vgOptions?.maxChunkSize ?? AGENT_LIMITS.defaultMaxChunkSize,
      charCount: 0,
      chunkCount: 0,
      generation: 0,
      dueAt: now,
      leaseUntil: 0,
      attempts: 0,
      userId: agent.userId,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.sources.insert(region, source);
    this.deps.sourceAdded();
    return viewOf(source);
  }

  /** A new refresh rate counts from now; tags are replaced. */
  async update(region: Region, agentId: string, sourceId: string, request: UpdateKnowledgeSourceRequest): Promise<KnowledgeSourceView> {
    const existing = await this.deps.sources.find(region, agentId, sourceId);
    if (!existing) throw notFound(KNOWLEDGE_MESSAGES.sourceNotFound);
    const now = this.deps.now();
    const reschedule = request.refreshRate && existing.status === 'SUCCESS' ? { dueAt: nextRefreshAt(request.refreshRate, now) ?? NOT_DUE } : {};
    const updated = await this.deps.sources.update(region, agentId, sourceId, { ...request, ...reschedule }, now);
    if (!updated) throw notFound(KNOWLEDGE_MESSAGES.sourceNotFound);
    return viewOf(updated);
  }

  async delete(region: Region, agentId: string, sourceId: string): Promise<void> {
    if (!(await this.deps.sources.delete(region, agentId, sourceId))) throw notFound(KNOWLEDGE_MESSAGES.sourceNotFound);
    await this.deps.chunks.deleteForSource(region, sourceId);
    this.deps.index.invalidate(region, agentId);
  }
}
