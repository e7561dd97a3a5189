import type { KnowledgeSourceView, Region, WorkspaceSessionView } from '@platform/contracts';
import { agentTabHref, SESSION_QUERY_PARAM } from '@platform/ui';

/** A source is still being read: the Crawler page reads its list again until none is. */
export const isReading = (source: KnowledgeSourceView) => source.status === 'INITIALIZED' || source.status === 'PENDING';

/** The Crawler page's summary line: sources, pages read and characters held across the workspace. */
export function crawlerTotals(sources: KnowledgeSourceView[]): { sources: number; pages: number; characters: number; failed: number } {
  return sources.reduce(
    (sum, source) => ({
      sources: sum.sources + 1,
      pages: sum.pages + (source.pageCount ?? 0),
      characters: sum.characters + (source.charCount ?? 0),
      failed: sum.failed + (source.status === 'ERROR' ? 1 : 0),
    }),
    { sources: 0, pages: 0, characters: 0, failed: 0 },
  );
}

/** The Chats tab's query parameter naming the conversation to open. */

/** Where a session opens: its agent's Chats tab with the conversation shown. */
export const sessionHref = (region: Region, session: Pick<WorkspaceSessionView, 'agentId' | 'id'>) =>
  `${agentTabHref(region, session.agentId, 'convos')}?${SESSION_QUERY_PARAM}=${encodeURIComponent(session.id)}`;

/** The Sessions page's filter: the sessions of one agent and/or one channel (undefined: all). */
export const filterSessions = (sessions: WorkspaceSessionView[], filter: { agentId?: string | null; channel?: string | null }) =>
  sessions.filter((session) => (!filter.agentId || session.agentId === filter.agentId) && (!filter.channel || session.channel === filter.channel));
