import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_API, type CreateKnowledgeSourceRequest, type KnowledgeSourceView, type Region, type UpdateKnowledgeSourceRequest } from '@platform/contracts';
import { callApi } from '../../../api/client';

const key = (region: Region, agentId: string) => ['knowledge-sources', region, agentId] as const;
/** While a source is being read, the list is read again this often. */
const READING_POLL_MS = 2000;
const reading = (sources?: KnowledgeSourceView[]) => Boolean(sources?.some((s) => s.status === 'INITIALIZED' || s.status === 'PENDING'));

export const useKnowledgeSources = (region: Region, agentId: string) =>
  useQuery({
    queryKey: key(region, agentId),
    queryFn: async () => (await callApi(AGENT_API.listKnowledgeSources, { region, params: { agentId } })).data,
    refetchInterval: (query) => (reading(query.state.data) ? READING_POLL_MS : false),
  });

export function useKnowledgeActions(region: Region, agentId: string) {
  const client = useQueryClient();
  const changed = () => client.invalidateQueries({ queryKey: key(region, agentId) });
  return {
    add: useMutation({ mutationFn: (body: CreateKnowledgeSourceRequest) => callApi(AGENT_API.createKnowledgeSource, { region, params: { agentId }, body }), onSuccess: changed }),
    update: useMutation({
      mutationFn: ({ sourceId, ...body }: UpdateKnowledgeSourceRequest & { sourceId: string }) => callApi(AGENT_API.updateKnowledgeSource, { region, params: { agentId, sourceId }, body }),
      onSuccess: changed,
    }),
    remove: useMutation({ mutationFn: (sourceId: string) => callApi(AGENT_API.deleteKnowledgeSource, { region, params: { agentId, sourceId } }), onSuccess: changed }),
    search: useMutation({ mutationFn: async (query: string) => (await callApi(AGENT_API.searchKnowledge, { region, params: { agentId }, body: { query } })).data }),
  };
}
