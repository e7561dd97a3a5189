import { useState } from 'react';
import type { Region } from '@platform/contracts';
import { Alert, Anchor, Button, Group, Loader, Select, Stack, Table, Text } from '../mantine';
import { notify } from '../notices/notify';
import { useTwilioNumberActions, useTwilioNumbers } from './twilio-numbers';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Voice > Phone Numbers: the agent's Twilio numbers, assigning one of the workspace's free numbers, and a link to manage them. */
export function PhoneNumbersPanel({ region, workspaceId, agentId }: { region: Region; workspaceId: string; agentId: string }) {
  const numbers = useTwilioNumbers(region, workspaceId);
  const actions = useTwilioNumberActions(region, workspaceId);
  const [chosen, setChosen] = useState<string | null>(null);
  if (numbers.isLoading) return <Loader size="sm" />;
  if (numbers.error) return <Alert color="red">{message(numbers.error)}</Alert>;
  const all = numbers.data?.numbers ?? [];
  const mine = all.filter((number) => number.agentId === agentId);
  const free = all.filter((number) => number.agentId === null);
  const assign = async (numberId: string, to: string | null) => {
    try {
      notify.success((await actions.assign.mutateAsync({ numberId, agentId: to })).message);
      setChosen(null);
    } catch (err) {
      notify.error(message(err));
    }
  };
  return (
    <Stack gap="sm" data-testid="agent-phone-numbers">
      {mine.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="agent-phone-numbers-empty">
          No phone number is connected to this agent yet.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {mine.map((number) => (
              <Table.Tr key={number.id} data-testid={`agent-phone-number-${number.phoneNumber}`}>
                <Table.Td fw={600}>{number.phoneNumber}</Table.Td>
                <Table.Td>{number.friendlyName}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" color="gray" onClick={() => assign(number.id, null)}>
                    Unassign
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {free.length > 0 && (
        <Group align="end">
          <Select
            label="Assign a number"
            placeholder="Choose one of your numbers"
            data={free.map((number) => ({ value: number.id, label: number.phoneNumber }))}
            value={chosen}
            onChange={setChosen}
            data-testid="agent-phone-number-select"
          />
          <Button disabled={!chosen} loading={actions.assign.isPending} onClick={() => chosen && assign(chosen, agentId)}>
            Assign
          </Button>
        </Group>
      )}
      <Text size="sm">
        <Anchor href={`/app/${region}/twilio-numbers`}>Manage phone numbers</Anchor>: buy a number, or import one from your Twilio account.
      </Text>
    </Stack>
  );
}
