import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Region } from '@platform/contracts';
import { Alert, Anchor, Button, Group, Loader, NOTICES, PageHeader, PasswordInput, Stack, Table, Text, Title, notify, useAgent, useRotateAgentSecretKey, agentTabHref, REGENERATE_AGENT_KEY_WARNING, SecretActions } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { WorkspaceSecretSection } from '../app/WorkspaceSecretSection';
import { useWorkspaceAgents } from './use-workspace-agents';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One agent's secret key: read only when asked for (the agent service answers it to whoever may open the agent). */
function AgentKey({ region, agentId }: { region: Region; agentId: string }) {
  const agent = useAgent(region, agentId);
  const rotate = useRotateAgentSecretKey();
  if (agent.isLoading) return <Loader size="xs" />;
  if (agent.error) return <Text size="sm" c="red">{`The key could not be read: ${message(agent.error)}`}</Text>;
  const key = agent.data?.SECRET_API_KEY ?? '';
  const regenerate = () =>
    rotate.mutateAsync({ region, agentId }).then(
      () => notify.success(NOTICES.agent.secretKeyRegenerated),
      (error: unknown) => {
        notify.error(NOTICES.agent.secretKeyRegenerateFailed);
        throw error;
      },
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <PasswordInput value={key} placeholder="No key yet" readOnly aria-label="Agent secret key" style={{ flex: 1, minWidth: 220 }} data-testid="agent-key-value" />
      <SecretActions value={key} confirmTitle="Regenerate the secret key?" warning={REGENERATE_AGENT_KEY_WARNING} testId="confirm-regenerate-agent-key" onRegenerate={regenerate} />
    </Group>
  );
}

/** /app/{region}/credentials: the workspace secret and each agent's secret key, each with Copy and Regenerate. */
export default function CredentialsPage() {
  const { region, workspace } = useWorkspace();
  const [shown, setShown] = useState<Set<string>>(new Set());
  const agents = useWorkspaceAgents();
  if (!workspace) return null;

  return (
    <div data-testid="credentials-page">
      <PageHeader title="Credentials" description="Secrets that let your servers call the platform. Keep them private; regenerating one stops the old value at once." />
      <Stack gap="xl" maw={900}>
        {workspace.secret ? (
          <WorkspaceSecretSection region={region} uid={workspace.uid} secret={workspace.secret} />
        ) : (
          <Alert color="gray">Only members of this workspace see its secret.</Alert>
        )}
        <Stack gap="xs">
          <Title order={4}>Agent keys</Title>
          <Text size="sm" c="dimmed">
            Each agent's secret API key authorises server calls for that agent only.
          </Text>
          {agents.error && <Alert color="red">{`The agents could not be loaded: ${message(agents.error)}`}</Alert>}
          {agents.isLoading && <Loader size="sm" />}
          {agents.data && agents.data.length === 0 && (
            <Text c="dimmed" data-testid="agent-keys-empty">
              No agents yet: each agent you create gets its own key.
            </Text>
          )}
          {agents.data && agents.data.length > 0 && (
            <Table data-testid="agent-keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agent</Table.Th>
                  <Table.Th>Secret API key</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {agents.data.map((agent) => (
                  <Table.Tr key={agent.ID} data-testid="agent-key-row">
                    <Table.Td>
                      <Anchor component={Link} to={agentTabHref(region, agent.ID, 'settings')}>
                        {agent.title || agent.ID}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {shown.has(agent.ID) ? (
                        <AgentKey region={region} agentId={agent.ID} />
                      ) : (
                        <Button size="xs" variant="default" onClick={() => setShown(new Set(shown).add(agent.ID))}>
                          Show key
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Stack>
    </div>
  );
}
