import { QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { AGENT_API, type Region, type SaveWorkspaceRequest, type VerifyLoginCodeRequest } from '@platform/contracts';
import { callApi } from './client';
import { ApiError } from './http';
import { workspaceApi } from './workspace-api';
import { agentApi, listAgents, type Agent } from './agent-api';
import { translateLanguages } from './media-api';

/** One client for the shell and every remote (the ui package is a federated singleton). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers will not change on retry.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

export const QUERY_KEYS = {
  session: ['session'] as const,
  agents: (region: Region, workspaceUid?: string) => ['agents', region, workspaceUid ?? ''] as const,
  agent: (region: Region, agentId: string) => ['agent', region, agentId] as const,
  agentVersions: (region: Region, agentId: string) => ['agent-versions', region, agentId] as const,
  templates: (region: Region) => ['agent-templates', region] as const,
  languages: ['translate-languages'] as const,
  workspace: (region: Region, uid: string) => ['workspace', region, uid] as const,
  conversations: (region: Region, agentId: string) => ['conversations', region, agentId] as const,
  leads: (region: Region, agentId: string) => ['leads', region, agentId] as const,
};

/** The Chats tab: the agent's conversations, newest first. */
export const useConversations = (region: Region, agentId: string) =>
  useQuery({ queryKey: QUERY_KEYS.conversations(region, agentId), queryFn: async () => (await callApi(AGENT_API.listConversations, { region, params: { agentId } })).data });
/** The Leads tab: e-mails and phone numbers left in conversations. */
export const useLeads = (region: Region, agentId: string) =>
  useQuery({ queryKey: QUERY_KEYS.leads(region, agentId), queryFn: async () => (await callApi(AGENT_API.listLeads, { region, params: { agentId } })).data });
/** After a test-chat answer: the Chats and Leads tabs read again. */
export const conversationsChanged = (region: Region, agentId: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEYS.conversations(region, agentId) }), queryClient.invalidateQueries({ queryKey: QUERY_KEYS.leads(region, agentId) })]);

export const useSession = (enabled = true) => useQuery({ queryKey: QUERY_KEYS.session, queryFn: workspaceApi.session, enabled });

const refreshSession = () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.session });

export const useRequestCode = () => useMutation({ mutationFn: workspaceApi.requestCode });
export const useVerifyCode = () =>
  useMutation({ mutationFn: (body: VerifyLoginCodeRequest) => workspaceApi.verifyCode(body), onSuccess: refreshSession });
export const usePasswordLogin = () =>
  useMutation({ mutationFn: (v: { email: string; password: string }) => workspaceApi.login(v.email, v.password), onSuccess: refreshSession });
export const useLogout = () =>
  useMutation({ mutationFn: workspaceApi.logout, onSuccess: () => queryClient.removeQueries({ queryKey: QUERY_KEYS.session }) });

export const useCreateWorkspace = () =>
  useMutation({ mutationFn: (v: { region: Region; workspaceName: string }) => workspaceApi.createWorkspace(v.region, v.workspaceName), onSuccess: refreshSession });
export const useSaveWorkspace = () =>
  useMutation({
    mutationFn: (v: { region: Region; uid: string; body: SaveWorkspaceRequest }) => workspaceApi.saveWorkspace(v.region, v.uid, v.body),
    onSuccess: refreshSession,
  });
export const useDeleteWorkspace = () =>
  useMutation({
    mutationFn: (v: { region: Region; uid: string }) => workspaceApi.deleteWorkspace(v.region, v.uid),
    onSuccess: refreshSession,
  });
export const useInvite = () =>
  useMutation({
    mutationFn: (v: { region: Region; uid: string; email: string }) => workspaceApi.invite(v.region, v.uid, v.email),
    onSuccess: refreshSession,
  });

/** Read again whenever the settings open: members join from elsewhere. */
export const useWorkspaceDetails = (region: Region, uid: string | undefined) =>
  useQuery({
    queryKey: QUERY_KEYS.workspace(region, uid ?? ''),
    queryFn: async () => (await workspaceApi.getWorkspace(region, uid as string)).data,
    enabled: Boolean(uid),
    staleTime: 0,
  });

const refreshWorkspace = (region: Region, uid: string) =>
  Promise.all([refreshSession(), queryClient.invalidateQueries({ queryKey: QUERY_KEYS.workspace(region, uid) })]);

export const useRemoveMember = () =>
  useMutation({
    mutationFn: (v: { region: Region; uid: string; email: string }) => workspaceApi.removeMember(v.region, v.uid, v.email),
    onSuccess: (_answer, v) => refreshWorkspace(v.region, v.uid),
  });

/** The session carries the secret the shell sends as bearer, so it is read again at once. */
export const useRotateWorkspaceSecret = () =>
  useMutation({
    mutationFn: (v: { region: Region; uid: string }) => workspaceApi.rotateSecret(v.region, v.uid),
    onSuccess: (_answer, v) => refreshWorkspace(v.region, v.uid),
  });

