import { useCallback, useEffect, useState } from 'react';
import { WORKSPACE_CHANNELS_API, type WorkspaceChannelsResponse } from '@platform/contracts';
import { callApi } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** The workspace's Meta pages and WhatsApp numbers, with its agents' titles; reloadable after a removal. */
export function useWorkspaceChannels() {
  const { region, workspace } = useWorkspace();
  const [data, setData] = useState<WorkspaceChannelsResponse['data']>();
  const [error, setError] = useState<string>();
  const reload = useCallback(async () => {
    if (!workspace) return;
    try {
      setData((await callApi(WORKSPACE_CHANNELS_API.listWorkspaceChannels, { region, params: { workspaceId: workspace.uid } })).data);
      setError(undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, [region, workspace]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const titleOf = (agentId?: string) => data?.agents.find((agent) => agent.ID === agentId)?.title ?? agentId ?? '';
  return { region, data, error, reload, titleOf };
}
