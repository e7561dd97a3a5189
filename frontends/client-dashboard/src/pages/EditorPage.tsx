import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AgentTabKey, Region } from '@platform/contracts';
import { AgentFormProvider, Button, Group, Skeleton, Stack, TabContent, publishButtonState, resolveSubTab, useAgent, usePublishAgent, type Agent, type AgentEditorOptions } from '@platform/ui';
import { useClientSession } from '../session';

/**
 * An agent editor page of the client dashboard (Widget, Voice, Prompt, Canvas, Settings,
 * Knowledge, Tools, Channels): the shell's tab from @platform/ui over a local draft, published
 * through the same save as the shell's Publish (spec 4.6, 4.7). The agent service decides what a
 * client may save (ADR 0031, 0036, 0037).
 */
export function EditorPage({ region, agentId, section }: { region: Region; agentId: string; section: AgentTabKey }) {
  const session = useClientSession();
  const stored = useAgent(region, agentId).data;
  const [draft, setDraft] = useState<Agent | undefined>();
  const { publish, busy } = usePublishAgent();
  const [params, setParams] = useSearchParams();
  // Another agent, or the stored agent after a save, starts a fresh draft.
  useEffect(() => setDraft(undefined), [agentId, stored]);
  const agent = draft ?? stored;
  const onChange = useCallback((change: (a: Agent) => Agent) => setDraft((current) => (current ?? stored ? change((current ?? stored)!) : current)), [stored]);
  const options = useMemo<AgentEditorOptions>(
    () => ({ themeOwnerId: stored?.ownerID, client: { hideAdvancedSettings: !session.agencyAdmin && Boolean(session.client.hideAdvancedSettings) } }),
    [stored?.ownerID, session.agencyAdmin, session.client.hideAdvancedSettings],
  );
  if (!agent) return <Skeleton height={240} radius="md" data-testid="client-editor-loading" />;
  const state = publishButtonState(agent, stored, busy);
  const onPublish = async () => {
    if (await publish(region, agent)) setDraft(undefined);
  };
  return (
    <Stack gap="md" data-testid={`client-editor-${section}`}>
      <Group justify="flex-end">
        <Button variant={state.disabled ? 'default' : 'filled'} disabled={state.disabled} loading={busy} onClick={() => void onPublish()} data-testid="client-publish">
          {state.label}
        </Button>
      </Group>
      <AgentFormProvider agent={agent} onChange={onChange} options={options}>
        <TabContent
          section={section}
          subTab={resolveSubTab(section, params.get('tab'))}
          onSubTab={(tab) => setParams((p) => ({ ...Object.fromEntries(p), tab }))}
          region={region}
          agentId={agentId}
          enableNodes={Boolean(agent.enableNodes)}
        />
      </AgentFormProvider>
    </Stack>
  );
}