export const useJoinWorkspace = () =>
  useMutation({
    mutationFn: (v: { link: string; email: string }) => workspaceApi.joinWorkspace(v.link, v.email),
    onSuccess: refreshSession,
  });

export const useAgents = (region: Region, workspaceUid?: string, bearer?: string) =>
  useQuery({ queryKey: QUERY_KEYS.agents(region, workspaceUid), queryFn: () => listAgents(region, workspaceUid, bearer), enabled: Boolean(workspaceUid) });

/** How often an open agent is re-read ("loaded live", spec 4.7). */
export const AGENT_LIVE_REFRESH_MS = 15_000;

export const useAgent = (region: Region, agentId: string | undefined) =>
  useQuery({
    queryKey: QUERY_KEYS.agent(region, agentId ?? ''),
    queryFn: () => agentApi.get(region, agentId as string),
    enabled: Boolean(agentId),
    refetchInterval: AGENT_LIVE_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });

const refreshAgents = (region: Region) => queryClient.invalidateQueries({ queryKey: ['agents', region] });

/** Create or save the full agent; the stored copy in the cache becomes the saved one. */
export const useSaveAgent = () =>
  useMutation({
    mutationFn: (v: { region: Region; agent: Agent }) => agentApi.save(v.region, v.agent),
    onSuccess: (_answer, v) => {
      queryClient.setQueryData(QUERY_KEYS.agent(v.region, v.agent.ID), v.agent);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agent(v.region, v.agent.ID) });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agentVersions(v.region, v.agent.ID) });
      void refreshAgents(v.region);
    },
  });

/** A channel's fields saved on their own: the stored agent takes them at once, so the draft's same values are not an unpublished change. */
export const useSaveAgentChannel = () =>
  useMutation({
    mutationFn: (v: { region: Region; agentId: string; fields: Partial<Agent> }) => agentApi.saveChannel(v.region, v.agentId, v.fields),
    onSuccess: (_answer, v) => {
      queryClient.setQueryData<Agent>(QUERY_KEYS.agent(v.region, v.agentId), (agent) => agent && { ...agent, ...v.fields });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agentVersions(v.region, v.agentId) });
    },
  });

export const useAgentTemplates = (region: Region) =>
  useQuery({ queryKey: QUERY_KEYS.templates(region), queryFn: () => agentApi.templates(region), staleTime: 5 * 60_000 });

export const useConvertTemplate = () =>
  useMutation({
    mutationFn: (v: { region: Region; agentName: string; agentTemplate: Record<string, unknown>; workspaceId?: string }) =>
      agentApi.convertTemplate(v.region, v.agentName, v.agentTemplate, v.workspaceId),
    onSuccess: (_agent, v) => void refreshAgents(v.region),
  });

export const useExportAgent = () => useMutation({ mutationFn: (v: { region: Region; agentId: string }) => agentApi.exportTemplate(v.region, v.agentId) });

export const useSaveAgentBackup = () =>
  useMutation({
    mutationFn: ({ region, ...backup }: { region: Region; agentId: string; workspaceId: string; userEmail: string }) => agentApi.saveBackup(region, backup),
  });

/** The stored agent takes the new key at once, so the draft's matching key is not an unpublished change. */
export const useRotateAgentSecretKey = () =>
  useMutation({
    mutationFn: (v: { region: Region; agentId: string }) => agentApi.rotateSecretKey(v.region, v.agentId),
    onSuccess: (answer, v) => {
      queryClient.setQueryData<Agent>(QUERY_KEYS.agent(v.region, v.agentId), (agent) => agent && { ...agent, SECRET_API_KEY: answer.data.SECRET_API_KEY });
    },
  });

export const useAgentVersions = (region: Region, agentId: string, enabled = true) =>
  useQuery({ queryKey: QUERY_KEYS.agentVersions(region, agentId), queryFn: () => agentApi.versions(region, agentId), enabled, staleTime: 0 });

export const useRestoreVersion = () =>
  useMutation({
    mutationFn: (v: { region: Region; agentId: string; versionId: string }) => agentApi.restoreVersion(v.region, v.agentId, v.versionId),
    onSuccess: (_answer, v) => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agent(v.region, v.agentId) });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agentVersions(v.region, v.agentId) });
      void refreshAgents(v.region);
    },
  });

/** The languages the platform translates to (GET /api/translate), as select options; the list changes with releases only. */
export const useTranslateLanguages = () =>
  useQuery({
    queryKey: QUERY_KEYS.languages,
    queryFn: translateLanguages,
    staleTime: Infinity,
    select: (answer) => answer.languages.map((l) => ({ value: l.language, label: l.name })),
  });
