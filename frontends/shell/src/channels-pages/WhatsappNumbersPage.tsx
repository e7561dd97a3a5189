import { Link } from 'react-router-dom';
import { MESSAGES, WHATSAPP_API } from '@platform/contracts';
import { Alert, Anchor, Badge, Button, Loader, PageHeader, Table, Text, callApi, notify } from '@platform/ui';
import { useWorkspaceChannels } from './use-workspace-channels';

/** /app/{region}/whatsapp-numbers: the WhatsApp numbers connected to the workspace's agents. */
export function WhatsappNumbersPage() {
  const { region, data, error, reload, titleOf } = useWorkspaceChannels();
  const remove = async (agentId: string, phoneId: string) => {
    try {
      notify.success((await callApi(WHATSAPP_API.removeWhatsappNumber, { region, body: { agentId, phoneId } })).message);
      await reload();
    } catch {
      notify.error(MESSAGES.channels.numberRemoveFailed);
    }
  };
  return (
    <div data-testid="whatsapp-numbers-page">
      <PageHeader title="WhatsApp" description="WhatsApp Business numbers your agents answer on" />
      {error && <Alert color="red">{MESSAGES.channels.connectedAccountsFetchFailed}</Alert>}
      {!data && !error && <Loader size="sm" />}
      {data && data.waNumbers.length === 0 && <Text c="dimmed">No number is connected yet: connect one from an agent's Channels tab (WhatsApp, New Method).</Text>}
      {data && data.waNumbers.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.waNumbers.map((number) => (
              <Table.Tr key={number.phoneId} data-testid={`whatsapp-numbers-row-${number.phoneId}`}>
                <Table.Td>{number.phoneNumber}</Table.Td>
                <Table.Td>
                  <Badge color="teal" variant="light">
                    CONNECTED
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/app/${region}/agents/${number.agentId}/channels?channel=whatsapp`}>
                    {titleOf(number.agentId)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" color="red" variant="light" onClick={() => remove(number.agentId!, number.phoneId!)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
