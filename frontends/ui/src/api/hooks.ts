import { QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import type { Region, SaveWorkspaceRequest } from '@platform/contracts';
import { ApiError } from './http';
import { listAgents, workspaceApi } from './workspace-api';
import type { VerifyLoginCodeRequest } from './types';

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
};

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

export const useJoinWorkspace = () =>
  useMutation({
    mutationFn: (v: { link: string; email: string }) => workspaceApi.joinWorkspace(v.link, v.email),
    onSuccess: refreshSession,
  });

export const useAgents = (region: Region, workspaceUid?: string, bearer?: string) =>
  useQuery({ queryKey: QUERY_KEYS.agents(region, workspaceUid), queryFn: () => listAgents(region, bearer), enabled: Boolean(workspaceUid) });
