import { useEffect, useState } from 'react';
import { AGENCY_API, DOMAIN_DNS, type EmailDnsRecord } from '@platform/contracts';
import { ApiError, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, callApi, notify } from '@platform/ui';
import type { AgencyForm } from '../agency-form';

const records = (json?: string): EmailDnsRecord[] => {
  try {
    return JSON.parse(json ?? '[]') as EmailDnsRecord[];
  } catch {
    return [];
  }
};

/** Spec 2.2 Email and 4.2: the sending domain with its DNS records, business address, support email; SMTP coming soon. */
export function EmailTab({ form, region, uid }: { form: AgencyForm; region: 'eu' | 'na'; uid: string }) {
  const stored = form.stored;
  const id = stored?.resendEmailDomainId;
  const status = stored?.resendEmailDomainStatus ?? 'not_started';
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fail = (error: unknown) => notify.error(error instanceof ApiError ? error.message : String(error));

  // While neither verified nor not_started, the status is polled every 5 s (a failed check is only logged).
  useEffect(() => {
    if (!id || status === 'verified' || status === 'not_started') return;
    const timer = setInterval(async () => {
      try {
        const answer = await callApi(AGENCY_API.getEmailDomain, { region, params: { id }, query: { userId: uid } });
        if (answer.data?.status === 'verified') await form.refresh();
      } catch (error) {
        console.warn('e-mail domain status check failed', error);
      }
    }, DOMAIN_DNS.pollIntervalMs);
    return () => clearInterval(timer);
  }, [id, status, region, uid]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      await form.refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    run(async () => {
      const name = domain.trim().toLowerCase();
      await callApi(AGENCY_API.addEmailDomain, { region, params: { domain: name }, body: { domain: name, userId: uid, agencyId: stored!.ID } });
      setDomain('');
    });

  return (
    <Stack gap="md">
      <Card withBorder data-testid="email-domain">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>Custom email domain</Text>
            {stored?.resendEmailDomain ? <Badge data-testid="email-domain-status" color={status === 'verified' ? 'teal' : status === 'pending' ? 'yellow' : 'gray'}>{status}</Badge> : null}
          </Group>
          {!stored ? <Text size="sm" c="dimmed">Save the agency settings once before adding an email domain.</Text> : null}
          {stored && !stored.resendEmailDomain ? (
            <form onSubmit={(e) => { e.preventDefault(); void add(); }}>
              <Group align="flex-start">
                <TextInput style={{ flex: 1 }} placeholder="youragency.com" description="Use your root domain, not a subdomain." value={domain} onChange={(e) => setDomain(e.currentTarget.value)} data-testid="email-domain-input" />
                <Button type="submit" loading={busy} disabled={!domain.trim()}>Add</Button>
              </Group>
            </form>
          ) : null}
          {stored?.resendEmailDomain ? (
            <>
              <Text ff="monospace">{stored.resendEmailDomain}</Text>
              <Table withTableBorder data-testid="email-dns-records">
                <Table.Thead><Table.Tr><Table.Th>Type</Table.Th><Table.Th>Name</Table.Th><Table.Th>Value</Table.Th><Table.Th>Priority</Table.Th><Table.Th>TTL</Table.Th><Table.Th>Status</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {records(stored.resendEmailDomainRecords_JSON_STRING).map((r) => (
                    <Table.Tr key={`${r.type}${r.name}${r.value}`}>
                      <Table.Td>{r.type}</Table.Td><Table.Td>{r.name}</Table.Td><Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>{r.value}</Table.Td>
                      <Table.Td>{r.type === 'MX' ? (r.priority ?? DOMAIN_DNS.mxPriority) : ''}</Table.Td><Table.Td>{r.ttl ?? DOMAIN_DNS.ttl}</Table.Td><Table.Td>{r.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group>
                {status === 'not_started' ? (
                  <Button loading={busy} onClick={() => void run(() => callApi(AGENCY_API.verifyEmailDomain, { region, params: { id: id! }, query: { userId: uid }, body: {} }))}>Verify DNS Records</Button>
                ) : null}
                <Button variant="light" color="red" onClick={() => setConfirming(true)}>Delete Domain</Button>
              </Group>
            </>
          ) : null}
        </Stack>
      </Card>
      <TextInput label="Business address" value={form.local.address ?? ''} onChange={(e) => form.update({ address: e.currentTarget.value })} data-testid="agency-address" />
      <TextInput label="Support email" value={form.local.supportEmail ?? ''} onChange={(e) => form.update({ supportEmail: e.currentTarget.value })} data-testid="agency-email-support" />
      <Group>
        <Text fw={500}>SMTP</Text>
        <Badge variant="light">Coming soon</Badge>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete Domain">
        <Text size="sm" mb="md">Delete {stored?.resendEmailDomain}? Its DNS records stop being used.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="red" onClick={() => { setConfirming(false); void run(() => callApi(AGENCY_API.deleteEmailDomain, { region, params: { id: id! }, query: { userId: uid } })); }}>Delete Domain</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
