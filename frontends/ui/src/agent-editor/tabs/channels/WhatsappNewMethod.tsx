import { useEffect, useState } from 'react';
import {
  MESSAGES,
  META_GUIDES,
  WHATSAPP_API,
  whatsappTestMessageRequestSchema,
  type DiscoveredWhatsappNumber,
  type Region,
} from '@platform/contracts';
import { Alert, Badge, Button, Group, PasswordInput, Select, Stack, Text, TextInput, Textarea } from '../../../mantine';
import { callApi } from '../../../api/client';
import { notify } from '../../../notices/notify';
import { track } from '../../logic/analytics';
import { embeddedSignupOutcome } from '../../logic/embedded-signup';
import { DocsBanner } from './DocsBanner';
import type { AgentChannels } from './use-agent-channels';

const messages = MESSAGES.channels;
const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : messages.networkError);

/**
 * WhatsApp's New Method: Meta's embedded signup gives a user token and the WhatsApp Business
 * account (its WA_EMBEDDED_SIGNUP message fills the account id); the token is exchanged for a
 * long-lived one, the account's numbers are listed PENDING or CONNECTED, and a number is
 * connected to the agent. Then the test message. The helpers name the agent, so an agency client
 * with the Channels page goes through the same sign-in (ADR 0040).
 */
export function WhatsappNewMethod({ region, agentId, channels, reload }: { region: Region; agentId: string; channels?: AgentChannels; reload: () => Promise<void> }) {
  const [token, setToken] = useState('');
  const [wabaId, setWabaId] = useState('');
  const [longToken, setLongToken] = useState<string>();
  const [numbers, setNumbers] = useState<DiscoveredWhatsappNumber[]>();
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState<string>();

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const outcome = embeddedSignupOutcome(event.origin, event.data);
      if (!outcome) return;
      if (outcome.event === 'FINISH') setWabaId(outcome.wabaId ?? '');
      else if (outcome.event === 'ERROR') notify.error(outcome.detail ?? messages.connectionFailed);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  const findNumbers = async () => {
    setBusy('find');
    setFailed(undefined);
    try {
      const exchanged = await callApi(WHATSAPP_API.exchangeMetaToken, { region, body: { token: token.trim(), agentId } });
      setLongToken(exchanged.longer_access_token);
      const details = await callApi(WHATSAPP_API.getDetailsOfWhatsappNumber, { region, body: { wabaId: wabaId.trim(), longAccessToken: exchanged.longer_access_token, agentId } });
      setNumbers(details.data);
    } catch (error) {
      notify.error(reason(error));
    } finally {
      setBusy(undefined);
    }
  };

  const connect = async (number: DiscoveredWhatsappNumber) => {
    if (!longToken) return;
    setBusy(number.id);
    setFailed(undefined);
    try {
      const phoneNumber = number.display_phone_number ?? number.id;
      const answer = await callApi(WHATSAPP_API.connectWhatsappNumber, { region, body: { agentId, longAccessToken: longToken, wabaId: wabaId.trim(), phoneId: number.id, phoneNumber } });
      notify.success(answer.message);
      track('whatsapp_channel_added', { agentId });
      setNumbers((current) => current?.map((n) => (n.id === number.id ? { ...n, status: 'CONNECTED' } : n)));
      await reload();
    } catch (error) {
      setFailed(reason(error));
      notify.error(reason(error));
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async (phoneId: string) => {
    try {
      notify.success((await callApi(WHATSAPP_API.removeWhatsappNumber, { region, body: { agentId, phoneId } })).message);
      await reload();
    } catch {
      notify.error(messages.numberRemoveFailed);
    }
  };

  return (
    <Stack gap="sm" data-testid="whatsapp-new-method">
      <DocsBanner guide={META_GUIDES.whatsapp}>Sign up with Meta to get your WhatsApp Business account; its account ID and your access token come from the signup.</DocsBanner>
      <Group grow align="flex-end">
        <PasswordInput label="Meta access token" value={token} onChange={(e) => setToken(e.currentTarget.value)} data-testid="whatsapp-token" />
        <TextInput label="WhatsApp Business account ID" value={wabaId} onChange={(e) => setWabaId(e.currentTarget.value)} data-testid="whatsapp-waba" />
        <Button onClick={findNumbers} loading={busy === 'find'} disabled={!token.trim() || !wabaId.trim()} data-testid="whatsapp-find">
          Find numbers
        </Button>
      </Group>
      {failed && (
        <Alert color="red" title="Connection Failed" data-testid="whatsapp-connect-failed">
          {failed}
        </Alert>
      )}
      {numbers?.map((number) => (
        <Group key={number.id} justify="space-between" data-testid={`whatsapp-number-${number.id}`}>
          <Text size="sm">
            {number.display_phone_number} · {number.verified_name}
          </Text>
          <Group gap="xs">
            <Badge color={number.status === 'CONNECTED' ? 'teal' : 'gray'} variant="light">
              {number.status}
            </Badge>
            {number.status !== 'CONNECTED' && (
              <Button size="xs" onClick={() => connect(number)} loading={busy === number.id} data-testid="whatsapp-connect">
                Connect
              </Button>
            )}
          </Group>
        </Group>
      ))}
      {channels?.waNumbers.map((number) => (
        <Group key={number.phoneId} justify="space-between" data-testid={`whatsapp-connected-${number.phoneId}`}>
          <Badge color="teal" variant="light">
            {number.phoneNumber}
          </Badge>
          <Button size="xs" color="red" variant="light" onClick={() => remove(number.phoneId!)}>
            Remove
          </Button>
        </Group>
      ))}
      {Boolean(channels?.waNumbers.length) && <TestMessage region={region} agentId={agentId} numbers={channels!.waNumbers} />}
    </Stack>
  );
}

/** The test message: the recipient must have written to the number in the last 24 hours. */
function TestMessage({ region, agentId, numbers }: { region: Region; agentId: string; numbers: AgentChannels['waNumbers'] }) {
  const [phone, setPhone] = useState('');
  const [phoneNumberId, setPhoneNumberId] = useState<string | null>(numbers[0]?.phoneId ?? null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const request = { phone, phoneNumberId: phoneNumberId ?? '', message };
    const { error: invalid, value } = whatsappTestMessageRequestSchema.validate(request);
    if (invalid) return setError(invalid.message);
    setError(undefined);
    setSending(true);
    try {
      notify.success((await callApi(WHATSAPP_API.sendWhatsappTestMessage, { region, body: { agentId, ...value } })).message);
    } catch (err) {
      notify.error(reason(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="whatsapp-test-message">
      <Text fw={600} size="sm">
        Send a test message
      </Text>
      <Text size="xs" c="dimmed">
        WhatsApp only lets a business write to someone who wrote to it in the last 24 hours: send a message to the number first.
      </Text>
      <Group grow>
        <Select label="From" data={numbers.map((n) => ({ value: n.phoneId!, label: n.phoneNumber! }))} value={phoneNumberId} onChange={setPhoneNumberId} />
        <TextInput label="To (with country code)" placeholder="+15551234567" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} data-testid="whatsapp-test-phone" />
      </Group>
      <Textarea label="Message" value={message} onChange={(e) => setMessage(e.currentTarget.value)} data-testid="whatsapp-test-text" />
      {error && (
        <Text size="sm" c="red" data-testid="whatsapp-test-error">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={send} loading={sending} data-testid="whatsapp-test-send">
          Send
        </Button>
      </Group>
    </Stack>
  );
}
