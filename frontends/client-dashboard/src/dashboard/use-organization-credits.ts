import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useClientSession, useDashboard } from '../session';

export const CREDITS_KEY = ['client-credits'] as const;
/** Answers and the agency's transfers move the balance without the client doing anything: read it again now and then. */
const CREDITS_REFRESH_MS = 10_000;

/** The session organisation's ledger balance for the top bar; undefined until billing answers. */
export function useOrganizationCredits(): number | undefined {
  const { api } = useDashboard();
  const { organization } = useClientSession();
  const query = useQuery({
    queryKey: [...CREDITS_KEY, organization.ID],
    queryFn: () => api.organizationCredits(organization.ID),
    refetchInterval: CREDITS_REFRESH_MS,
    retry: false,
  });
  return query.data;
}

/** Reads the balance again now (a live notification, such as credits running low, announces a change). */
export function useRefreshOrganizationCredits(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
}
