import type { KnowledgeSourceView } from '@platform/contracts';
import { crawlerTotals, isReading } from '../src/workspace-pages/workspace-lists';

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
