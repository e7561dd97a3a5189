import { useState } from 'react';
import { TWILIO_SEARCH_COUNTRIES, type AvailableTwilioNumber, type TwilioNumber, type TwilioSearchCountry } from '@platform/contracts';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Group,
  Loader,
  Modal,
  PageHeader,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  notify,
  searchTwilioNumbers,
  useTwilioNumberActions,
  useTwilioNumbers,
} from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
type Actions = ReturnType<typeof useTwilioNumberActions>;

/** Buy Number: search a country (and area code), then buy one of the numbers Twilio offers. */
function BuyNumberModal({ workspaceId, actions, onClose }: { workspaceId: string; actions: Actions; onClose: () => void }) {
  const { region } = useWorkspace();
  const [country, setCountry] = useState<TwilioSearchCountry>('US');
  const [areaCode, setAreaCode] = useState('');
  const [found, setFound] = useState<AvailableTwilioNumber[]>();
  const [error, setError] = useState<string>();
  const [searching, setSearching] = useState(false);
  const search = async () => {
    setSearching(true);
    setError(undefined);
    try {
      setFound(await searchTwilioNumbers(region, workspaceId, { country, areaCode: areaCode.trim() }));
    } catch (err) {
      setError(message(err));
    } finally {
      setSearching(false);
    }
  };
  const buy = async (phoneNumber: string) => {
    setError(undefined);
    try {
      notify.success((await actions.buy.mutateAsync(phoneNumber)).message);
      onClose();
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Buy a number" size="lg">
      <Stack data-testid="buy-number-modal">
        <Group align="end">
          <Select label="Country" data={TWILIO_SEARCH_COUNTRIES.map((c) => ({ value: c.code, label: c.label }))} value={country} onChange={(value) => value && setCountry(value as TwilioSearchCountry)} allowDeselect={false} />
          <TextInput label="Area code" placeholder="415" value={areaCode} onChange={(e) => setAreaCode(e.currentTarget.value)} w={120} />
          <Button onClick={search} loading={searching}>
            Search
          </Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {found && found.length === 0 && <Text c="dimmed">No numbers found. Try another area code.</Text>}
        {found && found.length > 0 && (
          <Table data-testid="available-numbers">
            <Table.Tbody>
              {found.map((number) => (
                <Table.Tr key={number.phoneNumber}>
                  <Table.Td fw={600}>{number.phoneNumber}</Table.Td>
                  <Table.Td>{[number.locality, number.region].filter(Boolean).join(', ')}</Table.Td>
                  <Table.Td>
                    <Button size="xs" onClick={() => buy(number.phoneNumber)} loading={actions.buy.isPending && actions.buy.variables === number.phoneNumber} aria-label={`Buy ${number.phoneNumber}`}>
                      Buy
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}

/** Import Number: a number of the workspace's own Twilio account (the token is checked with Twilio and never shown again). */
function ImportNumberModal({ actions, onClose }: { actions: Actions; onClose: () => void }) {
  const [accountSid, setAccountSid] = useState('');
  const [authToken, setAuthToken] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [error, setError] = useState<string>();
  const submit = async () => {
    setError(undefined);
    try {
      notify.success((await actions.import.mutateAsync({ accountSid: accountSid.trim(), authToken: authToken.trim(), phoneNumber: phoneNumber.trim() })).message);
      onClose();
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Import a number from your Twilio account">
      <Stack data-testid="import-number-modal">
        <TextInput label="Account SID" placeholder="AC…" value={accountSid} onChange={(e) => setAccountSid(e.currentTarget.value)} required />
        <PasswordInput label="Auth Token" value={authToken} onChange={(e) => setAuthToken(e.currentTarget.value)} required />
        <TextInput label="Phone number" placeholder="+14155550100" value={phoneNumber} onChange={(e) => setPhoneNumber(e.currentTarget.value)} required />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={actions.import.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /app/{region}/twilio-numbers: the workspace's phone numbers, their agents, buying, importing and releasing (ADR 0033). */
export function TwilioNumbersPage() {
  const { region, workspace } = useWorkspace();
  const workspaceId = workspace?.uid ?? '';
  const numbers = useTwilioNumbers(region, workspace?.uid);
  const actions = useTwilioNumberActions(region, workspaceId);
  const [modal, setModal] = useState<'buy' | 'import'>();
  const [releasing, setReleasing] = useState<TwilioNumber>();
  const data = numbers.data;
  const assign = async (number: TwilioNumber, agentId: string | null) => {
    try {
      notify.success((await actions.assign.mutateAsync({ numberId: number.id, agentId })).message);
    } catch (err) {
      notify.error(message(err));
    }
  };
  const release = async (number: TwilioNumber) => {
    try {
      notify.success((await actions.release.mutateAsync(number.id)).message);
      setReleasing(undefined);
    } catch (err) {
      notify.error(message(err));
    }
  };
  const slotsFull = data ? data.slots.used >= data.slots.total : true;
  return (
    <div data-testid="twilio-numbers-page">
      <PageHeader title="Twilio Numbers" description="Phone numbers people call to talk to your voice agents" />
      <Stack gap="md" maw={1000}>
        <Group justify="space-between">
          <Text data-testid="twilio-slots">{data ? `${data.slots.used} of ${data.slots.total} phone number slots used` : ' '}</Text>
          <Group>
            <Button variant="default" onClick={() => setModal('import')}>
              Import Number
            </Button>
            <Button onClick={() => setModal('buy')} disabled={!data}>
              Buy Number
            </Button>
          </Group>
        </Group>
        {data && slotsFull && (
          <Alert color="blue" variant="light" data-testid="twilio-slots-full">
            {data.slots.total === 0 ? 'Your plan includes no phone number slots: add the Twilio phone number add-on in Billing to buy numbers.' : 'Every phone number slot is in use: release a number or add a slot in Billing to buy another.'}{' '}
            Importing a number from your own Twilio account needs no slot.
          </Alert>
        )}
        {numbers.error && <Alert color="red">{message(numbers.error)}</Alert>}
        {numbers.isLoading && <Loader size="sm" />}
        {data && data.numbers.length === 0 && <Text c="dimmed">No phone numbers yet: buy one, or import one from your Twilio account.</Text>}
        {data && data.numbers.length > 0 && (
          <Table striped data-testid="twilio-numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.numbers.map((number) => (
                <Table.Tr key={number.id} data-testid={`twilio-number-${number.phoneNumber}`}>
                  <Table.Td>
                    <Text fw={600}>{number.phoneNumber}</Text>
                    <Text size="xs" c="dimmed">
                      {number.friendlyName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Agent of ${number.phoneNumber}`}
                      placeholder="Not assigned"
                      data={data.agents.map((agent) => ({ value: agent.ID, label: agent.title || agent.ID }))}
                      value={number.agentId}
                      onChange={(agentId) => assign(number, agentId)}
                      clearable
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={number.source === 'bought' ? 'blue' : 'grape'}>
                      {number.source === 'bought' ? 'Bought' : 'Imported'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" color="red" variant="light" onClick={() => setReleasing(number)}>
                      Release
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {modal === 'buy' && <BuyNumberModal workspaceId={workspaceId} actions={actions} onClose={() => setModal(undefined)} />}
      {modal === 'import' && <ImportNumberModal actions={actions} onClose={() => setModal(undefined)} />}
      {releasing && (
        <ConfirmDialog
          title={`Release ${releasing.phoneNumber}?`}
          confirmLabel="Release"
          loading={actions.release.isPending}
          testId="release-number-modal"
          onConfirm={() => release(releasing)}
          onClose={() => setReleasing(undefined)}
        >
          <Text size="sm">
            {releasing.source === 'bought'
              ? 'The number goes back to Twilio and its slot is freed. Callers will no longer reach your agent on it, and you may not get the same number again.'
              : 'The number stays on your own Twilio account; the platform stops answering it.'}
          </Text>
        </ConfirmDialog>
      )}
    </div>
  );
}
