import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENTS_API, CLIENTS_API_MESSAGES, CONNECT_API, MESSAGES, agencyBillingConnected, type ClientInviteRequest, type Region, type SaveClientRequest, type SaveOrganizationRequest } from '@platform/contracts';
import { ApiError, callApi, listAgents, notify } from '@platform/ui';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/** The agency's organisations, clients and agents, and the calls of the Clients screen. */
export function useClients(region: Region, uid: string | undefined) {
  const queryClient = useQueryClient();
  const key = ['agency-clients', region, uid ?? ''] as const;
  const query = useQuery({ queryKey: key, queryFn: () => callApi(CLIENTS_API.listOrganizations, { region, params: { uid: uid! } }), enabled: Boolean(uid) });
  const agents = useQuery({ queryKey: ['agency-clients-agents', region, uid ?? ''], queryFn: () => listAgents(region, uid), enabled: Boolean(uid) });
  // Allow billing needs the agency's connected Stripe account (the Auto Billing tab's step 1).
  const connect = useQuery({ queryKey: ['agency-clients-connect', region, uid ?? ''], queryFn: () => callApi(CONNECT_API.getConnect, { region, params: { workspaceId: uid! } }).then((r) => r.data), enabled: Boolean(uid) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const createOrganization = useMutation({
    mutationFn: () => callApi(CLIENTS_API.createOrganization, { region, params: { uid: uid! }, body: {} }),
    onSuccess: refresh,
    onError: (error) => notify.error(CLIENTS_API_MESSAGES.organizationUpdateFailed(errorText(error)), 3000),
  });
  const saveOrganization = useMutation({
    mutationFn: async (org: SaveOrganizationRequest) => {
      // Spec 5: the drawer checks before calling (the service answers the same texts).
      if (!org.ID) throw new ApiError(MESSAGES.clients.organizationIdMissing, 400);
      if (!org.name?.trim()) throw new ApiError(MESSAGES.clients.organizationNameRequired, 400);
      // Spec 6: the service asks billing about allowBilling (enabling needs a connected payment account).
      return callApi(CLIENTS_API.saveOrganization, { region, params: { uid: uid!, orgId: org.ID }, body: org });
    },
    onSuccess: (answer) => {
      notify.success(answer.message ?? CLIENTS_API_MESSAGES.organizationUpdated, 3000);
      void refresh();
    },
    onError: (error) => {
      const text = errorText(error);
      notify.error(text === MESSAGES.clients.organizationIdMissing || text === MESSAGES.clients.organizationNameRequired ? text : CLIENTS_API_MESSAGES.organizationUpdateFailed(text), 3000);
    },
  });
  const deleteOrganization = useMutation({
    mutationFn: (orgId: string) => callApi(CLIENTS_API.deleteOrganization, { region, params: { uid: uid!, orgId } }),
    onSuccess: refresh,
    onError: (error) => notify.error(CLIENTS_API_MESSAGES.organizationUpdateFailed(errorText(error)), 3000),
  });
  const saveClient = useMutation({
    mutationFn: (client: SaveClientRequest) => {
      if (!client.name?.trim() || !client.email?.trim() || (!client.ID && !client.dashboardPassword)) throw new ApiError(MESSAGES.clients.fieldsRequired, 400);
      return callApi(CLIENTS_API.saveClient, { region, params: { uid: uid! }, body: client });
    },
    onSuccess: (answer) => {
      notify.success(answer.message ?? CLIENTS_API_MESSAGES.clientUpdated, 3000);
      void refresh();
    },
    onError: (error) => notify.error(errorText(error) ?? CLIENTS_API_MESSAGES.clientUpdateFailed, 3000),
  });
  const deleteClient = useMutation({
    mutationFn: (clientId: string) => callApi(CLIENTS_API.deleteClient, { region, params: { uid: uid!, clientId } }),
    onSuccess: refresh,
    onError: () => notify.error(CLIENTS_API_MESSAGES.clientUpdateFailed, 3000),
  });
  const inviteClient = useMutation({
    mutationFn: (invite: ClientInviteRequest) => callApi(CLIENTS_API.inviteClient, { region, params: { uid: uid! }, body: invite }),
    onSuccess: (answer, invite) => notify.success(CLIENTS_API_MESSAGES.inviteSent(answer.data.clientData.email ?? invite.email), 3000),
    onError: (error) => notify.error(errorText(error) ?? CLIENTS_API_MESSAGES.clientUpdateFailed, 3000),
  });

  return {
    loading: query.isLoading,
    error: query.error,
    organizations: query.data?.organizations ?? [],
    clients: query.data?.clients ?? [],
    agents: agents.data ?? [],
    /** undefined until billing answers */
    billingConnected: connect.data ? agencyBillingConnected(connect.data) : undefined,
    createOrganization,
    saveOrganization,
    deleteOrganization,
    saveClient,
    deleteClient,
    inviteClient,
    refresh,
  };
}

export type ClientsModel = ReturnType<typeof useClients>;
