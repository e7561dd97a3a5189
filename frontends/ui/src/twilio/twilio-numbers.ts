import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TWILIO_API, type ImportTwilioNumberRequest, type Region, type SearchTwilioNumbersQuery } from '@platform/contracts';
import { callApi } from '../api/client';

/** The workspace's Twilio numbers, its agents and its slots (ADR 0033). */
export const twilioNumbersKey = (region: Region, workspaceId?: string) => ['twilioNumbers', region, workspaceId ?? ''] as const;

export function useTwilioNumbers(region: Region, workspaceId?: string) {
  return useQuery({
    queryKey: twilioNumbersKey(region, workspaceId),
    queryFn: async () => (await callApi(TWILIO_API.listTwilioNumbers, { region, params: { workspaceId: workspaceId! } })).data,
    enabled: Boolean(workspaceId),
    refetchOnMount: 'always',
  });
}

export const searchTwilioNumbers = async (region: Region, workspaceId: string, query: SearchTwilioNumbersQuery) =>
  (await callApi(TWILIO_API.searchTwilioNumbers, { region, params: { workspaceId }, query })).data;

/** Buy, import, assign and release: each reads the list again once done. */
export function useTwilioNumberActions(region: Region, workspaceId: string) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: twilioNumbersKey(region, workspaceId) });
  const params = { workspaceId };
  return {
    buy: useMutation({ mutationFn: (phoneNumber: string) => callApi(TWILIO_API.buyTwilioNumber, { region, params, body: { phoneNumber } }), onSuccess: settled }),
    import: useMutation({ mutationFn: (body: ImportTwilioNumberRequest) => callApi(TWILIO_API.importTwilioNumber, { region, params, body }), onSuccess: settled }),
    assign: useMutation({
      mutationFn: ({ numberId, agentId }: { numberId: string; agentId: string | null }) => callApi(TWILIO_API.assignTwilioNumber, { region, params: { workspaceId, numberId }, body: { agentId } }),
      onSuccess: settled,
    }),
    release: useMutation({ mutationFn: (numberId: string) => callApi(TWILIO_API.releaseTwilioNumber, { region, params: { workspaceId, numberId } }), onSuccess: settled }),
  };
}
