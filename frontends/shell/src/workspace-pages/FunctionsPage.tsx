import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@platform/contracts';
import { Alert, Anchor, Code, Loader, PageHeader, Table, Text, callApi, agentTabHref } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** /app/{region}/integrations (Functions): the voice tools defined across the workspace's agents, each linking to where it is edited. */
export default function FunctionsPage() {
  const { region, workspace } = useWorkspace();
  const { data, error } = useQuery({
    queryKey: ['workspace-functions', region, workspace?.uid],
    enabled: Boolean(workspace),
    queryFn: async () => (await callApi(AGENT_API.listWorkspaceFunctions, { region, params: { workspaceId: workspace!.uid } })).data,
  });

  return (
    <div data-testid="functions-page">
      <PageHeader title="Functions" description="The tools your agents call during a conversation, across the workspace. Each is edited in its agent." />
      {error && <Alert color="red">{`The functions could not be loaded: ${message(error)}`}</Alert>}
      {!data && !error && <Loader size="sm" />}
      {data && data.length === 0 && (
        <Text c="dimmed" data-testid="functions-empty">
          No functions yet. Add a tool in an agent's Tools tab to let it look things up or act during a call.
        </Text>
      )}
      {data && data.length > 0 && (
        <Table striped data-testid="functions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Function</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Calls</Table.Th>
              <Table.Th>Fields</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((fn) => (
              <Table.Tr key={`${fn.agentId}:${fn.id}`} data-testid="function-row">
                <Table.Td maw={320}>
                  <Text size="sm" fw={500}>
                    {fn.name}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {fn.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={agentTabHref(region, fn.agentId, fn.editIn)}>
                    {fn.agentTitle || fn.agentId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{fn.host ? <Code>{fn.host}</Code> : <Text size="sm" c="dimmed">No server URL</Text>}</Table.Td>
                <Table.Td>{fn.fields}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
