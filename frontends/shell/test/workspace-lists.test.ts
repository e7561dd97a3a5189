import type { KnowledgeSourceView, WorkspaceSessionView } from '@platform/contracts';
import { promptSearch } from '../src/workspace-pages/prompt-search';
import { crawlerTotals, filterSessions, isReading, sessionHref } from '../src/workspace-pages/workspace-lists';

const source = (over: Partial<KnowledgeSourceView>): KnowledgeSourceView => ({ id: 's', status: 'SUCCESS', chunkCount: 0, ...over });

describe('the Crawler page', () => {
  it('sums sources, pages, characters and failures across the workspace', () => {
    expect(crawlerTotals([source({ pageCount: 4, charCount: 1200 }), source({ charCount: 300, sourceType: 'doc' }), source({ status: 'ERROR' })])).toEqual({ sources: 3, pages: 4, characters: 1500, failed: 1 });
    expect(crawlerTotals([])).toEqual({ sources: 0, pages: 0, characters: 0, failed: 0 });
  });

  it('reads the list again only while a source is waiting or being read', () => {
    expect(['INITIALIZED', 'PENDING', 'SUCCESS', 'ERROR'].map((status) => isReading(source({ status: status as KnowledgeSourceView['status'] })))).toEqual([true, true, false, false]);
  });
});

describe('the Sessions page', () => {
  const session = (id: string, agentId: string, channel: WorkspaceSessionView['channel']): WorkspaceSessionView => ({ id, agentId, channel, createdAt: 1, updatedAt: 2, userMessages: 1, leads: 0 });
  const sessions = [session('a', 'agent1', 'web'), session('b', 'agent2', 'telegram'), session('c', 'agent1', 'telegram')];

  it("opens a session in its agent's Chats tab with the conversation named", () => {
    expect(sessionHref('na', { agentId: 'agent 1', id: 'conv/1' })).toBe('/app/na/agents/agent%201/convos?conversation=conv%2F1');
  });

  it('filters by agent and by channel; no filter keeps all', () => {
    expect(filterSessions(sessions, {}).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(filterSessions(sessions, { agentId: 'agent1' }).map((s) => s.id)).toEqual(['a', 'c']);
    expect(filterSessions(sessions, { agentId: 'agent1', channel: 'telegram' }).map((s) => s.id)).toEqual(['c']);
    expect(filterSessions(sessions, { agentId: null, channel: 'web' }).map((s) => s.id)).toEqual(['a']);
  });
});

describe('the Prompts page search', () => {
  const prompts = [
    { agentId: 'a1', title: 'Bakery helper', prompt: 'You are Ava. Answer questions about sourdough and opening hours.' },
    { agentId: 'a2', title: 'Dentist', prompt: 'Book appointments politely.' },
    { agentId: 'a3', prompt: '' },
  ];
  const search = promptSearch(prompts);

  it('keeps every prompt for an empty query', () => {
    expect(search('  ').map((p) => p.agentId)).toEqual(['a1', 'a2', 'a3']);
  });

  it('finds words deep inside a prompt and agent titles, tolerating a typo', () => {
    expect(search('opening hours').map((p) => p.agentId)).toEqual(['a1']);
    expect(search('dentst').map((p) => p.agentId)).toEqual(['a2']);
    expect(search('zzzzqqq')).toEqual([]);
  });
});
